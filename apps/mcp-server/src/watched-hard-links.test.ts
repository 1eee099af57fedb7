import { appendFile, link, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createVault, type Vault } from '@vault/core';
import { createNodeFs } from '@vault/node';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdioBin } from './__fixtures__/stdio-bin.js';

// Hard links through the real server (the built bin over stdio, its watch on, the texts kept in its
// workers and the notes in FindNotes' index): a write through one name sends an event for that name
// alone, so the other names of the file must be checked otherwise (decision 0015). Each answer is
// compared with one from a backend opened now (no watch, nothing kept). One server for the file.

/** How long a file must have gone unchanged before a server keeps it (`racyMargin` in @vault/node), and a little more. */
const settleTime = 2600;

/** Enough notes that the server's workers search them (from 100 on). */
const notes = Array.from({ length: 150 }, (_, index) => `notes/${index % 3}/${String(index).padStart(3, '0')}.md`);
const noteText = (index: number) => `# Note ${index}\n\n## Part\nalpha line of note ${index}\n`;

let vault: TempFolder;
let client: Client;

beforeAll(async () => {
  vault = await createTempFolder(Object.fromEntries(notes.map((note, index) => [note, noteText(index)])));
  // Every note kept by the workers at start-up, so that only the watch tells a kept text from the disk's.
  const lastChange = Math.max(...(await Promise.all(notes.map(async (note) => (await stat(path.join(vault.path, note))).ctimeMs))));
  while (Date.now() < lastChange + settleTime) await new Promise((resolve) => setTimeout(resolve, lastChange + settleTime - Date.now()));
  const server = await connectStdioBin(['--vault', vault.path, '--search-timeout', '600000'], 'watched-hard-links', 'FindNotes: ');
  client = server.client;
  await server.logged;
  await searchBoth('alpha');
  await findBoth('alpha');
});
afterAll(async () => {
  await client.close();
  await vault.remove();
});

const at = (relative: string) => path.join(vault.path, relative);

async function fresh(): Promise<Vault> {
  return createVault(await createNodeFs(vault.path, { searchWorkers: 0 }), { searchTimeout: 600_000 });
}

/** TextSearch through the server, expected equal to a search from disk now; gives the paths found. */
async function searchBoth(query: string): Promise<string[]> {
  const input = { query, outputMode: 'files_only' as const, maxResults: 1000 };
  const fromDisk = await fresh();
  const expected = fromDisk.structure('TextSearch', await fromDisk.call('TextSearch', input));
  const found = (await client.callTool({ name: 'TextSearch', arguments: input })).structuredContent as { files: { path: string }[] };
  expect(found).toEqual(expected);
  return found.files.map((file) => file.path);
}

/** FindNotes through the server, expected equal to FindNotes on a backend opened now; gives the paths found, sorted. */
async function findBoth(query: string): Promise<string[]> {
  const input = { query, maxResults: 100 };
  const fromDisk = await fresh();
  const expected = fromDisk.structure('FindNotes', await fromDisk.call('FindNotes', input));
  const found = (await client.callTool({ name: 'FindNotes', arguments: input })).structuredContent as { notes: { path: string }[] };
  expect(found).toEqual(expected);
  return found.notes.map((note) => note.path).sort();
}

describe('vault-mcp: a file with two names, written through one of them', () => {
  it('two names in the vault: the one not written is searched and ranked as it is now', async () => {
    await link(at(notes[7]!), at('hard.md'));
    expect(await searchBoth('alpha')).toContain('hard.md');
    await appendFile(at('hard.md'), 'zebracorn through the other name\n');
    expect(await searchBoth('zebracorn')).toEqual(['hard.md', notes[7]]);
    expect(await findBoth('zebracorn')).toEqual(['hard.md', notes[7]]);
    await appendFile(at(notes[7]!), 'quokka through the first name\n');
    expect(await searchBoth('quokka')).toEqual(['hard.md', notes[7]]);
    expect(await findBoth('quokka')).toEqual(['hard.md', notes[7]]);
  });

  it('a name moved in with a folder, linked to a note kept before', async () => {
    const outside = `${vault.path}-moved`;
    await mkdir(outside);
    await link(at(notes[8]!), path.join(outside, 'twin.md'));
    await rename(outside, at('moved-in'));
    expect(await searchBoth('alpha')).toContain('moved-in/twin.md');
    await appendFile(at('moved-in/twin.md'), 'axolotl through the twin\n');
    expect(await searchBoth('axolotl')).toEqual(['moved-in/twin.md', notes[8]]);
    expect(await findBoth('axolotl')).toEqual(['moved-in/twin.md', notes[8]]);
  });

  it('a name outside the vault, linked in: written through the outside name (which sends no event)', async () => {
    const outside = `${vault.path}-outside.md`;
    await writeFile(outside, '# Linked in\npangolin\n');
    await link(outside, at('notes/linked-in.md'));
    expect(await searchBoth('pangolin')).toEqual(['notes/linked-in.md']);
    expect(await findBoth('pangolin')).toEqual(['notes/linked-in.md']);
    await appendFile(outside, 'okapi\n');
    expect(await searchBoth('okapi')).toEqual(['notes/linked-in.md']);
    expect(await findBoth('okapi')).toEqual(['notes/linked-in.md']);
    await rm(outside);
  });
});
