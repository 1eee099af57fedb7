import { describe, expect, it } from 'vitest';
import { fileHash } from '../text/file-hash.js';
import { open } from './__fixtures__/open.js';
import { textCreate } from './text-create.js';

describe('TextCreate', () => {
  it('creates a file with its parent folders and reports lines and hash', async () => {
    const { fs, vault } = open();
    const output = await vault.call('TextCreate', { filePath: 'projects/new/plan.md', content: '# Plan\n\n- step\n' });
    expect(output).toEqual({
      path: 'projects/new/plan.md',
      action: 'created',
      totalLines: 3,
      fileHash: await fileHash(new TextEncoder().encode('# Plan\n\n- step\n')),
    });
    expect(textCreate.render(output)).toBe(`Created projects/new/plan.md: 3 lines. fileHash: ${output.fileHash}`);
    expect(fs.toJSON()).toEqual({ 'projects/new/plan.md': '# Plan\n\n- step\n' });
  });

  it('refuses an existing file unless overwrite is set, naming the flag', async () => {
    const { fs, vault } = open({ 'a.md': 'old' });
    await expect(vault.call('TextCreate', { filePath: 'a.md', content: 'new' })).rejects.toMatchObject({
      code: 'ALREADY_EXISTS',
      message: expect.stringContaining('overwrite'),
    });
    expect(fs.toJSON()).toEqual({ 'a.md': 'old' });
    expect(await vault.call('TextCreate', { filePath: 'a.md', content: 'new', overwrite: true })).toMatchObject({ action: 'replaced', totalLines: 1 });
    expect(fs.toJSON()).toEqual({ 'a.md': 'new' });
  });

  it('with createDirectories false, refuses a missing folder', async () => {
    const { fs, vault } = open();
    await expect(vault.call('TextCreate', { filePath: 'missing/a.md', content: 'x', createDirectories: false })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(fs.toJSON()).toEqual({});
  });

  it('refuses a folder in the way, a disallowed extension and a hidden path', async () => {
    const { vault } = open({ 'x.md/inner.md': '' });
    await expect(vault.call('TextCreate', { filePath: 'x.md', content: 'x', overwrite: true })).rejects.toMatchObject({ code: 'NOT_A_FILE' });
    await expect(vault.call('TextCreate', { filePath: 'run.sh', content: 'x' })).rejects.toMatchObject({ code: 'EXTENSION_NOT_ALLOWED' });
    await expect(vault.call('TextCreate', { filePath: '.obsidian/x.md', content: 'x' })).rejects.toMatchObject({ code: 'HIDDEN_PATH' });
  });

  it('counts lines with and without a final newline, and an empty file as 0', async () => {
    const { vault } = open();
    expect((await vault.call('TextCreate', { filePath: 'a.md', content: 'a\nb' })).totalLines).toBe(2);
    expect((await vault.call('TextCreate', { filePath: 'b.md', content: '' })).totalLines).toBe(0);
  });
});
