import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createMemoryFs, type VaultSeed } from '@vault/core';
import { textOf } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { connectTestClient } from './__fixtures__/test-client.js';

const maxOutput = 4096;
/** 3,000 characters of path, half of them quotes (two characters each in JSON). */
const deep = `${'"'.repeat(100)}${'d'.repeat(100)}/`.repeat(15);

/** Every tool's answer over one vault: long paths that link, lines and names of quotes and control characters. */
function hostileSeed(): VaultSeed {
  const seed: VaultSeed = {
    'target.md': '# T\n',
    'gone.md': 'gone\n',
    'wide.md': `${`${'"'.repeat(1990)}\n`.repeat(20)}middle\n${`${'"'.repeat(1990)}\n`.repeat(20)}`,
    'one.md': `${'\u0001'.repeat(20_000)}\n`,
  };
  for (let index = 0; index < 60; index += 1) {
    seed[`${deep}note-${index}.md`] = `[t](${'../'.repeat(15)}target.md#t) [g](${'../'.repeat(15)}gone.md)\n`;
    seed[`tree/${'\u0002'.repeat(100)}-${index}/`] = '';
    seed[`files/${'"'.repeat(100)}-${index}.md`] = `${'\u0003'.repeat(600)} needle\n`.repeat(3);
  }
  return seed;
}

describe('tools/call: the structured content within --max-output, as the text is, and valid against the output schema', () => {
  it("for each tool, through the SDK's client (which checks each against tools/list's output schema)", async () => {
    const { client, call } = await connectTestClient(createMemoryFs(hostileSeed()), { maxOutput });
    // Listed first: the client then validates every structured content against its tool's output schema.
    await client.listTools();
    const calls: [string, Record<string, unknown>][] = [
      ['TextRead', { filePath: 'wide.md' }],
      ['TextRead', { filePath: 'one.md', limit: 1 }],
      ['TextEdit', { filePath: 'wide.md', oldString: 'middle', newString: 'edited' }],
      ['TextCreate', { filePath: `${deep}new.md`, content: 'new\n' }],
      ['TextSearch', { query: 'needle', contextLines: 2, maxResults: 1000 }],
      ['TextSearch', { query: 'needle', outputMode: 'files_only', maxResults: 1000 }],
      ['TextSearch', { filePattern: '*.md', maxResults: 1000 }],
      ['ListDirectories', {}],
      ['ListFiles', { directoryPath: 'files', maxResults: 1000 }],
      ['Links', { filePath: 'target.md', maxResults: 1000 }],
      ['RenameHeading', { filePath: 'target.md', heading: 'T', newHeading: 'U' }],
      ['Move', { sourcePath: 'target.md', destinationPath: 'moved/target.md' }],
      ['RemoveFile', { filePath: 'gone.md' }],
    ];
    const answered: Record<string, unknown>[] = [];
    for (const [name, args] of calls) {
      const result: CallToolResult = await call(name, args);
      expect(result.isError, `${name}: ${textOf(result).slice(0, 200)}`).toBeFalsy();
      expect(textOf(result).length).toBeLessThanOrEqual(maxOutput);
      expect(JSON.stringify(result.structuredContent).length, name).toBeLessThanOrEqual(maxOutput);
      answered.push(result.structuredContent!);
    }
    // Each of them was over the bound: every one says what it left out (a TextSearch page ends where its JSON is full, and says where the next one starts).
    for (const [at, [name]] of calls.entries()) {
      if (name === 'TextSearch') expect(answered[at], name).toMatchObject({ truncated: true, nextOffset: expect.any(Number) });
      else expect(typeof answered[at]!.cut, name).toBe('string');
    }
    const [move, remove] = answered.slice(-2);
    expect(move).toMatchObject({
      source: 'target.md',
      destination: 'moved/target.md',
      kind: 'file',
      rewrittenTotal: 60,
      cut: expect.stringContaining('/rewritten: '),
    });
    expect(remove).toMatchObject({ path: 'gone.md', linkedFromTotal: 60, cut: expect.stringContaining('/linkedFrom: ') });
  });
});
