import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { VaultSeed } from '@vault/core';
import { createTempFolder, type TempFolder, textOf } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin } from './__fixtures__/serve-bin.js';

const maxOutput = 8192;
/** 3,000 characters of folders on disk (segments of 200), half of them quotes: two characters each in JSON. */
const deep = `${'"'.repeat(100)}${'d'.repeat(100)}/`.repeat(15);

/**
 * The answer bound holds for what a client receives, the structured content as JSON as well as the
 * text (issue 24: a Move answered 64 KB of text and 292 KB of structured content): the built bin
 * over stdio, with the SDK's client, which checks each structured content against tools/list's
 * output schema.
 */
describe('vault-mcp --max-output bounds the structured content too (the built bin over stdio)', () => {
  let vault: TempFolder;
  let client: Client;

  beforeAll(async () => {
    const seed: VaultSeed = { 'target.md': 'target\n', 'gone.md': 'gone\n' };
    for (let index = 0; index < 60; index += 1) seed[`${deep}note-${index}.md`] = `[t](${'../'.repeat(15)}target.md)\n[g](${'../'.repeat(15)}gone.md)\n`;
    vault = await createTempFolder(seed);
    client = new Client({ name: 'structured-first', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [bin, '--vault', vault.path, '--max-output', String(maxOutput)], stderr: 'pipe' }),
    );
    await client.listTools();
  });
  afterAll(async () => {
    await client.close();
    await vault.remove();
  });

  /** A call whose text and structured content are each within the bound. */
  async function call(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError, textOf(result).slice(0, 300)).toBeFalsy();
    expect(textOf(result).length).toBeLessThanOrEqual(maxOutput);
    expect(JSON.stringify(result.structuredContent).length).toBeLessThanOrEqual(maxOutput);
    return result.structuredContent!;
  }

  it('Move rewriting links in 60 notes of long paths: the first changes, the totals, what was left out', async () => {
    const moved = await call('Move', { sourcePath: 'target.md', destinationPath: 'moved/target.md' });
    expect(moved).toMatchObject({ source: 'target.md', destination: 'moved/target.md', kind: 'file', dryRun: false, rewrittenTotal: 60, notesChanged: 60 });
    const rewritten = moved.rewritten as string[];
    expect(rewritten[0]).toBe(`${deep}note-0.md:1: [t](${'../'.repeat(15)}target.md) -> [t](${'../'.repeat(15)}moved/target.md)`);
    expect(moved.cut).toContain(`/rewritten: ${60 - rewritten.length} of 60 items left out`);
  });

  it('RemoveFile of a note 60 notes of long paths link to, and ListFiles and TextSearch of them', async () => {
    const removed = await call('RemoveFile', { filePath: 'gone.md' });
    expect(removed).toMatchObject({ path: 'gone.md', trashPath: '.trash/gone.md', linkedFromTotal: 60, cut: expect.stringContaining('/linkedFrom: ') });
    expect((removed.linkedFrom as string[])[0]).toBe(`${deep}note-0.md`);
    const listed = await call('ListFiles', { directoryPath: deep, maxResults: 1000 });
    expect(listed).toMatchObject({ totalFiles: 60 });
    const found = await call('TextSearch', { query: 'gone.md', maxResults: 1000 });
    expect(found).toMatchObject({ totalMatches: 60, truncated: true });
  });
});
