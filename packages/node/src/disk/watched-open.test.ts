import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, symlinkSync } from 'node:fs';
import { mkdir, realpath, symlink } from 'node:fs/promises';
import path from 'node:path';
import { createVault } from '@vault/core';
import { createTempFolder, readFolder, type TempFolder } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createDiskReads } from './create-disk-reads.js';
import { createNodeFs, type NodeVaultFs } from './create-node-fs.js';
import { createPinnedPaths } from './create-pinned-paths.js';
import { untilWatched } from '../__fixtures__/warm-search-fixture.js';

/**
 * A file in a folder the watch watches is opened at its path with no realpath first (`openWatched`):
 * the descriptor's own path, read back from /proc, is the proof. These tests make each attack the
 * realpath stood against while the fast way is taken, and find it refused as before.
 */
let parent: TempFolder;
let fs: NodeVaultFs | undefined;
afterEach(async () => {
  await fs?.close();
  fs = undefined;
  await parent.remove();
});

const seed = {
  'vault/d/a.md': 'inside a\n',
  'vault/f.md': 'inside f\n',
  'vault/inner/b.md': 'inside b\n',
  'vault/folder.md/c.md': 'a folder named like a note\n',
  'outside/a.md': 'inside a\nSECRET\n',
  'outside/f.md': 'SECRET\n',
};

/** A watched backend on `parent/vault`, its watch ready. */
async function watchedVault(): Promise<NodeVaultFs> {
  const watched = await createNodeFs(path.join(parent.path, 'vault'), { searchWorkers: 0, watch: true, onWatchNotice: () => {} });
  await untilWatched(watched);
  return watched;
}

const text = async (read: Promise<Uint8Array>) => new TextDecoder().decode(await read);

describe('a read in a watched folder, with no realpath first', () => {
  it('reads a note byte for byte, and refuses every escape with the code the checked way gives', async () => {
    parent = await createTempFolder(seed);
    const root = path.join(parent.path, 'vault');
    await symlink(path.join(parent.path, 'outside/f.md'), path.join(root, 'link-file.md'));
    await symlink('../outside', path.join(root, 'link-dir'));
    await symlink('hop-2', path.join(root, 'hop-1'));
    await symlink('../outside', path.join(root, 'hop-2'));
    await symlink('inner', path.join(root, 'inner-again'));
    await symlink('inner/b.md', path.join(root, 'inner-link.md'));
    execFileSync('mkfifo', [path.join(root, 'd/pipe.md')]);
    fs = await watchedVault();
    const outsideBefore = await readFolder(path.join(parent.path, 'outside'));
    expect(await text(fs.readFile('d/a.md'))).toBe('inside a\n');
    expect(await text(fs.readFile('f.md'))).toBe('inside f\n');
    // Links that stay inside are followed, as the checked way does.
    expect(await text(fs.readFile('inner-again/b.md'))).toBe('inside b\n');
    expect(await text(fs.readFile('inner-link.md'))).toBe('inside b\n');
    await expect(fs.readFile('link-file.md')).rejects.toMatchObject({ code: 'PATH_OUTSIDE_VAULT' });
    await expect(fs.readFile('link-dir/a.md')).rejects.toMatchObject({ code: 'PATH_OUTSIDE_VAULT' });
    await expect(fs.readFile('hop-1/a.md')).rejects.toMatchObject({ code: 'PATH_OUTSIDE_VAULT' });
    await expect(fs.readFile('d/../../outside/a.md')).rejects.toMatchObject({ code: 'PATH_OUTSIDE_VAULT' });
    // A FIFO is never waited on, a folder is not a file, a missing file is not found.
    await expect(fs.readFile('d/pipe.md')).rejects.toMatchObject({ code: 'NOT_A_FILE' });
    await expect(fs.readFile('folder.md')).rejects.toMatchObject({ code: 'NOT_A_FILE' });
    await expect(fs.readFile('d/missing.md')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await readFolder(path.join(parent.path, 'outside'))).toEqual(outsideBefore);
  });

  it('refuses a folder swapped for a symlink out of the vault before the watch has heard of it', async () => {
    parent = await createTempFolder(seed);
    const root = path.join(parent.path, 'vault');
    fs = await watchedVault();
    const vault = createVault(fs);
    expect((await vault.call('TextRead', { filePath: 'd/a.md' })).lines[0]?.text).toBe('inside a');
    // In one turn of the event loop, so the watch still watches `d` when the read starts: the race.
    renameSync(path.join(root, 'd'), path.join(root, 'd-aside'));
    symlinkSync('../outside', path.join(root, 'd'));
    const read = fs.readFile('d/a.md');
    await expect(read).rejects.toMatchObject({ code: 'PATH_OUTSIDE_VAULT' });
    // Once the watch has heard, still refused; the folder put back, read again.
    expect(await fs.sync?.()).toBe(true);
    await expect(vault.call('TextRead', { filePath: 'd/a.md' })).rejects.toMatchObject({ code: 'PATH_OUTSIDE_VAULT' });
    renameSync(path.join(root, 'd'), path.join(root, 'd-link'));
    renameSync(path.join(root, 'd-aside'), path.join(root, 'd'));
    expect(await fs.sync?.()).toBe(true);
    expect((await vault.call('TextRead', { filePath: 'd/a.md' })).lines[0]?.text).toBe('inside a');
  });

  it('refuses a note swapped for a symlink out of the vault before the watch has heard of it', async () => {
    parent = await createTempFolder(seed);
    const root = path.join(parent.path, 'vault');
    fs = await watchedVault();
    renameSync(path.join(root, 'f.md'), path.join(root, 'f-aside.md'));
    symlinkSync(path.join(parent.path, 'outside/f.md'), path.join(root, 'f.md'));
    await expect(fs.readFile('f.md')).rejects.toMatchObject({ code: 'PATH_OUTSIDE_VAULT' });
  });

  it('stays safe when the watch is wrong about every folder: the descriptor path alone refuses what leads out', async () => {
    parent = await createTempFolder(seed);
    const root = await realpath(path.join(parent.path, 'vault'));
    await symlink('../outside', path.join(root, 'link-dir'));
    await mkdir(path.join(root, 'deep/er'), { recursive: true });
    symlinkSync('../../../outside', path.join(root, 'deep/er/out'));
    mkdirSync(path.join(root, 'deep/er/real'));
    // A watch that says yes to any folder, links included: the worst a lagging watch could say.
    const reads = createDiskReads(root, createPinnedPaths(root, { watchedFolder: () => true }), 4096);
    await expect(reads.readFile('link-dir/a.md')).rejects.toMatchObject({ code: 'PATH_OUTSIDE_VAULT' });
    await expect(reads.readFile('deep/er/out/f.md')).rejects.toMatchObject({ code: 'PATH_OUTSIDE_VAULT' });
    await expect(reads.readFile('deep/er/real/none.md')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(new TextDecoder().decode(await reads.readFile('d/a.md'))).toBe('inside a\n');
  });
});
