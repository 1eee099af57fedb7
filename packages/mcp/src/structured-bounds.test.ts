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
    // Each of them was over the bound: every one says what it left out (a TextSearch page ends where its JSON is full, and says where
    // the next one starts; a TextRead line is cut where its JSON is full, and says the column that reads on).
    for (const [at, [name]] of calls.entries()) {
      if (name === 'TextSearch') expect(answered[at], name).toMatchObject({ truncated: true, nextOffset: expect.any(Number) });
      else if (name === 'TextRead') expect((answered[at]!.lines as string[])[0], name).toMatch(/`column: \d+` reads on\]$/);
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

describe('tools/call: a page whose JSON takes more than its text ends where the JSON is full, and nextOffset pages through every result', () => {
  it('TextRead, Links and TextSearch, each result fitting alone, quotes doubling them in JSON', async () => {
    const quoted = '"'.repeat(150);
    const seed: VaultSeed = { 'target.md': `${`${quoted}\n`.repeat(80)}` };
    for (let index = 0; index < 80; index += 1) seed[`${quoted}-${String(index).padStart(2, '0')}.md`] = `[t](target.md) ${quoted}\n`;
    const { client, call } = await connectTestClient(createMemoryFs(seed), { maxOutput });
    await client.listTools();
    const pages = async (name: string, args: Record<string, unknown>, resultsOf: (content: Record<string, unknown>) => unknown[]) => {
      const seen: unknown[] = [];
      const offsets: number[] = [];
      for (let offset: number | undefined = name === 'TextRead' ? 1 : 0; offset !== undefined; ) {
        offsets.push(offset);
        const result: CallToolResult = await call(name, { ...args, offset });
        const content = result.structuredContent!;
        expect(JSON.stringify(content).length, name).toBeLessThanOrEqual(maxOutput);
        expect(content.cut, name).toBeUndefined();
        // The text says where the next page starts as the structured content does.
        if (content.nextOffset !== undefined) expect(textOf(result), name).toContain(`offset: ${content.nextOffset}`);
        seen.push(...resultsOf(content));
        offset = content.nextOffset as number | undefined;
      }
      return { seen, pages: offsets.length };
    };
    const read = await pages('TextRead', { filePath: 'target.md' }, (content) => content.lines as string[]);
    expect(read.seen).toEqual(Array.from({ length: 80 }, (_, index) => `${index + 1}: ${quoted}`));
    const backlinks = await pages('Links', { filePath: 'target.md', maxResults: 1000 }, (content) => content.entries as string[]);
    expect(backlinks.seen).toEqual(Array.from({ length: 80 }, (_, index) => `${quoted}-${String(index).padStart(2, '0')}.md:1: [t](target.md)`));
    const found = await pages('TextSearch', { query: 't](target', outputMode: 'files_only', maxResults: 1000 }, (content) => content.files as unknown[]);
    expect(found.seen).toHaveLength(80);
    // Each took several pages: the JSON's bound was reached, not the text's alone.
    for (const each of [read, backlinks, found]) expect(each.pages).toBeGreaterThan(2);
  });
});

describe('tools/call: one long line of quotes, read with limit 1, fits the JSON bound and says the column that reads on', () => {
  it('TextRead reads on by column through every character, no page cut', async () => {
    const line = `${'"\\'.repeat(10_000)}end`;
    const { client, call } = await connectTestClient(createMemoryFs({ 'q.md': `${line}\nnext\n` }), { maxOutput });
    await client.listTools();
    let read = '';
    for (let column: number | undefined = 1, calls = 0; column !== undefined; calls += 1) {
      expect(calls).toBeLessThan(100);
      const result: CallToolResult = await call('TextRead', { filePath: 'q.md', limit: 1, column });
      const content = result.structuredContent!;
      expect(JSON.stringify(content).length).toBeLessThanOrEqual(maxOutput);
      expect(content.cut).toBeUndefined();
      const [shown] = content.lines as string[];
      const onward = /`column: (\d+)` reads on\]$/.exec(shown!);
      read += shown!.replace(/^1: (\[from character \d+\] …)?/, '').replace(/ … \[line cut: .*$/, '');
      column = onward ? Number(onward[1]) : undefined;
    }
    expect(read.length).toBe(line.length);
    expect(read).toBe(line);
  });
});
