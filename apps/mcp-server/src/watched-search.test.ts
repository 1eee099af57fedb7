import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createVault, type Vault } from '@vault/core';
import { createNodeFs } from '@vault/node';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdioBin } from './__fixtures__/stdio-bin.js';

// The watched search through the real server (the built bin over stdio), after each kind of change made
// behind its back, compared with a search that reads every file from disk now. One server for the file:
// each change builds on the vault the last one left.

/** Notes in two folders, enough that the server's workers search them (from 100 on). */
const notes = Array.from({ length: 300 }, (_, index) => `notes/${index % 2}/${String(index).padStart(3, '0')}.md`);
const noteText = (index: number, word: string) => `# Note ${index}\n${index % 3 === 0 ? word : 'plain'} text\n`;
const git = (folder: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: folder, stdio: 'ignore' });

/** Larger than every note until a test grows one past it. */
const maxFileSize = 100;

let vault: TempFolder;
let client: Client;
let stderr: () => string = () => '';
let fromDisk: Vault;

beforeAll(async () => {
  vault = await createTempFolder(Object.fromEntries(notes.map((note, index) => [note, noteText(index, 'alpha')])));
  git(vault.path, 'init', '-q', '-b', 'main');
  git(vault.path, 'add', '.');
  git(vault.path, 'commit', '-q', '-m', 'alpha');
  git(vault.path, 'checkout', '-q', '-b', 'other');
  for (const [index, note] of notes.entries()) writeFileSync(path.join(vault.path, note), noteText(index, 'omega'));
  git(vault.path, 'commit', '-q', '-am', 'omega');
  git(vault.path, 'checkout', '-q', 'main');
  fromDisk = createVault(await createNodeFs(vault.path, { searchWorkers: 0 }), { searchTimeout: 300_000, maxFileSize });
  const server = await connectStdioBin(['--vault', vault.path, '--max-file-size', String(maxFileSize)], 'watched-search', 'search memory: ');
  client = server.client;
  stderr = server.stderr;
  await server.logged;
});
afterAll(async () => {
  await client.close();
  await vault.remove();
});

/** TextSearch through the server, and expects what a search from disk finds now; gives the paths found. */
async function searchBoth(query: string, extra: Record<string, unknown> = {}): Promise<string[]> {
  const input = { query, outputMode: 'files_only' as const, maxResults: 1000, ...extra };
  const expected = await fromDisk.call('TextSearch', input);
  const found = (await client.callTool({ name: 'TextSearch', arguments: input })).structuredContent as { files: { path: string }[] };
  expect(found).toMatchObject({
    totalFiles: expected.totalFiles,
    totalMatches: expected.totalMatches,
    files: expected.files,
    totalSkipped: expected.totalSkipped,
  });
  return found.files.map((file) => file.path);
}

describe('vault-mcp: a watched search is exact after every kind of change behind its back', () => {
  it('answers from what it keeps, and says nothing of a fallback', async () => {
    expect(await searchBoth('alpha')).toHaveLength(100);
    expect(stderr()).not.toMatch(/not watched|checks every file/);
  });

  it('a checkout replacing every note (git)', async () => {
    git(vault.path, 'checkout', '-q', 'other');
    expect(await searchBoth('alpha')).toEqual([]);
    expect(await searchBoth('omega')).toHaveLength(100);
  });

  it('a rewrite with the same size and times', async () => {
    const file = path.join(vault.path, notes[3]!);
    await utimes(file, 1_700_000_000, 1_700_000_000);
    await searchBoth('omega');
    await writeFile(file, readFileSync(file, 'utf8').replace('omega', 'sigma'));
    await utimes(file, 1_700_000_000, 1_700_000_000);
    expect(await searchBoth('sigma')).toEqual([notes[3]]);
  });

  it('a burst of 500 writes (3,000 in the node backend tests)', async () => {
    for (let change = 0; change < 500; change += 1) await writeFile(path.join(vault.path, notes[change % 300]!), `change ${change}\n`);
    expect(await searchBoth('change [2-4]\\d\\d$', { regex: true })).toHaveLength(300);
  });

  it('a folder renamed, and one replaced', async () => {
    await rename(path.join(vault.path, 'notes/0'), path.join(vault.path, 'zero'));
    await rename(path.join(vault.path, 'notes/1'), path.join(vault.path, 'one'));
    await mkdir(path.join(vault.path, 'notes/1'));
    await writeFile(path.join(vault.path, 'notes/1/001.md'), 'change 499, replaced\n');
    expect(await searchBoth('change [2-4]\\d\\d', { regex: true })).toHaveLength(301);
    expect(await searchBoth('replaced')).toEqual(['notes/1/001.md']);
  });

  it('a change made during a search is seen by the next', async () => {
    const during = searchBoth('change');
    await writeFile(path.join(vault.path, 'zero/000.md'), 'tau, written while a search ran\n');
    await during.catch(() => undefined);
    expect(await searchBoth('tau')).toEqual(['zero/000.md']);
  });

  it('a file grown past the size limit, or turned binary', async () => {
    await writeFile(path.join(vault.path, 'zero/002.md'), Buffer.from([0x74, 0x61, 0x75, 0xff, 0x00]));
    await rm(path.join(vault.path, 'zero/004.md'));
    await writeFile(path.join(vault.path, 'zero/004.md'), `tau ${'x'.repeat(200)}\n`);
    expect(await searchBoth('tau')).toEqual(['zero/000.md']);
    expect((await fromDisk.call('TextSearch', { query: 'tau' })).skipped).toEqual([
      { path: 'zero/002.md', reason: 'NOT_TEXT' },
      { path: 'zero/004.md', reason: 'FILE_TOO_LARGE' },
    ]);
  });
});
