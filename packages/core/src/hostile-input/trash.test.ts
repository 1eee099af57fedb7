/**
 * The trash: removals and moves that race for a name lose no file, and the trash opens no hidden place.
 * Part of the attack suite of @vault/core (this folder): input nobody here wrote, sent as an attacker
 * would who has read the source; each test checks the answer and that nothing changed on a refusal.
 */
import { describe, expect, it } from 'vitest';
import type { VaultSeed } from '../vault/memory-fs.js';
import { createVault } from '../vault/vault.js';
import { open } from '../tools/__fixtures__/open.js';
import { refused, fileCount } from './__fixtures__/attack-kit.js';
import { createRacingFs } from './__fixtures__/create-racing-fs.js';

describe('the trash: nothing is ever lost', () => {
  it('RemoveFile d/a.md and d/a~2.md at once, .trash/d/a.md present: two different trash paths, no file lost', async () => {
    const { fs, vault } = open({ '.trash/d/a.md': 'old', 'd/a.md': 'first', 'd/a~2.md': 'second' });
    expect(fileCount(fs)).toBe(3);
    const [first, second] = await Promise.all([vault.call('RemoveFile', { filePath: 'd/a.md' }), vault.call('RemoveFile', { filePath: 'd/a~2.md' })]);
    expect(first.trashPath).not.toBe(second.trashPath);
    expect([first.trashPath, second.trashPath].every((path) => path.startsWith('.trash/d/a~'))).toBe(true);
    const after = fs.toJSON();
    expect(fileCount(fs)).toBe(3);
    expect(after['.trash/d/a.md']).toBe('old');
    expect(after[first.trashPath]).toBe('first');
    expect(after[second.trashPath]).toBe('second');
    expect(after['d/a.md']).toBeUndefined();
    expect(after['d/a~2.md']).toBeUndefined();
  });

  it('five removals at once into a crowded trash: five different names, every file kept', async () => {
    const seed: VaultSeed = { '.trash/d/a.md': 'old', '.trash/d/a~2.md': 'old 2' };
    const names = ['d/a.md', 'd/a~2.md', 'd/a~3.md', 'd/a~4.md', 'd/a~5.md'];
    for (const name of names) seed[name] = `content of ${name}`;
    const { fs, vault } = open(seed);
    const outputs = await Promise.all(names.map((filePath) => vault.call('RemoveFile', { filePath })));
    expect(new Set(outputs.map((output) => output.trashPath)).size).toBe(5);
    const after = fs.toJSON();
    expect(fileCount(fs)).toBe(7);
    for (const output of outputs) expect(after[output.trashPath]).toBe(`content of ${output.path}`);
    expect(after['.trash/d/a.md']).toBe('old');
    expect(after['.trash/d/a~2.md']).toBe('old 2');
  });

  it('a rename that loses the race for a trash name (ALREADY_EXISTS) makes RemoveFile take the next name, not fail', async () => {
    const fs = createRacingFs({ 'd/a.md': 'mine' });
    const vault = createVault(fs);
    expect(await vault.call('RemoveFile', { filePath: 'd/a.md' })).toEqual({
      path: 'd/a.md',
      trashPath: '.trash/d/a~2.md',
      linkedFrom: [],
      linkedFromTotal: 0,
    });
    expect(fs.renames).toEqual(['.trash/d/a.md', '.trash/d/a~2.md']);
    expect(fs.toJSON()).toEqual({ '.trash/d/a.md': 'taken by another removal', '.trash/d/a~2.md': 'mine', 'd/': '' });
  });

  it('a Move that loses the race for its destination answers ALREADY_EXISTS and replaces nothing', async () => {
    const fs = createRacingFs({ 'a.md': 'mine' });
    const vault = createVault(fs);
    await refused(vault.call('Move', { sourcePath: 'a.md', destinationPath: 'b.md' }), 'ALREADY_EXISTS');
    expect(fs.toJSON()).toEqual({ 'a.md': 'mine', 'b.md': 'taken by another removal' });
  });

  it('restoring from the trash onto an existing file is refused, both kept', async () => {
    const { fs, vault } = open({ '.trash/a.md': 'removed', 'a.md': 'new' });
    await refused(vault.call('Move', { sourcePath: '.trash/a.md', destinationPath: 'a.md' }), 'ALREADY_EXISTS');
    expect(fs.toJSON()).toEqual({ '.trash/a.md': 'removed', 'a.md': 'new' });
  });

  it('the trash exemption does not reach other hidden places: .trash/../.obsidian and .trash/.git stay refused', async () => {
    const seed = { '.obsidian/secret.md': 's', '.trash/.git/config.md': 'c' };
    const { fs, vault } = open(seed);
    await refused(vault.call('Move', { sourcePath: '.trash/../.obsidian/secret.md', destinationPath: 'stolen.md' }), 'HIDDEN_PATH');
    await refused(vault.call('Move', { sourcePath: '.trash/.git/config.md', destinationPath: 'stolen.md' }), 'HIDDEN_PATH');
    await refused(vault.call('Move', { sourcePath: '.trash', destinationPath: 'stolen' }), 'HIDDEN_PATH');
    await refused(vault.call('RemoveFile', { filePath: '.trash/.git/config.md' }), 'HIDDEN_PATH');
    expect(fs.toJSON()).toEqual(seed);
  });
});
