import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { createVault, type ErrorCode, type Vault } from '@vault/core';
import { createTempFolder, readFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFs } from './create-node-fs.js';

/**
 * A parent folder holding the vault and, beside it, places the vault must never reach:
 * `outside/` and `vault-evil/` (a sibling whose name starts with the vault's name).
 */
let parent: TempFolder;
let vault: Vault;
let outsideBefore: Awaited<ReturnType<typeof readFolder>>;
const outsideFolders = ['outside', 'vault-evil'];

async function outsideNow() {
  return Object.fromEntries(await Promise.all(outsideFolders.map(async (name) => [name, await readFolder(path.join(parent.path, name))])));
}

beforeAll(async () => {
  parent = await createTempFolder({
    'vault/notes/a.md': 'inside\n',
    'vault/.git/config.md': 'hidden\n',
    'vault/script.sh': 'echo\n',
    'outside/secret.md': 'secret\n',
    'vault-evil/secret.md': 'evil secret\n',
  });
  const root = path.join(parent.path, 'vault');
  await symlink(path.join(parent.path, 'outside/secret.md'), path.join(root, 'link-file.md'));
  await symlink('../outside', path.join(root, 'link-dir'));
  await symlink('../outside/not-yet.md', path.join(root, 'dangling.md'));
  await symlink('../../outside', path.join(root, 'notes/deeper-link'));
  vault = createVault(await createNodeFs(root));
  outsideBefore = await outsideNow();
});

afterAll(async () => parent.remove());

const attempts: [string, string, Record<string, unknown>, ErrorCode][] = [
  ['read ../ escape', 'TextRead', { filePath: '../outside/secret.md' }, 'PATH_OUTSIDE_VAULT'],
  ['read nested ../ escape', 'TextRead', { filePath: 'notes/../../outside/secret.md' }, 'PATH_OUTSIDE_VAULT'],
  ['read backslash escape', 'TextRead', { filePath: '..\\outside\\secret.md' }, 'PATH_OUTSIDE_VAULT'],
  ['read absolute path outside', 'TextRead', { filePath: '@/outside/secret.md' }, 'PATH_OUTSIDE_VAULT'],
  ['read sibling sharing the name prefix', 'TextRead', { filePath: '@/vault-evil/secret.md' }, 'PATH_OUTSIDE_VAULT'],
  ['read relative sibling', 'TextRead', { filePath: '../vault-evil/secret.md' }, 'PATH_OUTSIDE_VAULT'],
  ['read symlinked file', 'TextRead', { filePath: 'link-file.md' }, 'PATH_OUTSIDE_VAULT'],
  ['edit symlinked file', 'TextEdit', { filePath: 'link-file.md', oldString: 'secret', newString: 'owned' }, 'PATH_OUTSIDE_VAULT'],
  ['overwrite symlinked file', 'TextCreate', { filePath: 'link-file.md', content: 'owned', overwrite: true }, 'PATH_OUTSIDE_VAULT'],
  ['read through symlinked folder', 'TextRead', { filePath: 'link-dir/secret.md' }, 'PATH_OUTSIDE_VAULT'],
  ['edit through symlinked folder', 'TextEdit', { filePath: 'link-dir/secret.md', oldString: 'secret', newString: 'owned' }, 'PATH_OUTSIDE_VAULT'],
  ['create through symlinked folder', 'TextCreate', { filePath: 'link-dir/new.md', content: 'owned' }, 'PATH_OUTSIDE_VAULT'],
  ['create below a nested symlinked folder', 'TextCreate', { filePath: 'notes/deeper-link/sub/new.md', content: 'owned' }, 'PATH_OUTSIDE_VAULT'],
  ['create through a dangling symlink', 'TextCreate', { filePath: 'dangling.md', content: 'owned' }, 'PATH_OUTSIDE_VAULT'],
  ['overwrite through a dangling symlink', 'TextCreate', { filePath: 'dangling.md', content: 'owned', overwrite: true }, 'PATH_OUTSIDE_VAULT'],
  ['list a symlinked folder', 'ListFiles', { directoryPath: 'link-dir' }, 'PATH_OUTSIDE_VAULT'],
  ['search in a symlinked folder', 'TextSearch', { query: 'secret', directoryPath: 'link-dir' }, 'PATH_OUTSIDE_VAULT'],
  ['move a file out of the vault', 'Move', { sourcePath: 'notes/a.md', destinationPath: '../outside/a.md' }, 'PATH_OUTSIDE_VAULT'],
  ['move a file into a symlinked folder', 'Move', { sourcePath: 'notes/a.md', destinationPath: 'link-dir/a.md' }, 'PATH_OUTSIDE_VAULT'],
  ['move a file in from outside', 'Move', { sourcePath: '../outside/secret.md', destinationPath: 'stolen.md' }, 'PATH_OUTSIDE_VAULT'],
  ['remove through a symlinked folder', 'RemoveFile', { filePath: 'link-dir/secret.md' }, 'PATH_OUTSIDE_VAULT'],
  ['read with a NUL byte', 'TextRead', { filePath: 'notes/a.md\0.sh' }, 'INVALID_ARGUMENT'],
  ['read a disallowed extension', 'TextRead', { filePath: 'script.sh' }, 'EXTENSION_NOT_ALLOWED'],
  ['read a hidden path', 'TextRead', { filePath: '.git/config.md' }, 'HIDDEN_PATH'],
  ['create in a hidden folder', 'TextCreate', { filePath: '.git/hooks.md', content: 'x' }, 'HIDDEN_PATH'],
];

