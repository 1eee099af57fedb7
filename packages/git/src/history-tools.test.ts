import { readFile, writeFile } from 'node:fs/promises';
import { callFunction, createToolFunctions, functionDefinitions } from '@vault/core';
import { describe, expect, it } from 'vitest';
import { useGitVaults } from './__fixtures__/open-git-vault.js';

const open = useGitVaults();

describe('History', () => {
  it("lists a file's changes newest first (id, time, author, tool, summary, files), and the vault's", async () => {
    const { vault } = await open({ 'a.md': 'one\n', 'b.md': 'b\n' });
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'two' }, { agent: 'bot 1' });
    await vault.call('TextEdit', { filePath: 'b.md', oldString: 'b', newString: 'c' }, { agent: 'bot 2' });
    const ofA = await vault.call('History', { filePath: 'a.md' });
    expect(ofA.changes.map(({ author, tool, subject, files }) => ({ author, tool, subject, files }))).toEqual([
      { author: 'bot 1', tool: 'TextEdit', subject: 'TextEdit: a.md', files: ['a.md'] },
      { author: 'Pat Person', subject: 'first', files: ['a.md', 'b.md'] },
    ]);
    expect(ofA.changes[0]!.id).toMatch(/^[0-9a-f]{40}$/);
    expect(ofA.changes[0]!.time).toMatch(/^\d{4}-\d\d-\d\dT/);
    const text = vault.render('History', ofA);
    expect(text.split('\n')[0]).toMatch(/^[0-9a-f]{12} \S+ bot 1 \| TextEdit: a\.md$/);
    expect(text.split('\n').at(-1)).toBe(`[2 changes of a.md, newest first | diff: History with change ${ofA.changes[0]!.id.slice(0, 12)}]`);
    const all = await vault.call('History', { maxResults: 2 });
    expect(all.changes.map((change) => change.subject)).toEqual(['TextEdit: b.md', 'TextEdit: a.md']);
    expect(all.more).toBe(true);
  });

  it('shows one change as a unified diff, bounded', async () => {
    const { vault } = await open({ 'a.md': 'one\n' });
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'two' });
    const [last] = (await vault.call('History', { filePath: 'a.md', maxResults: 1 })).changes;
    const shown = await vault.call('History', { change: last!.id.slice(0, 7) });
    expect(shown.diff).toBe('diff --git a/a.md b/a.md\nindex 5626abf..f719efd 100644\n--- a/a.md\n+++ b/a.md\n@@ -1 +1 @@\n-one\n+two\n');
    expect(shown.diffCut).toBe(false);
    expect(vault.render('History', shown).split('\n').slice(0, 2)).toEqual([
      expect.stringMatching(/^change [0-9a-f]{12} .* \| TextEdit: a\.md$/),
      '  files: a.md',
    ]);
  });

  it('of a path no change touched: none, said so; a change id that is not one: INVALID_ARGUMENT', async () => {
    const { vault } = await open({ 'a.md': 'a\n' });
    const none = await vault.call('History', { filePath: 'never.md' });
    expect(none.changes).toEqual([]);
    expect(vault.render('History', none)).toBe('[no changes of never.md: no change touched that path: check it with ListFiles or TextSearch]');
    await expect(vault.call('History', { change: 'not-an-id' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(vault.call('History', { change: 'abcdef1234567' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: "abcdef1234567 is not the id of a change in this vault's history. Take an id from History.",
    });
  });
});

describe('History of long subjects', () => {
  it('shows each change with its subject cut at 200 characters, marked, never leaving out the changes after a long one', async () => {
    const { vault, root, git } = await open({ 'a.md': 'one\n' });
    const long = `${'x'.repeat(199)}😀${'y'.repeat(69_800)}`;
    await writeFile(`${root}/a.md`, 'two\n');
    git('commit', '-q', '-am', long);
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'two', newString: 'three' });
    const listed = await vault.call('History', { filePath: 'a.md' });
    const cut = `${'x'.repeat(199)}… [${long.length} characters, cut]`;
    expect(listed.changes.map((change) => change.subject)).toEqual(['TextEdit: a.md', cut, 'first']);
    expect(vault.render('History', listed).split('\n')[2]!.endsWith(` | ${cut}`)).toBe(true);
    expect((await vault.call('History', { change: listed.changes[1]!.id })).changes[0]!.subject).toBe(cut);
  });
});

