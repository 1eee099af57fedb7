import { describe, expect, it } from 'vitest';
import { fileHash } from '../file-hash.js';
import { createMemoryFs } from '../memory-fs.js';
import { createVault } from '../vault.js';
import { textEdit } from './text-edit.js';

function open(seed: Record<string, string | Uint8Array>) {
  const fs = createMemoryFs(seed);
  return { fs, vault: createVault(fs) };
}

describe('TextEdit', () => {
  it('replaces the one occurrence and returns range, new hash and a numbered snippet', async () => {
    const { fs, vault } = open({ 'a.md': 'one\ntwo\nthree\nfour\nfive\nsix\nseven\n' });
    const output = await vault.call('TextEdit', { filePath: 'a.md', oldString: 'four', newString: 'FOUR\nfour and a half' });
    const expected = 'one\ntwo\nthree\nFOUR\nfour and a half\nfive\nsix\nseven\n';
    expect(fs.toJSON()).toEqual({ 'a.md': expected });
    expect(output).toEqual({
      path: 'a.md',
      replacements: 1,
      startLine: 4,
      endLine: 5,
      fileHash: await fileHash(new TextEncoder().encode(expected)),
      snippet: [
        { number: 2, text: 'two' },
        { number: 3, text: 'three' },
        { number: 4, text: 'FOUR' },
        { number: 5, text: 'four and a half' },
        { number: 6, text: 'five' },
        { number: 7, text: 'six' },
      ],
    });
    expect(textEdit.render(output).split('\n')[0]).toBe(`Edited a.md: 1 replacement, lines 4-5 changed. fileHash: ${output.fileHash}`);
  });

  it('refuses an ambiguous match with the count and every line number, changing nothing', async () => {
    const { fs, vault } = open({ 'a.md': 'x = 1\ny = 2\nx = 1\nz\nx = 1\n' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'x = 1', newString: 'x = 9' })).rejects.toMatchObject({
      code: 'AMBIGUOUS_MATCH',
      message: expect.stringContaining('3 times in a.md, at lines 1, 3, 5'),
      details: { count: 3, lines: [1, 3, 5] },
    });
    expect(fs.toJSON()).toEqual({ 'a.md': 'x = 1\ny = 2\nx = 1\nz\nx = 1\n' });
  });

  it('counts overlapping occurrences: aa occurs twice in aaa', async () => {
    const { vault } = open({ 'a.md': 'aaa\n' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'aa', newString: 'b' })).rejects.toMatchObject({
      code: 'AMBIGUOUS_MATCH',
      details: { count: 2, lines: [1, 1] },
    });
  });

  it('replaces every occurrence with replaceAll and reports the count', async () => {
    const { fs, vault } = open({ 'a.md': 'cat\ndog cat\ncat\n' });
    const output = await vault.call('TextEdit', { filePath: 'a.md', oldString: 'cat', newString: 'bird', replaceAll: true });
    expect(output).toMatchObject({ replacements: 3, startLine: 1, endLine: 3 });
    expect(fs.toJSON()).toEqual({ 'a.md': 'bird\ndog bird\nbird\n' });
  });

  it('on no match, suggests near misses with line numbers and applies none of them', async () => {
    const content = 'Title\n\tindented  code();   \nShe said “hello” — twice\nHELLO WORLD\n';
    const { fs, vault } = open({ 'a.md': content });
    const attempt = (oldString: string) => vault.call('TextEdit', { filePath: 'a.md', oldString, newString: 'changed' });
    await expect(attempt('    indented code();')).rejects.toMatchObject({
      code: 'NO_MATCH',
      details: { candidates: [{ line: 2, differences: ['whitespace'], text: '[file: "\\tindented  code();   " | oldString: "    indented code();"]' }] },
    });
    await expect(attempt('She said "hello" - twice')).rejects.toMatchObject({
      details: { candidates: [{ line: 3, differences: ['typography'], text: 'She said [file: "“hello” —" | oldString: "\\"hello\\" -"] twice', exact: 'She said “hello” — twice' }] },
    });
    await expect(attempt('hello world')).rejects.toMatchObject({
      details: { candidates: [{ line: 4, differences: ['case'] }] },
      message: expect.stringContaining('line 4 (differs in case)'),
    });
    await expect(attempt('title\n    INDENTED code();')).rejects.toMatchObject({
      details: { candidates: [{ line: 1, differences: ['whitespace', 'case'] }] },
    });
    await expect(attempt('nothing like it')).rejects.toMatchObject({ code: 'NO_MATCH', details: { candidates: [] } });
    expect(fs.toJSON()).toEqual({ 'a.md': content });
  });

  it('points out TextRead line-number prefixes left in oldString', async () => {
    const { vault } = open({ 'a.md': 'alpha\nbeta\n' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: '1: alpha\n2: beta', newString: 'x' })).rejects.toMatchObject({
      code: 'NO_MATCH',
      message: expect.stringContaining('line-number prefixes'),
    });
  });

  it('refuses an empty oldString and an oldString equal to newString', async () => {
    const { vault } = open({ 'a.md': 'alpha\n' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: '', newString: 'x' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'alpha', newString: 'alpha' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('refuses a stale expectedHash with nothing written, and accepts the current one', async () => {
    const { fs, vault } = open({ 'a.md': 'alpha\n' });
    const { fileHash: current } = await vault.call('TextRead', { filePath: 'a.md' });
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'alpha', newString: 'beta', expectedHash: current });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'beta', newString: 'gamma', expectedHash: current })).rejects.toMatchObject({
      code: 'STALE_FILE',
      message: expect.stringContaining('Read the file again'),
    });
    expect(fs.toJSON()).toEqual({ 'a.md': 'beta\n' });
  });

  it('inserts and deletes lines by including their neighbours', async () => {
    const { fs, vault } = open({ 'a.md': 'one\ntwo\nthree\n' });
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'one\n', newString: 'one\none and a half\n' });
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'two\n', newString: '' });
    expect(fs.toJSON()).toEqual({ 'a.md': 'one\none and a half\nthree\n' });
  });
});