describe('vault containment on the real disk', () => {
  it.each(attempts)('refuses: %s', async (_label, tool, input, code) => {
    const resolved = Object.fromEntries(
      Object.entries(input).map(([key, value]) => [key, typeof value === 'string' ? value.replace(/^@/, parent.path) : value]),
    );
    await expect(vault.call(tool as 'TextRead', resolved as never)).rejects.toMatchObject({ code });
    expect(await outsideNow()).toEqual(outsideBefore);
  });

  it('keeps links that lead outside out of listings and search', async () => {
    const files = await vault.call('ListFiles', { directoryPath: '' });
    expect(files.files.map((file) => file.path)).toEqual([]);
    expect((await vault.call('ListDirectories', {})).directories).toEqual(['notes']);
    expect((await vault.call('TextSearch', { query: 'secret' })).totalMatches).toBe(0);
  });

  it('never names the host path in an error', async () => {
    const error = await vault.call('TextRead', { filePath: 'link-file.md' }).catch((caught: unknown) => caught);
    expect((error as Error).message).not.toContain(parent.path);
  });

  it('ends a pathological regex instead of hanging on it', async () => {
    await vault.call('TextCreate', { filePath: 'notes/aaa.md', content: `${'a'.repeat(100_000)}!\n` });
    expect((await vault.call('TextSearch', { query: '(a+)+$', regex: true })).totalMatches).toBe(0);
  });
});

describe('symlinks inside the vault', () => {
  let folder: TempFolder;
  let inner: Vault;
  beforeAll(async () => {
    folder = await createTempFolder({ '.obsidian/config.json': '{"token":"abc"}', '.env': 'KEY=1', 'notes/a.md': 'a\n', 'x/': '' });
    await symlink('.obsidian/config.json', path.join(folder.path, 'peek.md'));
    await symlink('.env', path.join(folder.path, 'env.md'));
    await symlink('.obsidian', path.join(folder.path, 'settings'));
    await mkdir(path.join(folder.path, 'a/b/c'), { recursive: true });
    await symlink('../../../x', path.join(folder.path, 'a/b/c/shallow'));
    await symlink('../../outside/made.md', path.join(folder.path, 'x/evil.md'));
    inner = createVault(await createNodeFs(folder.path));
  });
  afterAll(async () => folder.remove());

  it.each([
    ['TextRead', { filePath: 'peek.md' }, 'HIDDEN_PATH'],
    ['TextRead', { filePath: 'env.md' }, 'HIDDEN_PATH'],
    ['TextEdit', { filePath: 'peek.md', oldString: 'abc', newString: 'x' }, 'HIDDEN_PATH'],
    ['TextCreate', { filePath: 'env.md', content: 'x', overwrite: true }, 'HIDDEN_PATH'],
    ['ListFiles', { directoryPath: 'settings' }, 'HIDDEN_PATH'],
    ['TextCreate', { filePath: 'a/b/c/shallow/evil.md', content: 'x' }, 'PATH_OUTSIDE_VAULT'],
  ] as const)('applies the vault rules to where a link really leads: %s %j', async (tool, input, code) => {
    await expect(inner.call(tool, input as never)).rejects.toMatchObject({ code });
  });

  it('keeps links to hidden places out of listings and search', async () => {
    expect((await inner.call('ListFiles', { directoryPath: '' })).files).toEqual([]);
    expect((await inner.call('TextSearch', { query: 'token' })).totalMatches).toBe(0);
    expect((await inner.call('ListDirectories', {})).directories).toEqual(['a', 'a/b', 'a/b/c', 'a/b/c/shallow', 'notes', 'x']);
  });
});
