import { describe, expect, it } from 'vitest';
import { open } from '../__fixtures__/open.js';

// A call retried after its answer was lost (decision 0019) finds its change already there: it is
// answered so, with nothing written, not refused with NO_MATCH or STALE_FILE.
describe('a retried call whose change is already there', () => {
  it('TextEdit: oldString nowhere and newString once is already applied, even with the expectedHash read before', async () => {
    const { fs, vault } = open({ 'a.md': 'one\ntwo\nthree\n' });
    const { fileHash: before } = await vault.call('TextRead', { filePath: 'a.md' });
    const edit = { filePath: 'a.md', oldString: 'two', newString: 'TWO\nand a half', expectedHash: before };
    const first = await vault.call('TextEdit', edit);
    const again = await vault.call('TextEdit', edit);
    expect(again).toEqual({ ...first, replacements: 0, alreadyApplied: true });
    expect(vault.render('TextEdit', again)).toBe(
      `Already applied: a.md holds this change at lines 2-3, so nothing was written. fileHash: ${first.fileHash}\n1: one\n2: TWO\n3: and a half\n4: three`,
    );
    expect(fs.toJSON()).toEqual({ 'a.md': 'one\nTWO\nand a half\nthree\n' });
  });

  it('TextEdit in a CRLF file, and in a section: the same', async () => {
    const { vault } = open({ 'a.md': '# A\r\nx\r\n# B\r\ny\r\n' });
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'y', newString: 'z\nzz', heading: 'B' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'y', newString: 'z\nzz', heading: 'B' })).resolves.toMatchObject({
      alreadyApplied: true,
      startLine: 4,
      endLine: 5,
    });
  });

  it('TextEdit with expectedHash: already applied only when putting oldString back gives the bytes read (BOM and CRLF kept)', async () => {
    const { fs, vault } = open({ 'a.md': '\uFEFFone\r\ntwo\r\nthree\r\n', 'b.md': 'one\ntwo\nthree\n' });
    const { fileHash: before } = await vault.call('TextRead', { filePath: 'a.md' });
    const edit = { filePath: 'a.md', oldString: 'two\nthree', newString: 'TWO\nTHREE', expectedHash: before };
    await vault.call('TextEdit', edit);
    await expect(vault.call('TextEdit', edit)).resolves.toMatchObject({ alreadyApplied: true, replacements: 0 });

    // Someone else changed b.md meanwhile: oldString is gone and newString happens to be there once, but not as this edit would have put it.
    const { fileHash: read } = await vault.call('TextRead', { filePath: 'b.md' });
    await vault.call('TextEdit', { filePath: 'b.md', oldString: 'one\ntwo', newString: 'TWO' });
    await expect(vault.call('TextEdit', { filePath: 'b.md', oldString: 'two', newString: 'TWO', expectedHash: read })).rejects.toMatchObject({
      code: 'STALE_FILE',
    });
    expect(fs.toJSON()['b.md']).toBe('TWO\nthree\n');
  });

  it('TextEdit still refuses when newString is not there exactly once, or is empty, or the hash differs and oldString is there', async () => {
    const { vault } = open({ 'a.md': 'one\ntwo\ntwo\n' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'zero', newString: 'two' })).rejects.toMatchObject({ code: 'NO_MATCH' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'zero', newString: '' })).rejects.toMatchObject({ code: 'NO_MATCH' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'ONE', expectedHash: '0000000000000000' })).rejects.toMatchObject({
      code: 'STALE_FILE',
    });
  });

  it('TextEdit: newString there once with oldString nowhere is NO_MATCH when no call of this vault made it so (the file, or a section)', async () => {
    const { fs, vault } = open({ 'todo.md': '# Todo\n- [ ] call Bob\n- [x] pay rent\n', 's.md': '# A\n## C\nc-text\n## D\nd\n' });
    for (const edit of [
      { filePath: 'todo.md', oldString: '- [ ] Call Alice', newString: '- [x]' },
      { filePath: 'todo.md', oldString: '- [ ] pay bills', newString: '- [x] pay rent' },
      { filePath: 's.md', heading: 'C', oldString: 'c-text\n## D', newString: 'x' },
    ]) {
      await expect(vault.call('TextEdit', edit)).rejects.toMatchObject({ code: 'NO_MATCH' });
    }
    expect(fs.toJSON()['todo.md']).toBe('# Todo\n- [ ] call Bob\n- [x] pay rent\n');
  });

  it('TextEdit sent again: already applied while the file is what its first try left, NO_MATCH once another call changed it', async () => {
    const { vault } = open({ 'a.md': 'one\ntwo\nthree\n' });
    const edit = { filePath: 'a.md', oldString: 'two', newString: 'TWO' };
    await vault.call('TextEdit', edit);
    await expect(vault.call('TextEdit', edit)).resolves.toMatchObject({ alreadyApplied: true, replacements: 0 });
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'ONE' });
    await expect(vault.call('TextEdit', edit)).rejects.toMatchObject({ code: 'NO_MATCH' });
  });

  it('a vault remembers its last 1,000 changing calls: the retry of an older one is refused as any such call', async () => {
    const { vault } = open({ 'a.md': 'one\n', 'b.md': 'n0\n' });
    const edit = { filePath: 'a.md', oldString: 'one', newString: 'two' };
    await vault.call('TextEdit', edit);
    for (let step = 0; step < 999; step += 1) await vault.call('TextEdit', { filePath: 'b.md', oldString: `n${step}\n`, newString: `n${step + 1}\n` });
    await expect(vault.call('TextEdit', edit)).resolves.toMatchObject({ alreadyApplied: true });
    // The retry was no call of its own; one more other call and the edit is the oldest, forgotten.
    await vault.call('TextEdit', { filePath: 'b.md', oldString: 'n999\n', newString: 'n1000\n' });
    await expect(vault.call('TextEdit', edit)).rejects.toMatchObject({ code: 'NO_MATCH' });
  });

  it('Move, RemoveFile and RenameHeading sent again: already applied while what they left is there, their own error otherwise', async () => {
    const { fs, vault } = open({ 'a.md': '# H\nalpha\n', 'b.md': 'see [[a#H]]\n', 'c.md': 'gamma\n' });
    const twice = async (name: 'Move' | 'RemoveFile' | 'RenameHeading', input: Record<string, unknown>) => {
      const first = await vault.call(name, input as never);
      await expect(vault.call(name, input as never)).resolves.toEqual({ ...(first as object), alreadyApplied: true });
    };
    await twice('Move', { sourcePath: 'c.md', destinationPath: 'd/c.md' });
    await twice('RemoveFile', { filePath: 'd/c.md' });
    await twice('RenameHeading', { filePath: 'a.md', heading: 'H', newHeading: 'H2' });
    expect(fs.toJSON()).toEqual({ 'a.md': '# H2\nalpha\n', 'b.md': 'see [[a#H2]]\n', 'd/': '', '.trash/d/c.md': 'gamma\n' });

    // What the first try left is gone: the retry fails as any such call would.
    await vault.call('Move', { sourcePath: '.trash/d/c.md', destinationPath: 'c.md' });
    await expect(vault.call('RemoveFile', { filePath: 'd/c.md' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'alpha', newString: 'beta' });
    await expect(vault.call('RenameHeading', { filePath: 'a.md', heading: 'H', newHeading: 'H2' })).rejects.toMatchObject({ code: 'NO_MATCH' });
    await expect(vault.call('Move', { sourcePath: 'never.md', destinationPath: 'n.md' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('TextCreate: the file already holding exactly this content is unchanged; other content is still ALREADY_EXISTS', async () => {
    const { fs, vault } = open({});
    const first = await vault.call('TextCreate', { filePath: 'n.md', content: 'hello\n' });
    const again = await vault.call('TextCreate', { filePath: 'n.md', content: 'hello\n' });
    expect(again).toEqual({ ...first, action: 'unchanged' });
    expect(vault.render('TextCreate', again)).toBe(`Already applied: n.md holds exactly this content, so nothing was written. fileHash: ${first.fileHash}`);
    await expect(vault.call('TextCreate', { filePath: 'n.md', content: 'hello!\n' })).rejects.toMatchObject({ code: 'ALREADY_EXISTS' });
    expect(fs.toJSON()).toEqual({ 'n.md': 'hello\n' });
  });
});
