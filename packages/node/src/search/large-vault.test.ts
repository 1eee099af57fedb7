import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createVault, maxListedDirectories, type Vault } from '@vault/core';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFs } from '../disk/create-node-fs.js';
import { searchWorker } from '../__fixtures__/built-search-worker.js';

// 1,100 folders of files (100,000 files when VAULT_LONG_TESTS is set, as .ci/run does; else 11,000),
// and a chain of 150 nested folders with one file at the bottom.
const folders = 1100;
const filesPerFolder = process.env.VAULT_LONG_TESTS ? 91 : 10;
const depth = 150;
const totalFiles = folders * filesPerFolder + 1;

let folder: TempFolder;
let vault: Vault;
beforeAll(async () => {
  folder = await createTempFolder();
  for (let start = 0; start < folders; start += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, folders - start) }, async (_, offset) => {
        const name = path.join(folder.path, `f${String(start + offset).padStart(4, '0')}`);
        await mkdir(name);
        for (let file = 0; file < filesPerFolder; file += 1) await writeFile(path.join(name, `n${file}.md`), `# Note ${file}\n\na needle in the haystack\n`);
      }),
    );
  }
  const chain = Array.from({ length: depth }, (_, level) => `d${level}`).join('/');
  await mkdir(path.join(folder.path, 'deep', chain), { recursive: true });
  await writeFile(path.join(folder.path, 'deep', chain, 'bottom.md'), 'the needle at the bottom\n');
  // A generous search budget (the default is 10 s): what is tested is what the tools give, not how fast.
  vault = createVault(await createNodeFs(folder.path, { searchWorker: searchWorker }), { searchTimeout: 600_000 });
}, 600_000);
afterAll(async () => folder.remove());

// Each call walks all the files: a long safety net, not a speed check.
describe(`a vault of ${totalFiles} files and a ${depth}-level tree`, { timeout: 600_000 }, () => {
  it('lists at most the bounded number of folders, saying it was cut, and follows maxDepth down a deep chain', async () => {
    const all = await vault.call('ListDirectories', {});
    expect(all.directories).toHaveLength(maxListedDirectories);
    expect(all.truncated).toBe(true);
    const chain = await vault.call('ListDirectories', { directoryPath: 'deep', maxDepth: 3 });
    expect(chain.directories).toEqual(['deep/d0', 'deep/d0/d1', 'deep/d0/d1/d2']);
    expect(chain.truncated).toBe(true);
  });

  it('searches every file, shows maxResults, and counts them all', async () => {
    const content = await vault.call('TextSearch', { query: 'needle' });
    expect(content.files.flatMap((file) => file.lines ?? []).filter((line) => line.match)).toHaveLength(50);
    expect(content).toMatchObject({ totalMatches: totalFiles, totalFiles, truncated: true });
    const files = await vault.call('TextSearch', { query: 'needle', outputMode: 'files_only', maxResults: 10 });
    expect(files.files).toHaveLength(10);
    expect(files).toMatchObject({ totalFiles, truncated: true });
  });

  it('finds the file at the bottom of the chain by name', async () => {
    const found = await vault.call('TextSearch', { query: 'needle', filePattern: 'bottom.md' });
    expect(found.files.map((file) => file.path)).toEqual([`deep/${Array.from({ length: depth }, (_, level) => `d${level}`).join('/')}/bottom.md`]);
  });
});
