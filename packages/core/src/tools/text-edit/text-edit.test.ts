import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fileHash } from '../../text/file-hash.js';
import { createMemoryFs } from '../../vault/memory-fs.js';
import { createVault } from '../../vault/vault.js';
import type { VaultFs } from '../../vault/vault-fs.js';
import { open } from '../__fixtures__/open.js';
import { textEdit } from './text-edit.js';

/** A memory backend whose reads call `onRead` with the cancelling of `controller`: a client cancelling the call mid-way. */
function cancelledOnRead(seed: Record<string, string>, onRead: (abort: () => void) => void) {
  const controller = new AbortController();
  const reason = new Error('cancelled by the client');
  const inner = createMemoryFs(seed);
  const fs: VaultFs = {
    ...inner,
    async readFile(path) {
      const bytes = await inner.readFile(path);
      onRead(() => controller.abort(reason));
      return bytes;
    },
  };
  return { controller, reason, fs, inner };
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
      details: {
        candidates: [
          { line: 3, differences: ['typography'], text: 'She said [file: "“hello” —" | oldString: "\\"hello\\" -"] twice', exact: 'She said “hello” — twice' },
        ],
      },
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
  it("keeps a CRLF file CRLF byte for byte, matching an agent's \\n", async () => {
    const { fs, vault } = open({ 'a.md': 'one\r\ntwo\r\nthree\r\n' });
    const output = await vault.call('TextEdit', { filePath: 'a.md', oldString: 'one\ntwo', newString: 'one\nnew\ntwo' });
    expect(fs.toJSON()).toEqual({ 'a.md': 'one\r\nnew\r\ntwo\r\nthree\r\n' });
    expect(output.snippet.map((line) => line.text)).toEqual(['one', 'new', 'two', 'three']);
  });

  it("keeps each untouched line's ending in a mixed file; new lines take the dominant style", async () => {
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
    expect(output).toMatchObject({
      startLine: 2,
      endLine: 2,
      snippet: [
        { number: 1, text: 'a' },
        { number: 2, text: 'b' },
      ],
    });
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

describe('TextEdit keeps what it was not asked to change', () => {
  it('shows the last line of a file without a final line break whole in the snippet', async () => {
    const { fs, vault } = open({ 'a.md': 'one\ntwo\nlast line' });
    const output = await vault.call('TextEdit', { filePath: 'a.md', oldString: 'two', newString: 'TWO' });
    expect(textEdit.render(output)).toBe(`Edited a.md: 1 replacement, line 2 changed. fileHash: ${output.fileHash}\n1: one\n2: TWO\n3: last line`);
    expect(fs.toJSON()).toEqual({ 'a.md': 'one\nTWO\nlast line' });
  });

  it('in a mixed-ending file, keeps each untouched line break as it was, also next to the edit', async () => {
    const { fs, vault } = open({ 'a.md': 'a\r\nb\nc\r\nd\n' });
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'b\nc', newString: 'B\nc' });
    expect(fs.toJSON()).toEqual({ 'a.md': 'a\r\nB\nc\r\nd\n' });
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'c\nd', newString: 'c\nD' });
    expect(fs.toJSON()).toEqual({ 'a.md': 'a\r\nB\nc\r\nD\n' });
  });

  it('writes a file starting with U+FEBF (EF BA BF, not a BOM) back with those three bytes only', async () => {
    const { fs, vault } = open({ 'a.md': new Uint8Array([0xef, 0xba, 0xbf, 0x78, 0x0a]) });
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'x', newString: 'y' });
    expect(await fs.readFile('a.md')).toEqual(new Uint8Array([0xef, 0xba, 0xbf, 0x79, 0x0a]));
  });

  it('finds near misses for part of a line, and for a needle of three lines', async () => {
    const { vault } = open({ 'a.md': 'intro\nThe “quoted” word, and more.\nfirst\n\tsecond\nthird\n' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: '"quoted" word', newString: 'x' })).rejects.toMatchObject({
      details: { candidates: [{ line: 2, differences: ['typography'], exact: '“quoted” word' }] },
    });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'first\n  second\nthird', newString: 'x' })).rejects.toMatchObject({
      details: { candidates: [{ line: 3, differences: ['whitespace'], exact: 'first\n\tsecond\nthird' }] },
    });
  });
});

