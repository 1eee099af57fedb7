/**
 * Notes reached through a symlink: one note with one place. Its links are planned from where the file
 * really is, it is written once, and named as it is; a Move of a symlink moves the link, not the note's links.
 * Part of the attack suite of @vault/core (this folder): input nobody here wrote, sent as an attacker
 * would who has read the source; each test checks the answer and what the vault holds after.
 */
import { describe, expect, it } from 'vitest';
import type { VaultSeed } from '../vault/memory-fs.js';
import { openLinked } from './__fixtures__/create-symlink-fs.js';

describe('a symlinked note is planned where it really is', () => {
  const seed: VaultSeed = { 'x/real.md': '[l](./t.md) and [[t]]\n', 'x/t.md': 'x t\n', 't.md': 'root t\n' };

  it('Move of the root t.md leaves x/real.md alone: through alias.md its ./t.md still means x/t.md', async () => {
    const { fs, vault } = openLinked(seed, { 'alias.md': 'x/real.md' });
    const output = await vault.call('Move', { sourcePath: 't.md', destinationPath: 'moved/t.md' });
    // Only [[t]] led to the root t.md (a name resolves from the vault root first).
    expect(fs.toJSON()).toEqual({ 'x/real.md': '[l](./t.md) and [[moved/t]]\n', 'x/t.md': 'x t\n', 'moved/t.md': 'root t\n' });
    expect(output.links?.rewritten.map((change) => change.file)).not.toContain('alias.md');
  });

  it('Move of x/t.md rewrites x/real.md once, from x/, and names it x/real.md (not the symlink)', async () => {
    const { fs, vault } = openLinked(seed, { 'alias.md': 'x/real.md', 'b/alias2.md': 'x/real.md' });
    const output = await vault.call('Move', { sourcePath: 'x/t.md', destinationPath: 'y/t.md' });
    expect(fs.toJSON()['x/real.md']).toBe('[l](../y/t.md) and [[t]]\n');
    expect(output.links?.notesChanged).toBe(1);
    expect(new Set(output.links?.rewritten.map((change) => change.file))).toEqual(new Set(['x/real.md']));
    expect(fs.symlinks()).toEqual({ 'alias.md': 'x/real.md', 'b/alias2.md': 'x/real.md' });
  });

  it('a Move of the symlink itself moves the link, and leaves the relative links of the note it leads to as they are', async () => {
    const { fs, vault } = openLinked(seed, { 'alias.md': 'x/real.md' });
    await vault.call('Move', { sourcePath: 'alias.md', destinationPath: 'deep/er/alias.md' });
    expect(fs.toJSON()['x/real.md']).toBe(seed['x/real.md']);
    expect(fs.symlinks()).toEqual({ 'deep/er/alias.md': 'x/real.md' });
  });

  it('links to the symlink are still rewritten when the symlink moves', async () => {
    const { fs, vault } = openLinked({ ...seed, 'hub.md': 'see [[alias]] and [a](alias.md)\n' }, { 'alias.md': 'x/real.md' });
    await vault.call('Move', { sourcePath: 'alias.md', destinationPath: 'deep/renamed.md' });
    expect(fs.toJSON()['hub.md']).toBe('see [[renamed]] and [a](renamed.md)\n');
  });

  it('a dry run plans the note once, by its real path', async () => {
    const { vault } = openLinked(seed, { 'alias.md': 'x/real.md', 'z/alias.md': 'x/real.md' });
    const output = await vault.call('Move', { sourcePath: 'x/t.md', destinationPath: 'y/t.md', dryRun: true });
    expect(output.links?.rewritten.map((change) => `${change.file}: ${change.before} -> ${change.after}`)).toEqual([
      'x/real.md: [l](./t.md) -> [l](../y/t.md)',
    ]);
  });

  it('a note reached only through a symlinked folder is planned and written at its real path', async () => {
    const { fs, vault } = openLinked({ 'real/n.md': '[[t]] [l](../t.md)\n', 't.md': 't\n' }, { view: 'real' });
    const output = await vault.call('Move', { sourcePath: 't.md', destinationPath: 'a/t2.md' });
    expect(fs.toJSON()['real/n.md']).toBe('[[t2]] [l](../a/t2.md)\n');
    expect(output.links?.rewritten.every((change) => change.file === 'real/n.md')).toBe(true);
  });
});

describe('RemoveFile names a symlinked linking note as it is', () => {
  const seed: VaultSeed = { 'x/real.md': '[l](./t.md)\n', 'x/t.md': 'x t\n', 't.md': 'root t\n' };

  it('the root t.md has no linking note: through alias.md, ./t.md means x/t.md', async () => {
    const { vault } = openLinked(seed, { 'alias.md': 'x/real.md' });
    const output = await vault.call('RemoveFile', { filePath: 't.md' });
    expect(output.linkedFrom).toEqual([]);
  });

  it('x/t.md is linked from x/real.md, named once, by its real path', async () => {
    const { vault } = openLinked(seed, { 'alias.md': 'x/real.md', 'b/alias.md': 'x/real.md' });
    const output = await vault.call('RemoveFile', { filePath: 'x/t.md' });
    expect(output.linkedFrom).toEqual(['x/real.md']);
  });
});
