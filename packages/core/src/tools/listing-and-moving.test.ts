import { describe, expect, it } from 'vitest';
import { createMemoryFs } from '../vault/memory-fs.js';
import { createVault } from '../vault/vault.js';
import { listDirectories } from './list-directories.js';
import { listFiles } from './list-files.js';

const seed = {
  'inbox/idea.md': 'idea',
  'inbox/photo.png': 'png',
  'inbox/archive/old.md': 'old',
  'projects/alpha/plan.md': 'plan',
  'projects/beta/': '',
  '.obsidian/config.md': '',
  '.trash/gone.md': 'gone',
  'readme.txt': 'hello',
};
function open() {
  const fs = createMemoryFs(seed);
  return { fs, vault: createVault(fs) };
}

describe('ListDirectories', () => {
  it('lists the whole folder tree, sorted, without hidden folders or the trash', async () => {
    const { vault } = open();
    const output = await vault.call('ListDirectories', {});
    expect(output).toEqual({ directory: '', directories: ['inbox', 'inbox/archive', 'projects', 'projects/alpha', 'projects/beta'], truncated: false });
    expect(listDirectories.render(output)).toBe('inbox/\ninbox/archive/\nprojects/\nprojects/alpha/\nprojects/beta/\n[5 folders below the vault root]');
  });

  it('lists below a folder, down to maxDepth, saying when deeper folders were left out', async () => {
    const { vault } = open();
    expect(await vault.call('ListDirectories', { directoryPath: 'projects' })).toMatchObject({ directories: ['projects/alpha', 'projects/beta'] });
    expect(await vault.call('ListDirectories', { maxDepth: 1 })).toEqual({ directory: '', directories: ['inbox', 'projects'], truncated: true });
  });

  it('refuses a file and a missing folder', async () => {
    const { vault } = open();
    await expect(vault.call('ListDirectories', { directoryPath: 'readme.txt' })).rejects.toMatchObject({ code: 'NOT_A_DIRECTORY' });
    await expect(vault.call('ListDirectories', { directoryPath: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('ListFiles', () => {
  it('lists the allowed files directly in a folder with sizes, counting folders', async () => {
    const { vault } = open();
    const output = await vault.call('ListFiles', { directoryPath: 'inbox' });
    expect(output).toEqual({ directory: 'inbox', files: [{ name: 'idea.md', size: 4 }], totalFiles: 1, folders: 1 });
    expect(listFiles.render(output)).toBe('idea.md 4\n[1 file in inbox/, sizes in bytes; 1 folder not listed (see ListDirectories)]');
    expect((await vault.call('ListFiles', { directoryPath: '.' })).files).toEqual([{ name: 'readme.txt', size: 5 }]);
  });

  it('lists the trash read-only though hidden paths are off, and refuses other hidden folders', async () => {
    const { vault } = open();
    expect(await vault.call('ListFiles', { directoryPath: '.trash' })).toMatchObject({ directory: '.trash', files: [{ name: 'gone.md', size: 4 }] });
    await expect(vault.call('TextCreate', { filePath: '.trash/new.md', content: 'x' })).rejects.toMatchObject({
      code: 'HIDDEN_PATH',
      message: expect.stringContaining('read-only'),
    });
    await expect(vault.call('ListFiles', { directoryPath: '.git' })).rejects.toMatchObject({ code: 'HIDDEN_PATH' });
  });
});

describe('Move', () => {
  it("renames a file, creating the destination's parents", async () => {
    const { fs, vault } = open();
    expect(await vault.call('Move', { sourcePath: 'inbox/idea.md', destinationPath: 'projects/gamma/idea.md' })).toEqual({
      source: 'inbox/idea.md',
      destination: 'projects/gamma/idea.md',
      kind: 'file',
      dryRun: false,
      links: { rewritten: [], rewrittenTotal: 0, notesChanged: 0, notJudged: [], notJudgedTotal: 0 },
    });
    expect(fs.toJSON()['projects/gamma/idea.md']).toBe('idea');
    expect(fs.toJSON()['inbox/idea.md']).toBeUndefined();
  });

  it('moves a folder with everything in it, like mv -T', async () => {
    const { fs, vault } = open();
    await vault.call('Move', { sourcePath: 'projects', destinationPath: 'archive/projects-2026' });
    expect(fs.toJSON()).toMatchObject({ 'archive/projects-2026/alpha/plan.md': 'plan', 'archive/projects-2026/beta/': '' });
    expect(Object.keys(fs.toJSON()).some((path) => path.startsWith('projects/'))).toBe(false);
  });

  it('never replaces an existing destination', async () => {
    const { fs, vault } = open();
    await expect(vault.call('Move', { sourcePath: 'inbox/idea.md', destinationPath: 'readme.txt' })).rejects.toMatchObject({ code: 'ALREADY_EXISTS' });
    await expect(vault.call('Move', { sourcePath: 'inbox/idea.md', destinationPath: 'inbox/archive/old.md' })).rejects.toMatchObject({
      code: 'ALREADY_EXISTS',
    });
    await expect(vault.call('Move', { sourcePath: 'inbox', destinationPath: 'projects' })).rejects.toMatchObject({ code: 'ALREADY_EXISTS' });
    expect(fs.toJSON()).toEqual(createMemoryFs(seed).toJSON());
  });

  it('refuses a folder into itself, a file to another extension, hidden destinations and missing sources', async () => {
    const { vault } = open();
    await expect(vault.call('Move', { sourcePath: 'inbox', destinationPath: 'inbox/archive/inbox' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(vault.call('Move', { sourcePath: 'inbox/idea.md', destinationPath: 'inbox/idea.sh' })).rejects.toMatchObject({
      code: 'EXTENSION_NOT_ALLOWED',
    });
    await expect(vault.call('Move', { sourcePath: 'inbox/idea.md', destinationPath: '.trash/idea.md' })).rejects.toMatchObject({ code: 'HIDDEN_PATH' });
    await expect(vault.call('Move', { sourcePath: 'nope.md', destinationPath: 'x.md' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(vault.call('Move', { sourcePath: '', destinationPath: 'x' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

describe('RemoveFile', () => {
  it('moves the file into .trash/ keeping its relative path, and Move restores it', async () => {
    const { fs, vault } = open();
    expect(await vault.call('RemoveFile', { filePath: 'inbox/idea.md' })).toEqual({
      path: 'inbox/idea.md',
      trashPath: '.trash/inbox/idea.md',
      linkedFrom: [],
      linkedFromTotal: 0,
    });
    await vault.call('TextCreate', { filePath: 'inbox/idea.md', content: 'second idea' });
    expect(await vault.call('RemoveFile', { filePath: 'inbox/idea.md' })).toEqual({
      path: 'inbox/idea.md',
      trashPath: '.trash/inbox/idea~2.md',
      linkedFrom: [],
      linkedFromTotal: 0,
    });
    await vault.call('Move', { sourcePath: '.trash/inbox/idea.md', destinationPath: 'inbox/idea.md' });
    expect(fs.toJSON()).toMatchObject({ 'inbox/idea.md': 'idea', '.trash/inbox/idea~2.md': 'second idea' });
  });

  it('refuses folders and missing files', async () => {
    const { vault } = open();
    await expect(vault.call('RemoveFile', { filePath: 'inbox/archive.md' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const withFolder = createVault(createMemoryFs({ 'odd.md/inner.md': '' }));
    await expect(withFolder.call('RemoveFile', { filePath: 'odd.md' })).rejects.toMatchObject({ code: 'NOT_A_FILE' });
  });
});