describe("TextEdit's answer as an agent reads it", () => {
  it('renders a replaceAll as "N replacements" over a range of lines, with the snippet numbered', async () => {
    const { vault } = open({ 'a.md': 'cat\ndog cat\ncat\n' });
    const output = await vault.call('TextEdit', { filePath: 'a.md', oldString: 'cat', newString: 'bird', replaceAll: true });
    const hash = await fileHash(new TextEncoder().encode('bird\ndog bird\nbird\n'));
    expect(textEdit.render(output)).toBe(`Edited a.md: 3 replacements, lines 1-3 changed. fileHash: ${hash}\n1: bird\n2: dog bird\n3: bird`);
  });

  it('gives structured content with the snippet as the text shows it', async () => {
    const { vault } = open({ 'a.md': 'one\ntwo\n' });
    const output = await vault.call('TextEdit', { filePath: 'a.md', oldString: 'two', newString: 'TWO' });
    expect(textEdit.structure(output)).toEqual({
      path: 'a.md',
      replacements: 1,
      startLine: 2,
      endLine: 2,
      fileHash: await fileHash(new TextEncoder().encode('one\nTWO\n')),
      snippet: ['1: one', '2: TWO'],
    });
  });
});

describe('TextEdit refuses what it cannot do, saying why', () => {
  it('refuses an empty oldString, pointing to TextCreate', async () => {
    const { vault } = open({ 'a.md': 'alpha\n' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: '', newString: 'x' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: '`oldString` is empty. Pass the exact text to replace; to write a whole new file use TextCreate.',
    });
  });

  it('refuses oldString equal to newString once CRLFs are taken as line breaks, the file unchanged', async () => {
    const { fs, vault } = open({ 'a.md': 'a\nb\n' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'a\r\nb', newString: 'a\nb' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: '`oldString` and `newString` are the same, so the edit would change nothing. Pass the new text in `newString`.',
    });
    expect(fs.toJSON()).toEqual({ 'a.md': 'a\nb\n' });
  });

  it('writes a CRLF in newString as the LF of an LF file', async () => {
    const { fs, vault } = open({ 'a.md': 'a\nb\n' });
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'x\r\ny' });
    expect(fs.toJSON()).toEqual({ 'a.md': 'x\ny\nb\n' });
  });

  it('accepts expectedHash in upper case', async () => {
    const { fs, vault } = open({ 'a.md': 'alpha\n' });
    const { fileHash: current } = await vault.call('TextRead', { filePath: 'a.md' });
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'alpha', newString: 'beta', expectedHash: current!.toUpperCase() });
    expect(fs.toJSON()).toEqual({ 'a.md': 'beta\n' });
  });

  it('says which hash is stale and what to do', async () => {
    const { vault } = open({ 'a.md': 'alpha\n' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'alpha', newString: 'beta', expectedHash: '0123456789abcdef' })).rejects.toMatchObject({
      code: 'STALE_FILE',
      message:
        'a.md has changed since you read it (its fileHash is no longer 0123456789abcdef), so the edit was not applied. Read the file again with TextRead and redo the edit on its current content.',
    });
  });
});

