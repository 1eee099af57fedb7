import { describe, expect, it } from 'vitest';
import { createMemoryFs, type VaultSeed } from '../vault/memory-fs.js';
import { createVault } from '../vault/vault.js';
import { foldersSeed } from './__fixtures__/folders-seed.js';
import { open } from './__fixtures__/open.js';

describe('RemoveFile', () => {
  it('moves the file into .trash/ keeping its relative path, and Move restores it', async () => {
    const { fs, vault } = open(foldersSeed);
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

  it('leaves the trash findable in one call: TextSearch on .trash with no query lists it, subfolders included', async () => {
    const { vault } = open({ 'Plugins/Deep/old.md': 'old', 'top.md': 'top' });
    await vault.call('RemoveFile', { filePath: 'Plugins/Deep/old.md' });
    await vault.call('RemoveFile', { filePath: 'top.md' });
    const listed = await vault.call('TextSearch', { directoryPath: '.trash' });
    expect(listed.files.map((file) => file.path)).toEqual(['.trash/Plugins/Deep/old.md', '.trash/top.md']);
  });

  it('refuses folders and missing files', async () => {
    const { vault } = open(foldersSeed);
    await expect(vault.call('RemoveFile', { filePath: 'inbox/archive.md' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const withFolder = createVault(createMemoryFs({ 'odd.md/inner.md': '' }));
    await expect(withFolder.call('RemoveFile', { filePath: 'odd.md' })).rejects.toMatchObject({ code: 'NOT_A_FILE' });
  });
});

describe('RemoveFile names the notes it leaves with broken links', () => {
  it('lists them, sorted, and only those whose links led to the file', async () => {
    const { vault } = open({
      'notes/T.md': 'x',
      'other/T.md': 'y',
      'b.md': '[[notes/T]]',
      'a.md': '![[T#H]] and [t](notes/T.md)',
      'c.md': '[[other/T]] `[[notes/T]]`',
    });
    const output = await vault.call('RemoveFile', { filePath: 'notes/T.md' });
    expect(output).toEqual({ path: 'notes/T.md', trashPath: '.trash/notes/T.md', linkedFrom: ['a.md', 'b.md'], linkedFromTotal: 2 });
    expect(vault.render('RemoveFile', output)).toBe(
      'Moved notes/T.md to the trash: .trash/notes/T.md (Move it back to restore it; TextSearch on the folder .trash lists the trash); 2 notes linked to it, now broken:\na.md\nb.md',
    );
  });

  it('leaves out a note whose link then leads to a note of the same name elsewhere, as Links then says', async () => {
    const { vault } = open({ 'a/Note.md': 'A\n', 'b/Note.md': 'B\n', 'a/y.md': '[n](Note.md)\n', 'a/z.md': '[[Note]] [n](Note.md) [[a/Note]]\n' });
    const output = await vault.call('RemoveFile', { filePath: 'a/Note.md' });
    expect(output).toMatchObject({ linkedFrom: ['a/z.md'], linkedFromTotal: 1 });
    expect(await vault.call('Links', { filePath: 'a/y.md' })).toMatchObject({ entries: [{ status: 'ok', target: 'b/Note.md' }] });
  });

  it('bounds the list and gives the total', async () => {
    const seed: VaultSeed = { 'T.md': '' };
    for (let index = 0; index < 60; index += 1) seed[`n${String(index).padStart(2, '0')}.md`] = '[[T]]';
    const { vault } = open(seed);
    const output = await vault.call('RemoveFile', { filePath: 'T.md' });
    expect(output.linkedFrom).toHaveLength(50);
    expect(output.linkedFromTotal).toBe(60);
    expect(vault.render('RemoveFile', output).split('\n').slice(-2)).toEqual(['n49.md', '[10 more not shown]']);
  });
});
