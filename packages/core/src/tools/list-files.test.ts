import { describe, expect, it } from 'vitest';
import { foldersSeed } from './__fixtures__/folders-seed.js';
import { open } from './__fixtures__/open.js';
import { listFiles } from './list-files.js';

describe('ListFiles', () => {
  it('lists the allowed files directly in a folder with sizes, counting folders', async () => {
    const { vault } = open(foldersSeed);
    const output = await vault.call('ListFiles', { directoryPath: 'inbox' });
    expect(output).toEqual({ directory: 'inbox', files: [{ name: 'idea.md', size: 4 }], totalFiles: 1, folders: 1 });
    expect(listFiles.render(output)).toBe('idea.md 4\n[1 file in inbox/, sizes in bytes; 1 folder not listed (see ListDirectories)]');
    expect((await vault.call('ListFiles', { directoryPath: '.' })).files).toEqual([{ name: 'readme.txt', size: 5 }]);
  });

  it('lists the trash read-only though hidden paths are off, and refuses other hidden folders', async () => {
    const { vault } = open(foldersSeed);
    expect(await vault.call('ListFiles', { directoryPath: '.trash' })).toMatchObject({ directory: '.trash', files: [{ name: 'gone.md', size: 4 }] });
    await expect(vault.call('TextCreate', { filePath: '.trash/new.md', content: 'x' })).rejects.toMatchObject({
      code: 'HIDDEN_PATH',
      message: expect.stringContaining('read-only'),
    });
    await expect(vault.call('ListFiles', { directoryPath: '.git' })).rejects.toMatchObject({ code: 'HIDDEN_PATH' });
  });
});