describe("TextEdit's AMBIGUOUS_MATCH shows where each occurrence is", () => {
  const advice = 'Include more surrounding text in `oldString` so that it matches exactly once, or set `replaceAll: true` to replace every occurrence.';

  it("names every line and shows each line's text", async () => {
    const { vault } = open({ 'a.md': 'x = 1\ny = 2\nx = 1\nz\nx = 1\n' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'x = 1', newString: 'x = 9' })).rejects.toMatchObject({
      message: `\`oldString\` occurs 3 times in a.md, at lines 1, 3, 5. ${advice}\nline 1: x = 1\nline 3: x = 1\nline 5: x = 1`,
    });
  });

  it('counts occurrences on one line and shows that line once', async () => {
    const { vault } = open({ 'a.md': 'aaa\nb\n' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'aa', newString: 'c' })).rejects.toMatchObject({
      message: `\`oldString\` occurs 2 times in a.md, at line 1 (2 times). ${advice}\nline 1: aaa`,
    });
  });

  it('names the first 20 occurrences and counts the rest', async () => {
    const { vault } = open({ 'a.md': 'k\n'.repeat(25) });
    const first20 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20];
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'k', newString: 'K' })).rejects.toMatchObject({
      code: 'AMBIGUOUS_MATCH',
      message: [
        `\`oldString\` occurs 25 times in a.md, at lines ${first20.join(', ')} and 5 more. ${advice}`,
        ...first20.map((line) => `line ${line}: k`),
      ].join('\n'),
      details: { count: 25, lines: first20 },
    });
  });

  it('cuts a long line to 160 characters from 40 before the occurrence, marked with … where cut', async () => {
    const line = `${'a'.repeat(50)}X${'b'.repeat(200)}`;
    const { vault } = open({ 'a.md': `${line}\n${line}\n` });
    const shown = `…${'a'.repeat(40)}X${'b'.repeat(119)}…`;
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'X', newString: 'Y' })).rejects.toMatchObject({
      message: `\`oldString\` occurs 2 times in a.md, at lines 1, 2. ${advice}\nline 1: ${shown}\nline 2: ${shown}`,
    });
  });

  it('shows a line from its start when the occurrence is near it, and to its end when it fits', async () => {
    const { vault } = open({ 'a.md': `${'a'.repeat(39)}X${'b'.repeat(120)}\nshort X line\n` });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'X', newString: 'Y' })).rejects.toMatchObject({
      message: `\`oldString\` occurs 2 times in a.md, at lines 1, 2. ${advice}\nline 1: ${'a'.repeat(39)}X${'b'.repeat(120)}\nline 2: short X line`,
    });
  });

  it('never cuts an astral character in half at either end of the window', async () => {
    const early = `${'😀'.repeat(25)}cXtail`;
    const late = `X${'b'.repeat(158)}${'😀'.repeat(3)}`;
    const { vault } = open({ 'a.md': `${early}\n${late}\n` });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'X', newString: 'Y' })).rejects.toMatchObject({
      message: `\`oldString\` occurs 2 times in a.md, at lines 1, 2. ${advice}\nline 1: …${'😀'.repeat(20)}cXtail\nline 2: X${'b'.repeat(158)}…`,
    });
  });
});

describe("TextEdit's NO_MATCH says what to try next", () => {
  const retry = 'Copy the exact current text from TextRead (read the file again if it may have changed) and retry.';

  it('with no near miss, only the advice to copy the current text', async () => {
    const { vault } = open({ 'a.md': 'alpha\n' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'zzz', newString: 'x' })).rejects.toMatchObject({
      code: 'NO_MATCH',
      message: `\`oldString\` was not found in a.md. ${retry}`,
    });
  });

  it("lists near misses with what differs and the file's exact text, and hints at line-number prefixes", async () => {
    const { vault } = open({ 'a.md': 'alpha\nShe said “hi”\n' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: '2: She said "hi"', newString: 'x' })).rejects.toMatchObject({
      code: 'NO_MATCH',
      message: expect.stringMatching(
        /^`oldString` was not found in a\.md\. `oldString` seems to include TextRead's "N: " line-number prefixes; leave them out\. /,
      ),
    });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'said "hi"', newString: 'x' })).rejects.toMatchObject({
      message: `\`oldString\` was not found in a.md. Closest candidates, not applied: line 2 (differs in typography): She said [file: "“hi”" | oldString: "\\"hi\\""], the file's text there: "said “hi”". ${retry}`,
    });
  });

  it('lists several near misses apart, each with every way it differs', async () => {
    const { vault } = open({ 'a.md': 'Hello  World\nhello world\n' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'Hello World', newString: 'x' })).rejects.toMatchObject({
      code: 'NO_MATCH',
      message: `\`oldString\` was not found in a.md. Closest candidates, not applied: line 1 (differs in whitespace): Hello [file: " " | oldString: ""]World, the file's text there: "Hello  World"; line 2 (differs in case): [file: "hello w" | oldString: "Hello W"]orld, the file's text there: "hello world". ${retry}`,
    });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'HELLO World', newString: 'x' })).rejects.toMatchObject({
      message: expect.stringContaining('line 1 (differs in whitespace and case): '),
    });
  });

  it("leaves out the file's text at a near miss longer than 500 characters", async () => {
    const long = `${'word '.repeat(120)}End`;
    const { vault } = open({ 'a.md': `${long}\n` });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: long.replace('End', 'end'), newString: 'x' })).rejects.toMatchObject({
      code: 'NO_MATCH',
      message: `\`oldString\` was not found in a.md. Closest candidates, not applied: line 1 (differs in case): …${'word '.repeat(12)}[file: "E" | oldString: "e"]nd. ${retry}`,
    });
  });

  it('says when the search for near misses stopped at its time budget', async () => {
    const vault = createVault(createMemoryFs({ 'a.md': 'alpha\n' }), { searchTimeout: -1 });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'ALPHA', newString: 'x' })).rejects.toMatchObject({
      code: 'NO_MATCH',
      message: `\`oldString\` was not found in a.md. The search for near misses stopped at its time budget, so there may be others. ${retry}`,
    });
  });
});

