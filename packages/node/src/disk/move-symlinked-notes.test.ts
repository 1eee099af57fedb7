import { readlink, symlink } from 'node:fs/promises';
import path from 'node:path';
import { createVault } from '@vault/core';
import { createTempFolder, readFolder, type TempFolder } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeFs } from './create-node-fs.js';

// A note reached through a symlink is one note with one place, on the real disk: planned from where
// it really is, written there once, named as it is. Each case runs on a small vault (notes read one
// by one) and on one of 300 notes (the linking notes found by the search workers).
describe.each([0, 300])('a link-aware Move and symlinked notes, beside %i other notes', (others) => {
  let folder: TempFolder | undefined;
  afterEach(async () => folder?.remove());

  async function open(seed: Record<string, string>, links: Record<string, string>) {
    const filled = { ...seed };
    for (let index = 0; index < others; index += 1) filled[`prose/${index}.md`] = `about t and real, [[other]]\n`;
    folder = await createTempFolder(filled);
    for (const [at, target] of Object.entries(links)) await symlink(target, path.join(folder.path, at));
    return createVault(await createNodeFs(folder.path));
  }

  it('Move of the root t.md leaves x/real.md, linked as alias.md, as it is: its ./t.md means x/t.md', async () => {
    const vault = await open({ 'x/real.md': '[l](./t.md)\n', 'x/t.md': 'x t\n', 't.md': 'root t\n' }, { 'alias.md': 'x/real.md' });
    const output = await vault.call('Move', { sourcePath: 't.md', destinationPath: 'moved/t.md' });
    expect(output.links?.rewritten).toEqual([]);
    const files = await readFolder(folder!.path);
    expect(files['x/real.md']).toBe('[l](./t.md)\n');
    expect(await readlink(path.join(folder!.path, 'alias.md'))).toBe('x/real.md');
  });

  it('Move of x/t.md rewrites x/real.md once, named by its real path, the symlinks left as they are', async () => {
    const vault = await open({ 'x/real.md': '[l](./t.md)\n', 'x/t.md': 'x t\n' }, { 'alias.md': 'x/real.md', 'x/twin.md': 'real.md' });
    const output = await vault.call('Move', { sourcePath: 'x/t.md', destinationPath: 'y/t.md' });
    expect(output.links?.rewritten.map((change) => `${change.file}: ${change.after}`)).toEqual(['x/real.md: [l](../y/t.md)']);
    expect((await readFolder(folder!.path))['x/real.md']).toBe('[l](../y/t.md)\n');
    expect(await readlink(path.join(folder!.path, 'alias.md'))).toBe('x/real.md');
  });

  it('Move of a folder holding a symlink moves the link and leaves the note it leads to as it is', async () => {
    const vault = await open({ 'x/real.md': '[l](./t.md)\n', 'x/t.md': 'x t\n', 'f/own.md': 'own\n' }, { 'f/alias.md': '../x/real.md' });
    await vault.call('Move', { sourcePath: 'f', destinationPath: 'g' });
    expect((await readFolder(folder!.path))['x/real.md']).toBe('[l](./t.md)\n');
    expect(await readlink(path.join(folder!.path, 'g/alias.md'))).toBe('../x/real.md');
  });

  it('RemoveFile names the note linking through a symlink once, by its real path', async () => {
    const vault = await open({ 'x/real.md': '[l](./t.md)\n', 'x/t.md': 'x t\n', 't.md': 'root t\n' }, { 'alias.md': 'x/real.md' });
    expect((await vault.call('RemoveFile', { filePath: 't.md' })).linkedFrom).toEqual([]);
    expect((await vault.call('RemoveFile', { filePath: 'x/t.md' })).linkedFrom).toEqual(['x/real.md']);
  });
});
