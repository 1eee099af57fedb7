import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createVault } from '@vault/core';
import { createTempFolder, readFolder, type TempFolder } from '@vault/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeFs, type NodeVaultFs } from '../disk/create-node-fs.js';
import { searchWorker, untilWatched, warmUntilKept } from '../__fixtures__/warm-search-fixture.js';

// Move's and RemoveFile's link lookup on the watched index: the notes kept by the workers, changed
// behind the server's back, are read as they are now.

const seed: Record<string, string> = {
  'guide/overview.md': '# Overview\n',
  'a.md': 'see [the overview](guide/overview.md)\n',
  'b.md': 'plain text, no links at all here.\n',
};
for (let index = 0; index < 200; index += 1) seed[`prose/${index}.md`] = `An overview of topic ${index}, and [[other]].\n`;

let folder: TempFolder;
let fs: NodeVaultFs;
beforeEach(async () => {
  folder = await createTempFolder(seed);
  fs = await createNodeFs(folder.path, { searchWorker, searchMemory: 64 * 1024 * 1024, searchSettleTime: 0, watch: true });
  await untilWatched(fs);
  await warmUntilKept(fs, Object.keys(seed).length);
  // A lookup after the sync point, so the kept texts are taken as current from now on.
  await createVault(fs).call('RemoveFile', { filePath: 'prose/199.md' });
});
afterEach(async () => {
  await fs.close();
  await folder.remove();
});

describe('the link lookup on a watched index', () => {
  it('Move rewrites the links of notes changed behind its back, and only those that link now', async () => {
    await writeFile(path.join(folder.path, 'a.md'), 'no link left, see [[elsewhere]] instead\n');
    await writeFile(path.join(folder.path, 'b.md'), 'now [[guide/overview]] links, same size\n');
    await writeFile(path.join(folder.path, 'prose/new.md'), 'a new note: [o](guide/overview.md)\n');
    const output = await createVault(fs).call('Move', { sourcePath: 'guide/overview.md', destinationPath: 'manual/overview.md' });
    expect(output.links?.rewritten.map((change) => `${change.before} -> ${change.after}`)).toEqual([
      '[[guide/overview]] -> [[overview]]',
      '[o](guide/overview.md) -> [o](overview.md)',
    ]);
    const files = await readFolder(folder.path);
    expect(files['a.md']).toBe('no link left, see [[elsewhere]] instead\n');
    expect(files['b.md']).toBe('now [[overview]] links, same size\n');
    expect(files['prose/new.md']).toBe('a new note: [o](overview.md)\n');
  });

  it('RemoveFile names the notes that link to it now', async () => {
    await writeFile(path.join(folder.path, 'prose/3.md'), 'An overview that links: [[guide/overview]].\n');
    await writeFile(path.join(folder.path, 'a.md'), 'no link any more\n');
    const output = await createVault(fs).call('RemoveFile', { filePath: 'guide/overview.md' });
    expect(output).toMatchObject({ linkedFrom: ['prose/3.md'], linkedFromTotal: 1 });
  });
});