describe("TextEdit's size limit for the result", () => {
  const limited = (content: string) => {
    const fs = createMemoryFs({ 'a.md': content });
    return { fs, vault: createVault(fs, { maxFileSize: 10 }) };
  };

  it('allows a result of exactly the limit, counted in bytes', async () => {
    const { fs, vault } = limited('abcdefgh\n');
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'h', newString: 'é' });
    expect(fs.toJSON()).toEqual({ 'a.md': 'abcdefgé\n' });
  });

  it('refuses a result over the limit (by one byte too) before writing, saying how large it would be', async () => {
    const { fs, vault } = limited('abcdefgh\n');
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'gh', newString: 'gé€' })).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
      message:
        "The edit (1 replacement) would make a.md about 13 bytes, over this vault's limit of 10 bytes, so nothing was changed. Replace fewer occurrences or with shorter text, or raise the limit.",
    });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'h', newString: 'éx' })).rejects.toMatchObject({
      message: expect.stringContaining('would make a.md about 11 bytes'),
    });
    expect(fs.toJSON()).toEqual({ 'a.md': 'abcdefgh\n' });
  });

  it('refuses a result longer than a JavaScript string can be, before building it, even under a larger byte limit', async () => {
    const fs = createMemoryFs({ 'a.md': 'x'.repeat(1_000_000) });
    const vault = createVault(fs, { maxFileSize: 2 ** 30 });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'x', newString: 'y'.repeat(600), replaceAll: true })).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
      message:
        'The edit (1000000 replacements) would make a.md about 600000000 characters, more than a JavaScript string can hold (536870888), so nothing was changed. Replace fewer occurrences or with shorter text.',
    });
    expect(fs.toJSON()['a.md']).toHaveLength(1_000_000);
  });

  it('counts every replacement of a replaceAll, and the bytes a shorter text frees', async () => {
    const { vault } = limited('a.a.a.a\n');
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'bb', replaceAll: true })).rejects.toMatchObject({
      message: expect.stringContaining('The edit (4 replacements) would make a.md about 12 bytes'),
    });
    const { fs, vault: shrinking } = limited('éa.éa\n');
    await shrinking.call('TextEdit', { filePath: 'a.md', oldString: 'éa', newString: 'xyz', replaceAll: true });
    expect(fs.toJSON()).toEqual({ 'a.md': 'xyz.xyz\n' });
  });
});

