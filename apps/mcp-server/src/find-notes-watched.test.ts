import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createVault } from '@vault/core';
import { createNodeFs } from '@vault/node';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdioBin } from './__fixtures__/stdio-bin.js';

// FindNotes through the real server (the built bin over stdio, its watch on, its word index kept
// between calls), after each kind of change made behind its back, compared with FindNotes on a
// backend opened afresh for the comparison (no watch, nothing kept: every note read now). One server
// for the file: each change builds on the vault the last one left.

/** Notes in two folders, more than the index takes before it merges them into its postings (128). */
const notes = Array.from({ length: 300 }, (_, index) => `notes/${index % 2}/${String(index).padStart(3, '0')}.md`);
const noteText = (index: number, word: string) => `# Note ${index}\n\n## Part\n${index % 3 === 0 ? word : 'plain'} text about note ${index}\n`;
const git = (folder: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: folder, stdio: 'ignore' });

let vault: TempFolder;
let client: Client;
let stderr: () => string = () => '';

beforeAll(async () => {
  vault = await createTempFolder(Object.fromEntries(notes.map((note, index) => [note, noteText(index, 'alpha')])));
  git(vault.path, 'init', '-q', '-b', 'main');
  git(vault.path, 'add', '.');
  git(vault.path, 'commit', '-q', '-m', 'alpha');
  git(vault.path, 'checkout', '-q', '-b', 'other');
  for (const [index, note] of notes.entries()) writeFileSync(path.join(vault.path, note), noteText(index, 'omega'));
  git(vault.path, 'commit', '-q', '-am', 'omega');
  git(vault.path, 'checkout', '-q', 'main');
  const server = await connectStdioBin(['--vault', vault.path, '--search-timeout', '600000'], 'find-notes-watched', 'FindNotes: ');
  client = server.client;
  stderr = server.stderr;
  await server.logged;
});
afterAll(async () => {
  await client.close();
  await vault.remove();
});

/** FindNotes through the server, expected equal to FindNotes on a backend opened now; gives the paths found. */
async function findBoth(query: string): Promise<string[]> {
  const input = { query, maxResults: 100 };
  const fresh = createVault(await createNodeFs(vault.path, { searchWorkers: 0 }), { searchTimeout: 600_000 });
  const expected = fresh.structure('FindNotes', await fresh.call('FindNotes', input));
  const found = (await client.callTool({ name: 'FindNotes', arguments: input })).structuredContent as {
    notes: { path: string }[];
    unreadNotes: number;
    searchedNotes: number;
  };
  expect(found).toEqual(expected);
  expect(found.unreadNotes).toBe(0);
  expect(found.searchedNotes).toBeGreaterThan(290);
  return found.notes.map((note) => note.path);
}

describe('vault-mcp: FindNotes is exact after every kind of change behind its back', () => {
  it('ranks from its index, warmed after start-up', async () => {
    expect(stderr()).toMatch(/FindNotes: 300 notes analysed/);
    expect(await findBoth('alpha')).toHaveLength(100);
  });

  it('a checkout replacing every note (git)', async () => {
    git(vault.path, 'checkout', '-q', 'other');
    expect(await findBoth('alpha')).toEqual([]);
    expect(await findBoth('omega')).toHaveLength(100);
  });

  it('a rewrite with the same size and times', async () => {
    const file = path.join(vault.path, notes[3]!);
    await utimes(file, 1_700_000_000, 1_700_000_000);
    await findBoth('omega');
    await writeFile(file, readFileSync(file, 'utf8').replace('omega', 'sigma'));
    await utimes(file, 1_700_000_000, 1_700_000_000);
    expect(await findBoth('sigma')).toEqual([notes[3]]);
    expect(await findBoth('omega')).toHaveLength(99);
  });

  it('a burst of 500 writes', async () => {
    for (let change = 0; change < 500; change += 1)
      await writeFile(path.join(vault.path, notes[change % 300]!), `# Burst\nchange ${change} burst${change % 7}\n`);
    // Each note holds its last change: the 200 first ones change k + 300, the others change k.
    const lastChange = (index: number) => (index < 200 ? index + 300 : index);
    expect(await findBoth('burst3')).toHaveLength(notes.filter((_, index) => lastChange(index) % 7 === 3).length);
    expect(await findBoth('301')).toEqual([notes[1]]);
  });

  it('a note renamed, one removed, a folder renamed', async () => {
    await rename(path.join(vault.path, notes[10]!), path.join(vault.path, 'notes/renamed zebra.md'));
    await rm(path.join(vault.path, notes[20]!));
    await rename(path.join(vault.path, 'notes/1'), path.join(vault.path, 'odd'));
    expect(await findBoth('zebra')).toEqual(['notes/renamed zebra.md']);
    expect(await findBoth('301')).toEqual(['odd/001.md']);
    expect(await findBoth('320')).toEqual([]);
    expect(await findBoth('burst')).toHaveLength(100);
  });
});