describe('TextRead at a change', () => {
  it('reads a file as it was right after a change, a removed one too', async () => {
    const { vault } = await open({ 'a.md': 'one\n' });
    const [first] = (await vault.call('History', {})).changes;
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'two' });
    await vault.call('RemoveFile', { filePath: 'a.md' });
    const old = await vault.call('TextRead', { filePath: 'a.md', at: first!.id });
    expect(vault.render('TextRead', old)).toBe('1: one\n[a.md | totalLines: 1 | fileHash: 2c8b08da5ce60398 | shown: 1-1]');
    await expect(vault.call('TextRead', { filePath: 'b.md', at: first!.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('Undo', () => {
  it('takes back an edit, a creation (to the trash), a removal and a Move with its links, each as a new change', async () => {
    const { vault, root, subjects, status } = await open({ 'a.md': 'one\n', 'b.md': 'see [[a]]\n' });
    const last = async () => (await vault.call('History', { maxResults: 1 })).changes[0]!.id;
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'two' });
    const edited = await undo(await last());
    expect(edited.steps).toEqual(['a.md has its content from before the change']);
    expect(await readFile(`${root}/a.md`, 'utf8')).toBe('one\n');
    await vault.call('Move', { sourcePath: 'a.md', destinationPath: 'x/a2.md' });
    expect((await undo(await last())).steps).toEqual(['x/a2.md moved back to a.md', 'b.md has its content from before the change']);
    expect(await readFile(`${root}/b.md`, 'utf8')).toBe('see [[a]]\n');
    await vault.call('RemoveFile', { filePath: 'a.md' });
    expect((await undo(await last())).steps).toEqual(['.trash/a.md moved back to a.md']);
    await vault.call('TextCreate', { filePath: 'c.md', content: 'c\n' });
    expect((await undo(await last())).steps).toEqual(['c.md (created by the change) moved to the trash: .trash/c.md']);
    expect(subjects().filter((subject) => subject.startsWith('Undo:'))).toHaveLength(4);
    expect(subjects()[0]).toMatch(/^Undo: [0-9a-f]{12} \(TextCreate: c\.md\)$/);
    expect(status()).toEqual([]);

    async function undo(change: string) {
      return vault.call('Undo', { change });
    }
  });

  it('refuses with STALE_FILE naming the later changes that touched the same file, and changes nothing', async () => {
    const { vault, subjects } = await open({ 'a.md': 'one\ntwo\n' });
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'uno' });
    const [first] = (await vault.call('History', { maxResults: 1 })).changes;
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'two', newString: 'dos' });
    const [later] = (await vault.call('History', { maxResults: 1 })).changes;
    const refused = vault.call('Undo', { change: first!.id });
    await expect(refused).rejects.toMatchObject({ code: 'STALE_FILE', details: { files: ['a.md'], laterChanges: [later!.id] } });
    await expect(refused).rejects.toThrow(
      /a\.md changed after change [0-9a-f]{12}, so it was not undone, by:\n {2}[0-9a-f]{12} \S+ agent \| TextEdit: a\.md\nUndo those later changes first/,
    );
    expect(subjects()).toHaveLength(3);
  });
});

describe('Restore', () => {
  it('brings a removed file back as it was after a change, as a new change; refuses a stale expectedHash', async () => {
    const { vault, root, subjects } = await open({ 'a.md': 'one\n' });
    const [first] = (await vault.call('History', {})).changes;
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'two' });
    await expect(vault.call('Restore', { filePath: 'a.md', change: first!.id, expectedHash: '0000000000000000' })).rejects.toMatchObject({
      code: 'STALE_FILE',
    });
    await vault.call('RemoveFile', { filePath: 'a.md' });
    const restored = await vault.call('Restore', { filePath: 'a.md', change: first!.id });
    expect(restored.action).toBe('recreated');
    expect(await readFile(`${root}/a.md`, 'utf8')).toBe('one\n');
    expect(subjects()[0]).toBe(`Restore: a.md (as after ${first!.id.slice(0, 12)})`);
    const again = await vault.call('Restore', { filePath: 'a.md', change: first!.id });
    expect(again.action).toBe('unchanged');
    expect(subjects()).toHaveLength(4);
  });
});

describe('the history tools for other frameworks', () => {
  it('are in the function definitions and typed functions of a vault with history, and callFunction runs them', async () => {
    const { vault } = await open({ 'a.md': 'a\n' });
    expect(functionDefinitions(vault.tools).map((definition) => definition.name)).toEqual([
      'TextRead',
      'TextEdit',
      'TextCreate',
      'TextSearch',
      'FindNotes',
      'ListDirectories',
      'ListFiles',
      'Move',
      'RemoveFile',
      'Links',
      'RenameHeading',
      'History',
      'Undo',
      'Restore',
    ]);
    expect(Object.keys(functionDefinitions(vault.tools)[0]!.parameters.properties)).toContain('at');
    const listed = await callFunction(vault, 'History', '{"filePath": "a.md", "maxResults": null}');
    expect(listed.isError).toBe(false);
    expect(listed.text).toMatch(/^[0-9a-f]{12} \S+ Pat Person \| first\n {2}files: a\.md\n/);
    const functions = createToolFunctions(vault);
    await functions.TextEdit({ filePath: 'a.md', oldString: 'a', newString: 'b' });
    const [last] = (await functions.History({ maxResults: 1 })).changes;
    expect((await functions.Undo({ change: last!.id })).steps).toEqual(['a.md has its content from before the change']);
  });
});
