import { chmod, link, mkdir, readdir, readFile, rm, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { createVault, type ErrorCode, type Vault } from '@vault/core';
import { createTempFolder, readFolder, seedFolder, type TempFolder } from '@vault/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNodeFs } from './create-node-fs.js';
import { searchWorker } from '../__fixtures__/built-search-worker.js';

/**
 * A parent folder holding the vault and, beside it, places the vault must never reach:
 * `outside/` and `vault-evil/` (a sibling whose name starts with the vault's name).
 */
let parent: TempFolder;
let vault: Vault;
let outsideBefore: Awaited<ReturnType<typeof readFolder>>;
const outsideFolders = ['outside', 'vault-evil'];

/** Everything outside the vault: the parent's entries and the outside folders' contents. */
async function outsideNow() {
  const folders = await Promise.all(outsideFolders.map(async (name) => [name, await readFolder(path.join(parent.path, name))]));
  return { parent: (await readdir(parent.path)).sort(), ...Object.fromEntries(folders) };
}

beforeAll(async () => {
  parent = await createTempFolder({
    'vault/notes/a.md': 'inside\n',
    'vault/.git/config.md': 'hidden\n',
    'vault/script.sh': 'echo\n',
    'vault/a.md.sh': 'echo\n',
    'vault/README': 'no extension\n',
    'vault/folder.md/inner.md': 'a folder named like a file\n',
    'vault/box/kept.md': 'kept\n',
    'outside/secret.md': 'secret\n',
    'outside/hard.md': 'hard secret\n',
    'vault-evil/secret.md': 'evil secret\n',
  });
  const root = path.join(parent.path, 'vault');
  await symlink(path.join(parent.path, 'outside/secret.md'), path.join(root, 'link-file.md'));
  await symlink('../outside', path.join(root, 'link-dir'));
  await symlink('../outside/not-yet.md', path.join(root, 'dangling.md'));
  await symlink('../../outside', path.join(root, 'notes/deeper-link'));
  // A chain of links: hop-1 -> hop-2 (inside) -> ../outside.
  await symlink('hop-2', path.join(root, 'hop-1'));
  await symlink('../outside', path.join(root, 'hop-2'));
  // A folder holding a link out, to be moved around inside the vault.
  await symlink('../../outside/secret.md', path.join(root, 'box/out.md'));
  // A hard link: the same file under a name inside the vault (see "hard links" below).
  await link(path.join(parent.path, 'outside/hard.md'), path.join(root, 'hard.md'));
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
  ['read ./ then ../', 'TextRead', { filePath: './../outside/secret.md' }, 'PATH_OUTSIDE_VAULT'],
  ['read with repeated slashes', 'TextRead', { filePath: 'notes//..//..//outside/secret.md' }, 'PATH_OUTSIDE_VAULT'],
  ['read an absolute path that climbs out of the vault', 'TextRead', { filePath: '@/vault/../outside/secret.md' }, 'PATH_OUTSIDE_VAULT'],
  ['read a Windows drive path', 'TextRead', { filePath: 'C:\\outside\\secret.md' }, 'PATH_OUTSIDE_VAULT'],
  ['read fullwidth dots (no Unicode folding into ..)', 'TextRead', { filePath: '\uFF0E\uFF0E/outside/secret.md' }, 'NOT_FOUND'],
  ['read URL-encoded dots (no decoding into ..)', 'TextRead', { filePath: '%2e%2e/outside/secret.md' }, 'NOT_FOUND'],
  ['read through a chain of symlinks', 'TextRead', { filePath: 'hop-1/secret.md' }, 'PATH_OUTSIDE_VAULT'],
  ['read a dangling symlink', 'TextRead', { filePath: 'dangling.md' }, 'PATH_OUTSIDE_VAULT'],
  ['list the parent of the vault', 'ListDirectories', { directoryPath: '..' }, 'PATH_OUTSIDE_VAULT'],
  ['list the file system root', 'ListFiles', { directoryPath: '/' }, 'PATH_OUTSIDE_VAULT'],
  ['search the parent of the vault', 'TextSearch', { query: 'secret', directoryPath: '../outside' }, 'PATH_OUTSIDE_VAULT'],
  ['create a name longer than 255 bytes', 'TextCreate', { filePath: `${'x'.repeat(300)}.md`, content: 'x' }, 'INVALID_ARGUMENT'],
  ['create a path longer than the system allows', 'TextCreate', { filePath: `${`${'d'.repeat(200)}/`.repeat(25)}a.md`, content: 'x' }, 'INVALID_ARGUMENT'],
  ['edit in the trash', 'TextEdit', { filePath: '.trash/a.md', oldString: 'a', newString: 'b' }, 'HIDDEN_PATH'],
  ['read a hidden folder inside the trash', 'TextRead', { filePath: '.trash/.git/a.md' }, 'HIDDEN_PATH'],
  ['create in the trash', 'TextCreate', { filePath: '.trash/planted.md', content: 'x' }, 'HIDDEN_PATH'],
  ['read a double extension', 'TextRead', { filePath: 'a.md.sh' }, 'EXTENSION_NOT_ALLOWED'],
  ['create with a trailing dot', 'TextCreate', { filePath: 'notes/b.md.', content: 'x' }, 'EXTENSION_NOT_ALLOWED'],
  ['create with a trailing space', 'TextCreate', { filePath: 'notes/b.md ', content: 'x' }, 'EXTENSION_NOT_ALLOWED'],
  ['read a file without extension', 'TextRead', { filePath: 'README' }, 'EXTENSION_NOT_ALLOWED'],
  ['read a folder named x.md', 'TextRead', { filePath: 'folder.md' }, 'NOT_A_FILE'],
  ['overwrite a folder named x.md', 'TextCreate', { filePath: 'folder.md', content: 'x', overwrite: true }, 'NOT_A_FILE'],
  ['move a symlinked folder out of the vault', 'Move', { sourcePath: 'link-dir', destinationPath: '../moved-out' }, 'PATH_OUTSIDE_VAULT'],
  ['move a file in through a symlinked folder', 'Move', { sourcePath: 'link-dir/secret.md', destinationPath: 'stolen.md' }, 'PATH_OUTSIDE_VAULT'],
  ['move the vault root', 'Move', { sourcePath: '', destinationPath: 'root-moved' }, 'INVALID_ARGUMENT'],
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
    // hard.md is listed and found: a hard link is a file of the vault (see "hard links" below).
    const files = await vault.call('ListFiles', { directoryPath: '' });
    expect(files.files.map((file) => file.name)).toEqual(['hard.md']);
    expect((await vault.call('ListDirectories', {})).directories).toEqual(['box', 'folder.md', 'notes']);
    expect((await vault.call('TextSearch', { query: 'secret', outputMode: 'files_only' })).files.map((file) => file.path)).toEqual(['hard.md']);
  });

  it('moves a folder holding a link out around the vault without following it, and the link still leads nowhere', async () => {
    await vault.call('Move', { sourcePath: 'box', destinationPath: 'deeper/still/box' });
    // The relative link ../../outside/secret.md now leads to deeper/outside/secret.md, inside the vault, where nothing is.
    await expect(vault.call('TextRead', { filePath: 'deeper/still/box/out.md' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await vault.call('ListFiles', { directoryPath: 'deeper/still/box' })).files.map((file) => file.name)).toEqual(['kept.md']);
    await vault.call('Move', { sourcePath: 'deeper/still/box', destinationPath: 'box' });
    await expect(vault.call('TextRead', { filePath: 'box/out.md' })).rejects.toMatchObject({ code: 'PATH_OUTSIDE_VAULT' });
    expect(await outsideNow()).toEqual(outsideBefore);
  });

  // Hard links: a hard link is the same file under a second name, and nothing on the disk says which
  // name is "outside". Not defended: a hard link someone made inside the vault is read like any file.
  // Defended: the tools never make one, and a write replaces the vault's name with a new file, so the
  // other name keeps its content.
  it('reads a hard link like any file, and never changes the other name when writing it', async () => {
    expect((await vault.call('TextRead', { filePath: 'hard.md' })).lines[0]?.text).toBe('hard secret');
    await vault.call('TextEdit', { filePath: 'hard.md', oldString: 'hard secret', newString: 'edited' });
    expect(await readFile(path.join(parent.path, 'outside/hard.md'), 'utf8')).toBe('hard secret\n');
    expect(await outsideNow()).toEqual(outsideBefore);
  });

  // Unicode: names are compared byte for byte, as Linux does; nothing is normalised, so a name cannot
  // be made to mean another one, and NFC and NFD spellings are two files.
  it('keeps NFC and NFD spellings of a name apart', async () => {
    await vault.call('TextCreate', { filePath: 'notes/caf\u00e9.md', content: 'nfc\n' });
    await expect(vault.call('TextRead', { filePath: 'notes/cafe\u0301.md' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await vault.call('TextCreate', { filePath: 'notes/cafe\u0301.md', content: 'nfd\n' });
    expect((await vault.call('TextRead', { filePath: 'notes/caf\u00e9.md' })).lines[0]?.text).toBe('nfc');
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

describe('links to what does not exist yet: every writing path judges the path a link names', () => {
  let folder: TempFolder;
  let links: Vault;
  beforeAll(async () => {
    folder = await createTempFolder({ '.obsidian/app.json': '{}', 'notes/sub/n.md': 'n\n', 'move-me.md': 'move me\n' });
    await symlink('../.obsidian', path.join(folder.path, 'notes/settings'));
    await symlink('.env', path.join(folder.path, 'env.md'));
    await symlink('run.sh', path.join(folder.path, 'script.md'));
    await symlink('../.cache', path.join(folder.path, 'notes/cache'));
    await symlink('notes', path.join(folder.path, 'docs'));
    links = createVault(await createNodeFs(folder.path));
  });
  afterAll(async () => folder.remove());

  it.each([
    ['create inside a folder link to .obsidian', 'TextCreate', { filePath: 'notes/settings/planted.md', content: 'x' }, 'HIDDEN_PATH'],
    ['create folders inside a folder link to .obsidian', 'TextCreate', { filePath: 'notes/settings/sub/deep.md', content: 'x' }, 'HIDDEN_PATH'],
    ['create through a dangling link to .env', 'TextCreate', { filePath: 'env.md', content: 'x' }, 'HIDDEN_PATH'],
    ['overwrite through a dangling link to .env', 'TextCreate', { filePath: 'env.md', content: 'x', overwrite: true }, 'HIDDEN_PATH'],
    ['create through a dangling link to run.sh', 'TextCreate', { filePath: 'script.md', content: 'echo owned' }, 'EXTENSION_NOT_ALLOWED'],
    ['create through a dangling folder link to .cache', 'TextCreate', { filePath: 'notes/cache/x.md', content: 'x' }, 'HIDDEN_PATH'],
    ['move a file into a folder link to .obsidian', 'Move', { sourcePath: 'move-me.md', destinationPath: 'notes/settings/move-me.md' }, 'HIDDEN_PATH'],
    ['move a folder into a folder link to .obsidian', 'Move', { sourcePath: 'notes/sub', destinationPath: 'notes/settings/sub' }, 'HIDDEN_PATH'],
    ['move a file into a dangling folder link', 'Move', { sourcePath: 'move-me.md', destinationPath: 'notes/cache/move-me.md' }, 'HIDDEN_PATH'],
    ['edit through a dangling link', 'TextEdit', { filePath: 'env.md', oldString: 'a', newString: 'b' }, 'NOT_FOUND'],
  ] as const)('refuses: %s', async (_label, tool, input, code) => {
    const before = await readFolder(folder.path);
    await expect(links.call(tool, input as never)).rejects.toMatchObject({ code });
    expect(await readFolder(folder.path)).toEqual(before);
  });

  it('still writes through a link to an allowed place inside the vault', async () => {
    await links.call('TextCreate', { filePath: 'docs/through-link.md', content: 'ok\n' });
    expect((await readFolder(folder.path))['notes/through-link.md']).toBe('ok\n');
  });

  it('refuses to put a removed file in a trash that is a link', async () => {
    const trashed = await createTempFolder({ 'a.md': 'a\n', 'elsewhere/': '' });
    try {
      await symlink('elsewhere', path.join(trashed.path, '.trash'));
      const withLinkedTrash = createVault(await createNodeFs(trashed.path));
      await expect(withLinkedTrash.call('RemoveFile', { filePath: 'a.md' })).rejects.toMatchObject({ code: 'IO_ERROR' });
      expect(await readFolder(trashed.path)).toEqual({ 'a.md': 'a\n', 'elsewhere/': '' });
    } finally {
      await trashed.remove();
    }
  });
});

describe('nothing is ever replaced: trash names and move destinations are taken atomically', () => {
  let folder: TempFolder;
  beforeEach(async () => {
    folder = await createTempFolder({ '.trash/d/a.md': 'removed before\n' });
  });
  afterEach(async () => folder.remove());

  it('two removals at once, by two servers, never take the same trash name (50 pairs)', async () => {
    // Two vaults on one folder: two processes' worth of tools, with no lock shared between them.
    const [first, second] = [createVault(await createNodeFs(folder.path)), createVault(await createNodeFs(folder.path))];
    for (let pair = 0; pair < 50; pair += 1) {
      await seedFolder(folder.path, { 'd/a.md': `a ${pair}\n`, 'd/a~2.md': `a~2 ${pair}\n` });
      const [one, two] = await Promise.all([first.call('RemoveFile', { filePath: 'd/a.md' }), second.call('RemoveFile', { filePath: 'd/a~2.md' })]);
      expect(one.trashPath).not.toBe(two.trashPath);
    }
    const trash = await readFolder(path.join(folder.path, '.trash/d'));
    expect(Object.keys(trash)).toHaveLength(101);
    const contents = Object.values(trash);
    for (let pair = 0; pair < 50; pair += 1) expect(contents).toEqual(expect.arrayContaining([`a ${pair}\n`, `a~2 ${pair}\n`]));
  });

  it('two moves to one destination at once: one moves, the other gets ALREADY_EXISTS, both files kept (20 rounds, files and folders)', async () => {
    const [first, second] = [createVault(await createNodeFs(folder.path)), createVault(await createNodeFs(folder.path))];
    for (let round = 0; round < 20; round += 1) {
      const kind = round % 2 === 0 ? 'file' : 'folder';
      const source = (name: string) => (kind === 'file' ? `${name}.md` : name);
      await seedFolder(folder.path, kind === 'file' ? { 'x.md': 'x\n', 'y.md': 'y\n' } : { 'x/in.md': 'x\n', 'y/in.md': 'y\n' });
      const destination = kind === 'file' ? `to/${round}.md` : `to/${round}`;
      const results = await Promise.allSettled([
        first.call('Move', { sourcePath: source('x'), destinationPath: destination }),
        second.call('Move', { sourcePath: source('y'), destinationPath: destination }),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { code: 'ALREADY_EXISTS' } });
      const after = await readFolder(folder.path);
      const kept = Object.entries(after).filter(([key]) => !key.startsWith('.trash'));
      expect(kept.map(([, content]) => content).sort()).toEqual(['x\n', 'y\n']);
      await rm(path.join(folder.path, 'to'), { recursive: true });
      await rm(path.join(folder.path, source('x')), { recursive: true, force: true });
      await rm(path.join(folder.path, source('y')), { recursive: true, force: true });
    }
  });

  it('a folder never replaces an empty folder at its destination', async () => {
    await seedFolder(folder.path, { 'src/in.md': 'in\n', 'empty/': '' });
    const vaultHere = createVault(await createNodeFs(folder.path));
    await expect(vaultHere.call('Move', { sourcePath: 'src', destinationPath: 'empty' })).rejects.toMatchObject({ code: 'ALREADY_EXISTS' });
    expect(await readFolder(folder.path)).toMatchObject({ 'src/in.md': 'in\n', 'empty/': '' });
  });
});

describe('permission bits are honoured, also as root', () => {
  it('refuses to edit or overwrite a read-only (chmod 444) file, and changes nothing', async () => {
    const folder = await createTempFolder({ 'locked.md': 'locked\n' });
    try {
      await chmod(path.join(folder.path, 'locked.md'), 0o444);
      const locked = createVault(await createNodeFs(folder.path));
      await expect(locked.call('TextEdit', { filePath: 'locked.md', oldString: 'locked', newString: 'opened' })).rejects.toMatchObject({
        code: 'PERMISSION_DENIED',
      });
      await expect(locked.call('TextCreate', { filePath: 'locked.md', content: 'opened', overwrite: true })).rejects.toMatchObject({
        code: 'PERMISSION_DENIED',
      });
      expect(await readFolder(folder.path)).toEqual({ 'locked.md': 'locked\n' });
      expect((await stat(path.join(folder.path, 'locked.md'))).mode & 0o777).toBe(0o444);
    } finally {
      await folder.remove();
    }
  });
});

describe('a symlinked file is searched under the time budget like any other', () => {
  it('ends a regex stuck on a symlinked file with TIMEOUT, by path and by folder', async () => {
    // a.*(?=b) on a line of a million "a"s backtracks for hours on JavaScript's engine (RE2 has no lookahead to take it).
    const folder = await createTempFolder({ 'stuck.txt': 'a'.repeat(1_000_000) });
    try {
      await symlink('stuck.txt', path.join(folder.path, 'link.md'));
      // The built worker: from the sources, createNodeFs finds none beside it.
      const fs = await createNodeFs(folder.path, { searchWorker });
      const budgeted = createVault(fs, { searchTimeout: 300 });
      await expect(budgeted.call('TextSearch', { query: 'a.*(?=b)', regex: true, filePath: 'link.md' })).rejects.toMatchObject({ code: 'TIMEOUT' });
      await expect(budgeted.call('TextSearch', { query: 'a.*(?=b)', regex: true })).rejects.toMatchObject({ code: 'TIMEOUT' });
      // Found through the link, shown under the link's name (on the same workers, with a budget a loaded machine meets).
      const unhurried = createVault(fs, { searchTimeout: 60_000 });
      expect((await unhurried.call('TextSearch', { query: 'aaa', outputMode: 'files_only' })).files).toEqual([
        { path: 'link.md', matches: 1 },
        { path: 'stuck.txt', matches: 1 },
      ]);
      // Without workers (a backend that has none), the regex runs on the main thread on RE2, in linear time.
      const withoutWorkers = createVault(await createNodeFs(folder.path, { searchWorkers: 0 }), { searchTimeout: 60_000 });
      expect((await withoutWorkers.call('TextSearch', { query: 'a.*b', regex: true, filePath: 'link.md' })).totalMatches).toBe(0);
    } finally {
      await folder.remove();
    }
  });
});
