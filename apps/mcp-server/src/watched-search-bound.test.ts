import { rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createVault, type Vault } from '@vault/core';
import { createNodeFs } from '@vault/node';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin } from './__fixtures__/serve-bin.js';

// The watched search through the real server with its search memory (postings and texts) too small for
// the vault's texts: the candidates whose text is not kept are read from disk at each search, and every
// answer is exact.

/** How long a file must have gone unchanged before a server keeps it (`racyMargin` in @vault/node), and a little more. */
const settleTime = 2600;

/** 400 notes of about 5 KB: 2 MB of text, twice the server's 1 MiB bound. */
const notes = Array.from({ length: 400 }, (_, index) => `notes/${index % 4}/${String(index).padStart(3, '0')}.md`);
const noteText = (index: number) =>
  `# Note ${index}\n${Array.from({ length: 80 }, (_, line) => `line ${line} of note ${index}: ${(index * 7 + line) % 13 === 0 ? 'kappa' : 'plain'} words here\n`).join('')}`;

let vault: TempFolder;
let client: Client;
let stderr = '';
let fromDisk: Vault;

beforeAll(async () => {
  vault = await createTempFolder(Object.fromEntries(notes.map((note, index) => [note, noteText(index)])));
  fromDisk = createVault(await createNodeFs(vault.path, { searchWorkers: 0 }), { searchTimeout: 300_000 });
  // The server fills its memory once, at start-up, with the files settled by then: it starts once they all are.
  const lastChange = Math.max(...(await Promise.all(notes.map(async (note) => (await stat(path.join(vault.path, note))).ctimeMs))));
  while (Date.now() < lastChange + settleTime) await new Promise((resolve) => setTimeout(resolve, lastChange + settleTime - Date.now()));
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin, '--vault', vault.path, '--search-memory', '1'], stderr: 'pipe' });
  const filled = new Promise<void>((resolve) => {
    transport.stderr!.on('data', (chunk) => {
      stderr += chunk;
      if (stderr.includes('search memory: ')) resolve();
    });
  });
  client = new Client({ name: 'watched-search-bound', version: '1.0.0' });
  await client.connect(transport);
  await filled;
});
afterAll(async () => {
  await client.close();
  await vault.remove();
});

/** TextSearch through the server, and expects what a search from disk finds now, whole; gives the totals. */
async function searchBoth(input: Record<string, unknown>): Promise<{ totalFiles: number; totalMatches: number }> {
  const expected = await fromDisk.call('TextSearch', input as { query: string });
  const found = (await client.callTool({ name: 'TextSearch', arguments: input })).structuredContent;
  expect(found).toEqual(fromDisk.structure('TextSearch', expected));
  return expected;
}

describe('vault-mcp: a watched search with its search memory reached', () => {
  it('keeps the postings of every file and part of the texts, within the bound, and answers exactly from memory and disk together', async () => {
    const [, files, mib, texts] = /search memory: (\d+) files, (\d+) MiB, read in \d+ ms \(postings \d+ MiB, texts of (\d+) files/.exec(stderr)!;
    // Every file's postings fit; the texts only in part: the other candidates are read from disk.
    expect(Number(files)).toBe(notes.length);
    expect(Number(texts)).toBeGreaterThan(0);
    expect(Number(texts)).toBeLessThan(notes.length);
    expect(Number(mib)).toBeLessThanOrEqual(1);
    expect((await searchBoth({ query: 'kappa', outputMode: 'files_only', maxResults: 1000 })).totalFiles).toBeGreaterThan(100);
    await searchBoth({ query: 'Kappa words', contextLines: 1 });
    await searchBoth({ query: 'note 1\\d\\d: kappa', regex: true, outputMode: 'files_only', maxResults: 1000 });
  });

  it('stays exact after rewrites, renames, removals and a file turned binary, as files are forgotten and read in', async () => {
    for (let index = 0; index < 400; index += 3) await writeFile(path.join(vault.path, notes[index]!), `${noteText(index)}lambda, added\n`);
    await rename(path.join(vault.path, notes[1]!), path.join(vault.path, 'notes/renamed.md'));
    await rm(path.join(vault.path, notes[5]!));
    await writeFile(path.join(vault.path, notes[7]!), Buffer.from([0x6b, 0x61, 0x70, 0x70, 0x61, 0xff, 0x00]));
    for (let round = 0; round < 3; round += 1) {
      expect((await searchBoth({ query: 'lambda', outputMode: 'files_only', maxResults: 1000 })).totalFiles).toBe(134);
      await searchBoth({ query: 'kappa', outputMode: 'files_only', maxResults: 1000 });
      await searchBoth({ query: 'kappa words', contextLines: 2, maxResults: 30 });
    }
  });
});