describe('TextEdit text fidelity', () => {
  it('keeps a CRLF file CRLF byte for byte, matching an agent\'s \\n', async () => {
    const { fs, vault } = open({ 'a.md': 'one\r\ntwo\r\nthree\r\n' });
    const output = await vault.call('TextEdit', { filePath: 'a.md', oldString: 'one\ntwo', newString: 'one\nnew\ntwo' });
    expect(fs.toJSON()).toEqual({ 'a.md': 'one\r\nnew\r\ntwo\r\nthree\r\n' });
    expect(output.snippet.map((line) => line.text)).toEqual(['one', 'new', 'two', 'three']);
  });

  it('keeps each untouched line\'s ending in a mixed file; new lines take the dominant style', async () => {
    const { fs, vault } = open({ 'a.md': 'a\r\nb\nc\r\nd\r\ne\n' });
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'c\nd', newString: 'c\nc2\nd' });
    expect(fs.toJSON()).toEqual({ 'a.md': 'a\r\nb\nc\r\nc2\r\nd\r\ne\n' });
  });

  it('keeps the BOM and a missing final newline', async () => {
    const { fs, vault } = open({ 'a.md': '\uFEFFfirst\nlast' });
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'last', newString: 'final' });
    expect(fs.toJSON()).toEqual({ 'a.md': '\uFEFFfirst\nfinal' });
  });

  it('refuses Latin-1 and binary files and leaves their bytes alone', async () => {
    const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9]);
    const binary = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x0a]);
    const { fs, vault } = open({ 'latin1.md': latin1, 'image.md': binary });
    await expect(vault.call('TextEdit', { filePath: 'latin1.md', oldString: 'caf', newString: 'x' })).rejects.toMatchObject({ code: 'NOT_TEXT' });
    await expect(vault.call('TextEdit', { filePath: 'image.md', oldString: 'PNG', newString: 'x' })).rejects.toMatchObject({ code: 'NOT_TEXT' });
    expect(fs.toJSON()).toEqual({ 'image.md': binary, 'latin1.md': latin1 });
  });

  it('refuses files over the size limit before loading them', async () => {
    const vault = createVault(createMemoryFs({ 'big.md': 'x'.repeat(2000) }), { maxFileSize: 1000 });
    await expect(vault.call('TextEdit', { filePath: 'big.md', oldString: 'x', newString: 'y', replaceAll: true })).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
    });
  });
});

describe('TextEdit results and edge cases', () => {
  it('keeps the line break of shared context in a mixed file: only the differing part is replaced', async () => {
    const { fs, vault } = open({ 'a.md': 'a\r\nb\nc\r\nd\r\n' });
    const output = await vault.call('TextEdit', { filePath: 'a.md', oldString: 'b\nc', newString: 'b\nC' });
    expect(fs.toJSON()).toEqual({ 'a.md': 'a\r\nb\nC\r\nd\r\n' });
    expect(output).toMatchObject({ startLine: 3, endLine: 3 });
  });

  it('numbers the snippet right when the file starts with an empty line', async () => {
    const { vault } = open({ 'a.md': 'title\n\nbody\n' });
    const output = await vault.call('TextEdit', { filePath: 'a.md', oldString: 'title\n', newString: '' });
    expect(output.snippet).toEqual([
      { number: 1, text: '' },
      { number: 2, text: 'body' },
    ]);
  });

  it('keeps the reported range inside the file when the last line is deleted', async () => {
    const { fs, vault } = open({ 'a.md': 'a\nb\nc\n' });
    const output = await vault.call('TextEdit', { filePath: 'a.md', oldString: 'b\nc\n', newString: 'b\n' });
    expect(fs.toJSON()).toEqual({ 'a.md': 'a\nb\n' });
    expect(output).toMatchObject({ startLine: 2, endLine: 2, snippet: [{ number: 1, text: 'a' }, { number: 2, text: 'b' }] });
  });

  it('refuses as stale rather than resurrect a folder that was moved away during the edit', async () => {
    const fs = createMemoryFs({ 'dir/a.md': 'hello\n' });
    const vault = createVault({
      ...fs,
      async readFile(path) {
        const bytes = await fs.readFile(path);
        await fs.rename('dir', 'moved');
        return bytes;
      },
    });
    await expect(vault.call('TextEdit', { filePath: 'dir/a.md', oldString: 'hello', newString: 'bye' })).rejects.toMatchObject({ code: 'STALE_FILE' });
    expect(fs.toJSON()).toEqual({ 'moved/a.md': 'hello\n' });
  });
});

describe('TextEdit concurrency', () => {
  it('lands all of 50 concurrent edits of one file', async () => {
    const markers = Array.from({ length: 50 }, (_, index) => `<${index}>`);
    const { fs, vault } = open({ 'a.md': markers.join('\n') });
    await Promise.all(markers.map((marker) => vault.call('TextEdit', { filePath: 'a.md', oldString: marker, newString: `${marker}!` })));
    expect(fs.toJSON()).toEqual({ 'a.md': markers.map((marker) => `${marker}!`).join('\n') });
  });
});
