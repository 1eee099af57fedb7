import { describe, expect, it } from 'vitest';
import { foldersSeed } from './__fixtures__/folders-seed.js';
import { open } from './__fixtures__/open.js';
import { listDirectories } from './list-directories.js';

describe('ListDirectories', () => {
  it('lists the whole folder tree, sorted, without hidden folders or the trash', async () => {
    const { vault } = open(foldersSeed);
    const output = await vault.call('ListDirectories', {});
    expect(output).toEqual({ directory: '', directories: ['inbox', 'inbox/archive', 'projects', 'projects/alpha', 'projects/beta'], truncated: false });
    expect(listDirectories.render(output)).toBe('inbox/\ninbox/archive/\nprojects/\nprojects/alpha/\nprojects/beta/\n[5 folders below the vault root]');
  });

  it('lists below a folder, down to maxDepth, saying when deeper folders were left out', async () => {
    const { vault } = open(foldersSeed);
    expect(await vault.call('ListDirectories', { directoryPath: 'projects' })).toMatchObject({ directories: ['projects/alpha', 'projects/beta'] });
    expect(await vault.call('ListDirectories', { maxDepth: 1 })).toEqual({ directory: '', directories: ['inbox', 'projects'], truncated: true });
  });

  it('refuses a file and a missing folder', async () => {
    const { vault } = open(foldersSeed);
    await expect(vault.call('ListDirectories', { directoryPath: 'readme.txt' })).rejects.toMatchObject({ code: 'NOT_A_DIRECTORY' });
    await expect(vault.call('ListDirectories', { directoryPath: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
