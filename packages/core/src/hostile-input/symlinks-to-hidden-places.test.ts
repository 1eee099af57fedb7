/**
 * Links to places that do not exist yet, or hidden ones: judged by where they lead, on a backend with symlinks.
 * Part of the attack suite of @vault/core (this folder): input nobody here wrote, sent as an attacker
 * would who has read the source; each test checks the answer and that nothing changed on a refusal.
 */
import { describe, expect, it } from 'vitest';
import type { VaultSeed } from '../vault/memory-fs.js';
import type { VaultOptions } from '../vault/vault.js';
import { refused } from './__fixtures__/attack-kit.js';
import { openLinked } from './__fixtures__/create-symlink-fs.js';

describe('links to things that do not exist yet are judged by where they lead', () => {
  const seed: VaultSeed = { 'notes/readme.md': 'read me\n', 'move-me.md': 'moving\n', 'docs/guide.md': 'guide\n' };
  const links = { 'notes/settings': '.obsidian', 'env.md': '.env', 'script.md': 'run.sh', 'ghost.md': 'missing.md' };

  const openWith = (options: VaultOptions = {}, extraSeed: VaultSeed = {}, extraLinks: Record<string, string> = {}) =>
    openLinked({ ...seed, ...extraSeed }, { ...links, ...extraLinks }, options);

  it('TextCreate through a folder link to a hidden folder that does not exist: HIDDEN_PATH, nothing created', async () => {
    const { fs, vault } = openWith();
    await refused(vault.call('TextCreate', { filePath: 'notes/settings/planted.md', content: 'planted\n' }), 'HIDDEN_PATH');
    expect(fs.toJSON()).toEqual(seed);
    expect(fs.symlinks()).toEqual(links);
  });

  it('TextCreate through a folder link to a hidden folder that exists: HIDDEN_PATH, the folder untouched', async () => {
    const { fs, vault } = openWith({}, { '.obsidian/app.json': '{}' });
    await refused(vault.call('TextCreate', { filePath: 'notes/settings/planted.md', content: 'planted\n' }), 'HIDDEN_PATH');
    expect(fs.toJSON()).toEqual({ ...seed, '.obsidian/app.json': '{}' });
  });

  it('TextCreate of missing folders below a dangling hidden link: refused before any folder is made', async () => {
    const { fs, vault } = openWith();
    await refused(vault.call('TextCreate', { filePath: 'notes/settings/plugins/evil/planted.md', content: 'x' }), 'HIDDEN_PATH');
    expect(fs.toJSON()).toEqual(seed);
  });

  it('TextCreate of a dangling file link to .env: refused, no .env created (also with overwrite)', async () => {
    const { fs, vault } = openWith();
    await refused(vault.call('TextCreate', { filePath: 'env.md', content: 'SECRET=1\n' }), 'HIDDEN_PATH');
    await refused(vault.call('TextCreate', { filePath: 'env.md', content: 'SECRET=1\n', overwrite: true }), 'HIDDEN_PATH');
    expect(fs.toJSON()).toEqual(seed);
  });

  it('TextCreate of a dangling file link to run.sh: EXTENSION_NOT_ALLOWED, no run.sh created', async () => {
    const { fs, vault } = openWith();
    await refused(vault.call('TextCreate', { filePath: 'script.md', content: '#!/bin/sh\nrm -rf ~\n' }), 'EXTENSION_NOT_ALLOWED');
    expect(fs.toJSON()).toEqual(seed);
  });

  it('Move of a file into a linked hidden folder: HIDDEN_PATH, the file stays', async () => {
    const { fs, vault } = openWith();
    await refused(vault.call('Move', { sourcePath: 'move-me.md', destinationPath: 'notes/settings/move-me.md' }), 'HIDDEN_PATH');
    expect(fs.toJSON()).toEqual(seed);
  });

  it('Move of a folder into a linked hidden folder: HIDDEN_PATH, the folder stays', async () => {
    const { fs, vault } = openWith();
    await refused(vault.call('Move', { sourcePath: 'docs', destinationPath: 'notes/settings/docs' }), 'HIDDEN_PATH');
    expect(fs.toJSON()).toEqual(seed);
  });

  it('Move onto a dangling link to .env: refused, the file and the link stay', async () => {
    const { fs, vault } = openWith();
    await refused(vault.call('Move', { sourcePath: 'move-me.md', destinationPath: 'env.md' }), 'HIDDEN_PATH');
    expect(fs.toJSON()).toEqual(seed);
    expect(fs.symlinks()).toEqual(links);
  });

  it('allowHidden lets the hidden target through, but never another extension', async () => {
    const { fs, vault } = openWith({ allowHidden: true });
    expect(await vault.call('TextCreate', { filePath: 'notes/settings/planted.md', content: 'ok\n' })).toMatchObject({ action: 'created' });
    await refused(vault.call('TextCreate', { filePath: 'script.md', content: 'x' }), 'EXTENSION_NOT_ALLOWED');
    await refused(vault.call('TextCreate', { filePath: 'env.md', content: 'x' }), 'EXTENSION_NOT_ALLOWED');
    expect(await vault.call('Move', { sourcePath: 'move-me.md', destinationPath: 'notes/settings/move-me.md' })).toMatchObject({ kind: 'file' });
    expect(fs.toJSON()).toEqual({
      '.obsidian/move-me.md': 'moving\n',
      '.obsidian/planted.md': 'ok\n',
      'docs/guide.md': 'guide\n',
      'notes/readme.md': 'read me\n',
    });
  });

  it('an existing link to a hidden file is neither read nor edited', async () => {
    const { fs, vault } = openWith({}, { '.obsidian/secret.md': 'token=abc\n' }, { 'notes/leak.md': '.obsidian/secret.md' });
    await refused(vault.call('TextRead', { filePath: 'notes/leak.md' }), 'HIDDEN_PATH');
    await refused(vault.call('TextEdit', { filePath: 'notes/leak.md', oldString: 'abc', newString: 'xyz' }), 'HIDDEN_PATH');
    await refused(vault.call('TextCreate', { filePath: 'notes/leak.md', content: 'x', overwrite: true }), 'HIDDEN_PATH');
    expect(fs.toJSON()['.obsidian/secret.md']).toBe('token=abc\n');
  });

  it('listings and search never show what a link to a hidden place holds', async () => {
    const { vault } = openWith({}, { '.obsidian/secret.md': 'token=abc\n' }, { 'notes/leak.md': '.obsidian/secret.md' });
    const search = await vault.call('TextSearch', { query: 'token' });
    expect(search).toMatchObject({ totalMatches: 0, totalFiles: 0, files: [] });
    expect((await vault.call('ListFiles', { directoryPath: 'notes' })).files.map((file) => file.name)).toEqual(['readme.md']);
    expect((await vault.call('ListDirectories', {})).directories).toEqual(['docs', 'notes']);
    await refused(vault.call('ListFiles', { directoryPath: 'notes/settings' }), 'HIDDEN_PATH');
    await refused(vault.call('TextSearch', { query: 'token', directoryPath: 'notes/settings' }), 'HIDDEN_PATH');
  });

  it('TextSearch with a filePath through a dangling link: NOT_FOUND, nothing searched', async () => {
    const { vault } = openWith();
    await refused(vault.call('TextSearch', { query: 'x', filePath: 'ghost.md' }), 'NOT_FOUND');
    await refused(vault.call('TextSearch', { query: 'x', filePath: 'env.md' }), 'NOT_FOUND');
    await refused(vault.call('TextRead', { filePath: 'ghost.md' }), 'NOT_FOUND');
  });

  it('RemoveFile with a planted link in the trash path: refused, the file stays where it is', async () => {
    const { fs, vault } = openWith({}, {}, { '.trash': 'notes' });
    const error = await refused(vault.call('RemoveFile', { filePath: 'docs/guide.md' }), 'IO_ERROR');
    expect(error.message).toContain('symlink');
    expect(fs.toJSON()).toEqual(seed);
  });

  it('Move of a folder into itself through a link is INVALID_ARGUMENT, as it is without the link', async () => {
    const { fs, vault } = openWith({}, {}, { alias: 'docs' });
    await refused(vault.call('Move', { sourcePath: 'docs', destinationPath: 'docs/inner' }), 'INVALID_ARGUMENT');
    await refused(vault.call('Move', { sourcePath: 'docs', destinationPath: 'alias/inner' }), 'INVALID_ARGUMENT');
    // Refused before the destination's parent folders are made: no stray docs/sub/ left behind.
    await refused(vault.call('Move', { sourcePath: 'docs', destinationPath: 'alias/sub/inner' }), 'INVALID_ARGUMENT');
    expect(fs.toJSON()).toEqual(seed);
  });
});
