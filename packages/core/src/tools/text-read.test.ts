import { describe, expect, it } from 'vitest';
import { fileHash } from '../file-hash.js';
import { createMemoryFs } from '../memory-fs.js';
import { createVault } from '../vault.js';
import { textRead } from './text-read.js';

const numbered = (count: number) => `${Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n')}\n`;
const open = (seed: Record<string, string | Uint8Array>, chunkSize?: number) => createVault(createMemoryFs(seed, chunkSize ? { chunkSize } : {}));

describe('TextRead', () => {
  it('returns numbered lines and a metadata line with totalLines and a 16-hex fileHash', async () => {
    const vault = open({ 'a.md': 'alpha\nbeta\n' });
    const output = await vault.call('TextRead', { filePath: 'a.md' });
    expect(output).toMatchObject({ path: 'a.md', totalLines: 2, lineEnding: 'lf', bom: false });
    expect(output.fileHash).toMatch(/^[0-9a-f]{16}$/);
    expect(output.fileHash).toBe(await fileHash(new TextEncoder().encode('alpha\nbeta\n')));
    expect(textRead.render(output)).toBe(`1: alpha\n2: beta\n[a.md | totalLines: 2 | fileHash: ${output.fileHash} | shown: 1-2]`);
  });

  it('caps a call at 500 lines and states the next offset', async () => {
    const vault = open({ 'long.md': numbered(1200) });
    const output = await vault.call('TextRead', { filePath: 'long.md', limit: 900 });
    expect(output.lines).toHaveLength(500);
    expect(output.lines.at(-1)).toEqual({ number: 500, text: 'line 500' });
    expect(output.nextOffset).toBe(501);
    expect(textRead.render(output)).toContain('more: call again with `offset: 501`');
  });

  it('reads an offset/limit window, and the last window has no next offset', async () => {
    const vault = open({ 'long.md': numbered(1200) });
    const middle = await vault.call('TextRead', { filePath: 'long.md', offset: 10, limit: 3 });
    expect(middle.lines.map((line) => line.text)).toEqual(['line 10', 'line 11', 'line 12']);
    expect(middle.nextOffset).toBe(13);
    const last = await vault.call('TextRead', { filePath: 'long.md', offset: 1101 });
    expect(last.lines).toHaveLength(100);
    expect(last.nextOffset).toBeUndefined();
  });

  it('cuts lines over 2,000 characters with a visible marker', async () => {
    const vault = open({ 'wide.md': `${'x'.repeat(2500)}\nshort\n` });
    const output = await vault.call('TextRead', { filePath: 'wide.md' });
    expect(output.lines[0]).toEqual({ number: 1, text: 'x'.repeat(2000), fullLength: 2500 });
    expect(textRead.render(output).split('\n')[0]).toBe(`1: ${'x'.repeat(2000)} … [line cut: 2500 characters; TextRead \`offset: 1\`, \`limit: 1\`, \`column: 2001\` reads on]`);
  });

  it('reads on in a cut line from a column, and shows one line asked for alone up to the answer\'s bound', async () => {
    const line = Array.from({ length: 9000 }, (_, index) => String(index % 10)).join('');
    const vault = open({ 'wide.md': `head\n${line}\r\ntail\n` });
    const onward = await vault.call('TextRead', { filePath: 'wide.md', offset: 2, limit: 2, column: 2001 });
    expect(onward.lines).toEqual([
      { number: 2, text: line.slice(2000, 4000), fullLength: 9000, column: 2000 },
      { number: 3, text: '', fullLength: 4, column: 2000 },
    ]);
    expect(textRead.render(onward).split('\n')[0]).toBe(`2: [from character 2001] …${line.slice(2000, 4000)} … [line cut: 9000 characters; TextRead \`offset: 2\`, \`limit: 1\`, \`column: 4001\` reads on]`);
    const alone = await vault.call('TextRead', { filePath: 'wide.md', offset: 2, limit: 1, column: 4001 });
    // The rest of the line, its "\r" left out as every line break is.
    expect(alone.lines).toEqual([{ number: 2, text: line.slice(4000), fullLength: 9000, column: 4000 }]);
    expect(textRead.render(alone).split('\n')[0]).toBe(`2: [from character 4001] …${line.slice(4000)}`);
    const bounded = open({ 'huge.md': `${'y'.repeat(200_000)}\n` });
    const first = await bounded.call('TextRead', { filePath: 'huge.md', limit: 1 });
    expect(first.lines[0]!.text.length).toBeGreaterThan(60_000);
    expect(bounded.render('TextRead', first).length).toBeLessThanOrEqual(bounded.options.maxOutput);
  });

  it('names the valid range when the offset is past the end', async () => {
    const vault = open({ 'a.md': 'one\ntwo\nthree\n' });
    await expect(vault.call('TextRead', { filePath: 'a.md', offset: 4 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('Use an offset from 1 to 3'),
    });
  });

  it('says when a file is empty', async () => {
    const vault = open({ 'empty.md': '' });
    const output = await vault.call('TextRead', { filePath: 'empty.md' });
    expect(output).toMatchObject({ totalLines: 0, lines: [], lineEnding: 'none' });
    expect(textRead.render(output)).toContain('the file is empty');
  });

  it('reports CRLF, mixed endings and a BOM, and shows lines without their line breaks', async () => {
    const vault = open({ 'crlf.md': '\uFEFFa\r\nb\r\n', 'mixed.md': 'a\r\nb\nc' });
    const crlf = await vault.call('TextRead', { filePath: 'crlf.md' });
    expect(crlf).toMatchObject({ lineEnding: 'crlf', bom: true, lines: [{ number: 1, text: 'a' }, { number: 2, text: 'b' }] });
    expect(textRead.render(crlf)).toContain('lineEnding: crlf | bom: yes');
    const mixed = await vault.call('TextRead', { filePath: 'mixed.md' });
    expect(mixed).toMatchObject({ lineEnding: 'mixed', totalLines: 3 });
  });

  it('streams large files in chunks with the same result as a whole read', async () => {
    const content = `${'é'.repeat(3000)}\r\n${numbered(100_000)}`;
    const streamed = await open({ 'big.md': content }, 4099).call('TextRead', { filePath: 'big.md', offset: 99_990 });
    expect(streamed.totalLines).toBe(100_001);
    expect(streamed.lines.map((line) => line.text)).toEqual(Array.from({ length: 12 }, (_, index) => `line ${99_989 + index}`));
    expect(streamed.fileHash).toBe(await fileHash(new TextEncoder().encode(content)));
    expect(streamed.lineEnding).toBe('mixed');
  });

  it('gives the same fileHash as fileHash (Web Crypto) when it hashes chunk by chunk (@noble/hashes)', async () => {
    const content = `${'ü'.repeat(70_000)}\n`.repeat(3);
    expect((await open({ 'a.md': content }, 1000).call('TextRead', { filePath: 'a.md' })).fileHash).toBe(await fileHash(new TextEncoder().encode(content)));
  });

  it('streams any file over the vault\'s maxFileSize, and refuses it only on a backend that cannot stream', async () => {
    const seed = { 'a.md': 'line\n'.repeat(400) };
    const streaming = createVault(createMemoryFs(seed), { maxFileSize: 100 });
    expect((await streaming.call('TextRead', { filePath: 'a.md', offset: 400 })).lines).toEqual([{ number: 400, text: 'line' }]);
    const { readFileChunks: _, ...wholeOnly } = createMemoryFs(seed);
    await expect(createVault(wholeOnly, { maxFileSize: 100 }).call('TextRead', { filePath: 'a.md' })).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
  });

  it('refuses folders, missing files and text that is not UTF-8', async () => {
    const vault = open({ 'notes/a.md': 'x', 'latin1.md': new Uint8Array([0x63, 0xe9]) });
    await expect(vault.call('TextRead', { filePath: 'missing.md' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(vault.call('TextRead', { filePath: 'latin1.md' })).rejects.toMatchObject({ code: 'NOT_TEXT' });
    await expect(vault.call('TextRead', { filePath: 'notes', limit: 1 })).rejects.toMatchObject({ code: 'NOT_A_FILE' });
    await expect(vault.call('TextRead', { filePath: 'notes/a.md', offset: 0 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

describe('TextRead line endings, known answers', () => {
  it.each([
    ['abc', 'none'],
    ['a\nb', 'lf'],
    ['a\r\nb', 'crlf'],
    ['a\r\nb\r\n', 'crlf'],
    ['a\r\nb\nc', 'mixed'],
    ['a\rb\n', 'lf'],
    ['', 'none'],
  ])('%j is %s', async (text, lineEnding) => {
    expect((await open({ 'a.md': text }).call('TextRead', { filePath: 'a.md' })).lineEnding).toBe(lineEnding);
  });

  it('takes only EF BB BF for a BOM: a file starting with U+FEBF (EF BA BF) keeps it as text', async () => {
    const vault = open({ 'a.md': new Uint8Array([0xef, 0xba, 0xbf, 0x78, 0x0a]) });
    const output = await vault.call('TextRead', { filePath: 'a.md' });
    expect(output).toMatchObject({ bom: false, lines: [{ number: 1, text: '\ufebfx' }] });
  });
});