describe('What an agent is told about TextEdit', () => {
  it('describes the tool: what it does, how to insert and delete, when to use it, an example', () => {
    expect({ name: textEdit.name, title: textEdit.title, effects: textEdit.effects }).toEqual({
      name: 'TextEdit',
      title: 'Edit a text file by exact string replacement',
      effects: { readOnly: false, destructive: true, idempotent: false },
    });
    expect(textEdit.description).toBe(
      [
        'Replaces an exact string in a text file of the vault and returns the changed lines, numbered, with the new fileHash.',
        'oldString must occur exactly once (overlapping occurrences count); if it occurs more often the error lists every line it occurs on, so add surrounding lines to oldString, or set replaceAll to true to replace them all. If it is not found, the error shows the closest candidates (differing in case, whitespace, quotes or dashes) with their line numbers; nothing is changed.',
        'To insert lines, include the neighbouring text in oldString and add the new lines in newString; to delete, leave them out of newString. Line endings (LF or CRLF) and a BOM are kept; "\\n" in oldString also matches a CRLF file.',
        'Use TextEdit for changes to an existing file; use TextCreate only to replace a whole file. Pass expectedHash (the fileHash from TextRead) to be sure the file has not changed since you read it. With heading, the edit stays inside that section.',
        'Example: {"filePath": "notes/todo.md", "oldString": "- [ ] ship it", "newString": "- [x] ship it"}.',
      ].join('\n'),
    );
  });

  it('describes each parameter, and which are required', () => {
    expect(z.toJSONSchema(textEdit.inputSchema, { target: 'draft-7', io: 'input' })).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        filePath: { type: 'string', description: 'The file to edit: a vault-relative path such as notes/todo.md.' },
        oldString: {
          type: 'string',
          description:
            'The exact text to replace, copied from the file without TextRead\'s "N: " prefixes. Must occur exactly once unless replaceAll is true; include surrounding lines to make it unique.',
        },
        newString: { type: 'string', description: 'The text to put in its place; empty to delete oldString. Must differ from oldString.' },
        replaceAll: { type: 'boolean', default: false, description: 'Replace every occurrence of oldString instead of requiring exactly one. Default false.' },
        expectedHash: {
          type: 'string',
          pattern: '^[0-9a-fA-F]{16}$',
          description:
            'The fileHash from your last TextRead or TextEdit of this file; the edit is refused with STALE_FILE if the file changed since. Default: no check.',
        },
        heading: {
          type: 'string',
          description: 'Edit only inside the section under this heading (as in TextRead). Default: the whole file.',
        },
      },
      required: ['filePath', 'oldString', 'newString'],
      additionalProperties: false,
    });
  });

  it("declares the structured result's shape, which the structured content fits", async () => {
    const { vault } = open({ 'a.md': 'one\n' });
    const structured = textEdit.structure(await vault.call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'two' }));
    expect(textEdit.outputSchema.parse(structured)).toEqual(structured);
    expect(Object.keys(textEdit.outputSchema.shape)).toEqual(['path', 'replacements', 'startLine', 'endLine', 'fileHash', 'snippet', 'alreadyApplied', 'cut']);
  });

  it.each([
    ['15 hex digits', '0123456789abcde'],
    ['17 hex digits', '0123456789abcdef0'],
    ['a letter past f', '0123456789abcdeg'],
    ['a character before the hash', 'x0123456789abcdef'],
  ])('refuses an expectedHash that is no fileHash (%s), before touching the file', async (_label, expectedHash) => {
    const { fs, vault } = open({ 'a.md': 'alpha\n' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'alpha', newString: 'beta', expectedHash })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('expectedHash must be a fileHash: the 16 hex characters TextRead and TextEdit return'),
    });
    expect(fs.toJSON()).toEqual({ 'a.md': 'alpha\n' });
  });

  it('replaces only one occurrence unless replaceAll is passed', async () => {
    const { fs, vault } = open({ 'a.md': 'x\ny\nx\n' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'x', newString: 'z' })).rejects.toMatchObject({ code: 'AMBIGUOUS_MATCH' });
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'y', newString: 'Y' });
    expect(fs.toJSON()).toEqual({ 'a.md': 'x\nY\nx\n' });
  });
});

describe('TextEdit names the parameter that holds what it cannot write', () => {
  it('a NUL in newString', async () => {
    const { fs, vault } = open({ 'a.md': 'alpha\n' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'alpha', newString: 'a\0b' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'newString holds a NUL character (at character 1), which would make the file binary, and the text tools refuse binary files. Remove it.',
    });
    expect(fs.toJSON()).toEqual({ 'a.md': 'alpha\n' });
  });

  it('half a surrogate pair in oldString', async () => {
    const { vault } = open({ 'a.md': 'alpha\n' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'al\ud83d', newString: 'x' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringMatching(/^oldString holds half of a UTF-16 surrogate pair \(at character 2\)/),
    });
  });
});

describe('TextEdit ambiguity shows each line around its first occurrence', () => {
  it('on a long line holding two occurrences, the window is around the first; a last line without a break is shown whole', async () => {
    const line = `${'x'.repeat(300)}needle${'y'.repeat(300)}needle${'z'.repeat(10)}`;
    const { vault } = open({ 'a.md': `${line}\nneedle at the end` });
    const error = (await vault.call('TextEdit', { filePath: 'a.md', oldString: 'needle', newString: 'pin' }).catch((caught: unknown) => caught)) as Error;
    const lines = error.message.split('\n');
    expect(lines[1]!.startsWith(`line 1: …${'x'.repeat(40)}needle${'y'.repeat(10)}`)).toBe(true);
    expect(lines[2]).toBe('line 2: needle at the end');
  });
});

describe('TextEdit on a large file', () => {
  it('writes the new text in pieces byte for byte, characters split between pieces whole, with the fileHash of what it wrote', async () => {
    // 😀 and 😁 share their first UTF-16 unit, so the unchanged text before the change ends with half a character;
    // and the emoji further on straddles the end of the first mebibyte of characters after the change.
    const x = 'x'.repeat(1 << 20);
    const y = 'y'.repeat((1 << 20) - 1);
    const { fs, vault } = open({ 'big.md': `\uFEFF${x}😀a${y}😀${'tail\r\n'.repeat(100)}` });
    const output = await vault.call('TextEdit', { filePath: 'big.md', oldString: '😀a', newString: '😁a' });
    const written = fs.toJSON()['big.md'] as string;
    expect(written).toBe(`\uFEFF${x}😁a${y}😀${'tail\r\n'.repeat(100)}`);
    expect(output).toMatchObject({ replacements: 1, startLine: 1, endLine: 1, fileHash: await fileHash(new TextEncoder().encode(written)) });
    expect(output.snippet.map((line) => line.number)).toEqual([1, 2, 3]);
  });

  it('replaces every one of over a million occurrences in one call, past the pause for other calls after the first million', async () => {
    const { fs, vault } = open({ 'big.md': 'a'.repeat((1 << 20) + 1) });
    const output = await vault.call('TextEdit', { filePath: 'big.md', oldString: 'a', newString: 'b', replaceAll: true });
    expect(output).toMatchObject({ replacements: (1 << 20) + 1, startLine: 1, endLine: 1 });
    expect(fs.toJSON()).toEqual({ 'big.md': 'b'.repeat((1 << 20) + 1) });
  });

  it('stops a cancelled call while it counts over a million occurrences, rather than answering after the count', async () => {
    const { controller, reason, fs } = cancelledOnRead({ 'big.md': 'a'.repeat((1 << 20) + 1) }, (abort) => abort());
    // Without replaceAll the count alone decides (AMBIGUOUS_MATCH); the cancellation comes first.
    await expect(createVault(fs).call('TextEdit', { filePath: 'big.md', oldString: 'a', newString: 'b' }, { signal: controller.signal })).rejects.toBe(reason);
  });
});

describe('TextEdit cancelled while it replaces', () => {
  it('stops a call cancelled after the count, while it replaces over a million occurrences, the file unchanged', async () => {
    // Two turns after the read: after the count's pause (a turn), within the replacing, which pauses after a million too.
    const { controller, reason, fs, inner } = cancelledOnRead({ 'big.md': 'a'.repeat((1 << 20) + 1) }, (abort) => setTimeout(() => setTimeout(abort, 0), 0));
    await expect(
      createVault(fs).call('TextEdit', { filePath: 'big.md', oldString: 'a', newString: 'b', replaceAll: true }, { signal: controller.signal }),
    ).rejects.toBe(reason);
    expect(inner.toJSON()).toEqual({ 'big.md': 'a'.repeat((1 << 20) + 1) });
  });
});

describe('TextEdit writes only where the file still leads', () => {
  it('refuses a file that became a link to a file of another kind after it was read, writing nothing', async () => {
    const inner = createMemoryFs({ 'a.md': 'one\n', 'a.sh': 'echo\n' });
    let swapped = false;
    const fs: VaultFs = {
      ...inner,
      async readFile(path) {
        const bytes = await inner.readFile(path);
        swapped = true;
        return bytes;
      },
      async stat(path) {
        const stat = await inner.stat(path);
        return swapped && path === 'a.md' ? { ...stat!, target: 'a.sh' } : stat;
      },
      resolveSymlinks: async (path) => (swapped && path === 'a.md' ? 'a.sh' : path),
    };
    await expect(createVault(fs).call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'two' })).rejects.toMatchObject({
      code: 'EXTENSION_NOT_ALLOWED',
      message: expect.stringContaining('a.md leads through a symlink to a.sh'),
    });
    expect(inner.toJSON()).toEqual({ 'a.md': 'one\n', 'a.sh': 'echo\n' });
  });
});

describe('TextEdit cancelled', () => {
  it('writes nothing when the call is cancelled before its write, however little it has to look through', async () => {
    for (const text of ['a\nb\n', 'lorem ipsum\n'.repeat(50_000)]) {
      const { vault, fs } = open({ 'a.md': text });
      const controller = new AbortController();
      const call = vault.call('TextEdit', { filePath: 'a.md', oldString: text.slice(0, 1), newString: 'X', replaceAll: true }, { signal: controller.signal });
      controller.abort(new Error('cancelled by the client'));
      await expect(call).rejects.toThrow('cancelled by the client');
      expect(fs.toJSON()['a.md']).toBe(text);
    }
  });
});
