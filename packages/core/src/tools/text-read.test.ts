import { describe, expect, it } from 'vitest';
import { fileHash } from '../text/file-hash.js';
import { createMemoryFs } from '../vault/memory-fs.js';
import type { TextStyle } from '../text/text-style.js';
import { createVault } from '../vault/vault.js';
import type { VaultFs } from '../vault/vault-fs.js';
import { open } from './__fixtures__/open.js';
import { textRead } from './text-read.js';

const numbered = (count: number) => `${Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n')}\n`;

describe('TextRead', () => {
  it('returns numbered lines and a metadata line with totalLines and a 16-hex fileHash', async () => {
    const { vault } = open({ 'a.md': 'alpha\nbeta\n' });
    const output = await vault.call('TextRead', { filePath: 'a.md' });
    expect(output).toMatchObject({ path: 'a.md', totalLines: 2, lineEnding: 'lf', bom: false });
    expect(output.fileHash).toMatch(/^[0-9a-f]{16}$/);
    expect(output.fileHash).toBe(await fileHash(new TextEncoder().encode('alpha\nbeta\n')));
    expect(textRead.render(output)).toBe(`1: alpha\n2: beta\n[a.md | totalLines: 2 | fileHash: ${output.fileHash} | shown: 1-2]`);
  });

  it('caps a call at 500 lines and states the next offset', async () => {
    const { vault } = open({ 'long.md': numbered(1200) });
    const output = await vault.call('TextRead', { filePath: 'long.md', limit: 900 });
    expect(output.lines).toHaveLength(500);
    expect(output.lines.at(-1)).toEqual({ number: 500, text: 'line 500' });
    expect(output.nextOffset).toBe(501);
    expect(textRead.render(output)).toContain('more: call again with `offset: 501`');
  });

  it('reads an offset/limit window, and the last window has no next offset', async () => {
    const { vault } = open({ 'long.md': numbered(1200) });
    const middle = await vault.call('TextRead', { filePath: 'long.md', offset: 10, limit: 3 });
    expect(middle.lines.map((line) => line.text)).toEqual(['line 10', 'line 11', 'line 12']);
    expect(middle.nextOffset).toBe(13);
    const last = await vault.call('TextRead', { filePath: 'long.md', offset: 1101 });
    expect(last.lines).toHaveLength(100);
    expect(last.nextOffset).toBeUndefined();
  });

  it('cuts lines over 2,000 characters with a visible marker', async () => {
    const { vault } = open({ 'wide.md': `${'x'.repeat(2500)}\nshort\n` });
    const output = await vault.call('TextRead', { filePath: 'wide.md' });
    expect(output.lines[0]).toEqual({ number: 1, text: 'x'.repeat(2000), fullLength: 2500 });
    expect(textRead.render(output).split('\n')[0]).toBe(
      `1: ${'x'.repeat(2000)} … [line cut: 2500 characters; TextRead \`offset: 1\`, \`limit: 1\`, \`column: 2001\` reads on]`,
    );
  });

  it("reads on in a cut line from a column, and shows one line asked for alone up to the answer's bound", async () => {
    const line = Array.from({ length: 9000 }, (_, index) => String(index % 10)).join('');
    const { vault } = open({ 'wide.md': `head\n${line}\r\ntail\n` });
    const onward = await vault.call('TextRead', { filePath: 'wide.md', offset: 2, limit: 2, column: 2001 });
    expect(onward.lines).toEqual([
      { number: 2, text: line.slice(2000, 4000), fullLength: 9000, column: 2000 },
      { number: 3, text: '', fullLength: 4, column: 2000 },
    ]);
    expect(textRead.render(onward).split('\n')[0]).toBe(
      `2: [from character 2001] …${line.slice(2000, 4000)} … [line cut: 9000 characters; TextRead \`offset: 2\`, \`limit: 1\`, \`column: 4001\` reads on]`,
    );
    const alone = await vault.call('TextRead', { filePath: 'wide.md', offset: 2, limit: 1, column: 4001 });
    // The rest of the line, its "\r" left out as every line break is.
    expect(alone.lines).toEqual([{ number: 2, text: line.slice(4000), fullLength: 9000, column: 4000 }]);
    expect(textRead.render(alone).split('\n')[0]).toBe(`2: [from character 4001] …${line.slice(4000)}`);
    const { vault: bounded } = open({ 'huge.md': `${'y'.repeat(200_000)}\n` });
    const first = await bounded.call('TextRead', { filePath: 'huge.md', limit: 1 });
    expect(first.lines[0]!.text.length).toBeGreaterThan(60_000);
    expect(bounded.render('TextRead', first).length).toBeLessThanOrEqual(bounded.options.maxOutput);
  });

  it('names the valid range when the offset is past the end', async () => {
    const { vault } = open({ 'a.md': 'one\ntwo\nthree\n' });
    await expect(vault.call('TextRead', { filePath: 'a.md', offset: 4 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('Use an offset from 1 to 3'),
    });
  });

  it('says when a file is empty', async () => {
    const { vault } = open({ 'empty.md': '' });
    const output = await vault.call('TextRead', { filePath: 'empty.md' });
    expect(output).toMatchObject({ totalLines: 0, lines: [], lineEnding: 'none' });
    expect(textRead.render(output)).toContain('the file is empty');
  });

  it('reports CRLF, mixed endings and a BOM, and shows lines without their line breaks', async () => {
    const { vault } = open({ 'crlf.md': '\uFEFFa\r\nb\r\n', 'mixed.md': 'a\r\nb\nc' });
    const crlf = await vault.call('TextRead', { filePath: 'crlf.md' });
    expect(crlf).toMatchObject({
      lineEnding: 'crlf',
      bom: true,
      lines: [
        { number: 1, text: 'a' },
        { number: 2, text: 'b' },
      ],
    });
    expect(textRead.render(crlf)).toContain('lineEnding: crlf | bom: yes');
    const mixed = await vault.call('TextRead', { filePath: 'mixed.md' });
    expect(mixed).toMatchObject({ lineEnding: 'mixed', totalLines: 3 });
  });

  it('streams large files in chunks with the same result as a whole read', async () => {
    const content = `${'é'.repeat(3000)}\r\n${numbered(100_000)}`;
    const streamed = await createVault(createMemoryFs({ 'big.md': content }, { chunkSize: 4099 })).call('TextRead', { filePath: 'big.md', offset: 99_990 });
    expect(streamed.totalLines).toBe(100_001);
    expect(streamed.lines.map((line) => line.text)).toEqual(Array.from({ length: 12 }, (_, index) => `line ${99_989 + index}`));
    expect(streamed.fileHash).toBe(await fileHash(new TextEncoder().encode(content)));
    expect(streamed.lineEnding).toBe('mixed');
  });

  it('gives the same fileHash as fileHash (Web Crypto) when it hashes chunk by chunk (@noble/hashes)', async () => {
    const content = `${'ü'.repeat(70_000)}\n`.repeat(3);
    expect((await createVault(createMemoryFs({ 'a.md': content }, { chunkSize: 1000 })).call('TextRead', { filePath: 'a.md' })).fileHash).toBe(
      await fileHash(new TextEncoder().encode(content)),
    );
  });

  it("streams any file over the vault's maxFileSize, and refuses it only on a backend that cannot stream", async () => {
    const seed = { 'a.md': 'line\n'.repeat(400) };
    const streaming = createVault(createMemoryFs(seed), { maxFileSize: 100 });
    expect((await streaming.call('TextRead', { filePath: 'a.md', offset: 400 })).lines).toEqual([{ number: 400, text: 'line' }]);
    const { readFileChunks: _, ...wholeOnly } = createMemoryFs(seed);
    await expect(createVault(wholeOnly, { maxFileSize: 100 }).call('TextRead', { filePath: 'a.md' })).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
  });

  it('gives each vault on one backend the fileHash its own limit says, whichever read the file first', async () => {
    // Over 1 MiB, so both stream it (and keep its line index): one over its limit, one within.
    const fs = createMemoryFs({ 'a.md': 'line\n'.repeat(230_000) });
    const strict = createVault(fs, { maxFileSize: 1024 * 1024 });
    const roomy = createVault(fs, { maxFileSize: 2 * 1024 * 1024 });
    const hash = await fileHash(await fs.readFile('a.md'));
    for (const [first, second] of [
      [strict, roomy],
      [roomy, strict],
    ] as const) {
      expect((await first.call('TextRead', { filePath: 'a.md', offset: 230_000 })).fileHash).toBe(first === strict ? undefined : hash);
      expect((await second.call('TextRead', { filePath: 'a.md', offset: 230_000 })).fileHash).toBe(second === strict ? undefined : hash);
    }
  });

  it('reads a file in the trash when asked for it by path, and calls the trash itself a folder to list', async () => {
    const { vault } = open({ '.trash/old.md': 'kept\n' });
    expect(await vault.call('TextRead', { filePath: '.trash/old.md' })).toMatchObject({ path: '.trash/old.md', lines: [{ number: 1, text: 'kept' }] });
    await expect(vault.call('TextRead', { filePath: '.trash' })).rejects.toMatchObject({
      code: 'NOT_A_FILE',
      message: '.trash is a folder, not a file. List it with ListFiles.',
    });
  });

  it('refuses folders, missing files and text that is not UTF-8', async () => {
    const { vault } = open({ 'notes/a.md': 'x', 'latin1.md': new Uint8Array([0x63, 0xe9]) });
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
    expect((await open({ 'a.md': text }).vault.call('TextRead', { filePath: 'a.md' })).lineEnding).toBe(lineEnding);
  });

  it('takes only EF BB BF for a BOM: a file starting with U+FEBF (EF BA BF) keeps it as text', async () => {
    const { vault } = open({ 'a.md': new Uint8Array([0xef, 0xba, 0xbf, 0x78, 0x0a]) });
    const output = await vault.call('TextRead', { filePath: 'a.md' });
    expect(output).toMatchObject({ bom: false, lines: [{ number: 1, text: '\ufebfx' }] });
  });
});

describe('TextRead answers, whole', () => {
  it('renders CRLF, a BOM and the range shown on the metadata line', async () => {
    const { vault } = open({ 'crlf.md': '\uFEFFa\r\nb\r\n', 'mixed.md': 'a\r\nb\nc' });
    expect(vault.render('TextRead', await vault.call('TextRead', { filePath: 'crlf.md' }))).toBe(
      '1: a\n2: b\n[crlf.md | totalLines: 2 | fileHash: ef7385f30109f20b | lineEnding: crlf | bom: yes | shown: 1-2]',
    );
    expect(vault.render('TextRead', await vault.call('TextRead', { filePath: 'mixed.md', offset: 2, limit: 1 }))).toBe(
      '2: b\n[mixed.md | totalLines: 3 | fileHash: 5aecdf775ccf1096 | lineEnding: mixed | shown: 2-2 | more: call again with `offset: 3`]',
    );
  });

  it('renders an empty file as a metadata line that says so', async () => {
    const { vault } = open({ 'empty.md': '' });
    expect(vault.render('TextRead', await vault.call('TextRead', { filePath: 'empty.md' }))).toBe(
      '[empty.md | totalLines: 0 | fileHash: e3b0c44298fc1c14 | the file is empty]',
    );
  });

  it('marks up the path, the line numbers and the metadata line with the style given', async () => {
    const { vault } = open({ 'a.md': 'alpha\nbeta\n' });
    const style: TextStyle = { path: (text) => `(${text})`, lineNumber: (text) => `<${text}>`, note: (text) => `{${text}}`, match: (text) => text };
    expect(textRead.render(await vault.call('TextRead', { filePath: 'a.md' }), style)).toBe(
      '<1>: alpha\n<2>: beta\n{[(a.md) | totalLines: 2 | fileHash: e49c81e2d2f84e25 | shown: 1-2]}',
    );
  });

  it('gives the lines in the structured content as the text shows them', async () => {
    const { vault } = open({ 'wide.md': `${'x'.repeat(2001)}\r\nshort\r\nmore\r\n` });
    const output = await vault.call('TextRead', { filePath: 'wide.md', limit: 2 });
    expect(textRead.structure(output)).toEqual({
      path: 'wide.md',
      lines: [`1: ${'x'.repeat(2000)} … [line cut: 2001 characters; TextRead \`offset: 1\`, \`limit: 1\`, \`column: 2001\` reads on]`, '2: short'],
      totalLines: 3,
      fileHash: output.fileHash,
      lineEnding: 'crlf',
      bom: false,
      nextOffset: 3,
    });
  });

  it('names the file and its length when the offset is past the end', async () => {
    const { vault } = open({ 'a.md': 'one\ntwo\nthree\n', 'empty.md': '' });
    await expect(vault.call('TextRead', { filePath: 'a.md', offset: 4 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'offset 4 is past the end of a.md, which has 3 lines. Use an offset from 1 to 3.',
    });
    expect((await vault.call('TextRead', { filePath: 'a.md', offset: 3 })).lines).toEqual([{ number: 3, text: 'three' }]);
    await expect(vault.call('TextRead', { filePath: 'empty.md', offset: 2 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'empty.md is empty, so offset 2 is past its end. Read it without an offset.',
    });
    expect(await vault.call('TextRead', { filePath: 'empty.md', offset: 1 })).toMatchObject({ totalLines: 0, lines: [] });
  });

  it('gives no next offset when the window reaches the last line exactly', async () => {
    const { vault } = open({ 'a.md': 'one\ntwo\nthree' });
    expect(await vault.call('TextRead', { filePath: 'a.md', offset: 2, limit: 2 })).not.toHaveProperty('nextOffset');
    expect(await vault.call('TextRead', { filePath: 'a.md', offset: 1, limit: 2 })).toMatchObject({ nextOffset: 3 });
  });
});

describe('TextRead bounds', () => {
  // With maxOutput 4096, the lines of a.md have 4096 - 300 - 4 ("a.md") = 3792 characters, each line counted as "N: text" and its line break.
  const bounded = (seed: Record<string, string>) => createVault(createMemoryFs(seed), { maxOutput: 4096 });

  it("takes as many lines as the answer's bound leaves room for beside the metadata line and the path", async () => {
    const fits = `${'x'.repeat(1892)}\n${'y'.repeat(1892)}\n`;
    const over = `${'x'.repeat(1892)}\n${'y'.repeat(1893)}\n`;
    const vault = bounded({ 'a.md': fits, 'b.md': over, 'ab.md': fits });
    expect((await vault.call('TextRead', { filePath: 'a.md' })).lines.map((line) => line.number)).toEqual([1, 2]);
    expect(await vault.call('TextRead', { filePath: 'b.md' })).toMatchObject({ lines: [{ number: 1 }], nextOffset: 2 });
    // One character more of path, one less for the lines.
    expect(await vault.call('TextRead', { filePath: 'ab.md' })).toMatchObject({ lines: [{ number: 1 }], nextOffset: 2 });
  });

  it('shows a line asked for alone up to the room left, less 200 characters for its markers', async () => {
    const vault = bounded({ 'a.md': `${'y'.repeat(5000)}\nnext\n` });
    const alone = await vault.call('TextRead', { filePath: 'a.md', limit: 1 });
    expect(alone.lines).toEqual([{ number: 1, text: 'y'.repeat(3592), fullLength: 5000 }]);
    expect(vault.render('TextRead', alone)).toBe(
      `1: ${'y'.repeat(3592)} … [line cut: 5000 characters; TextRead \`offset: 1\`, \`limit: 1\`, \`column: 3593\` reads on]\n[a.md | totalLines: 2 | fileHash: ${alone.fileHash} | shown: 1-1 | more: call again with \`offset: 2\`]`,
    );
    // With more lines asked for, each is cut at 2,000 characters.
    expect((await vault.call('TextRead', { filePath: 'a.md', limit: 2 })).lines[0]).toEqual({ number: 1, text: 'y'.repeat(2000), fullLength: 5000 });
  });

  it('reads a file of exactly maxFileSize on a backend that cannot stream, and refuses one byte more, saying why', async () => {
    const { readFileChunks: _, ...wholeOnly } = createMemoryFs({ 'a.md': 'x'.repeat(100), 'b.md': 'x'.repeat(101) });
    const vault = createVault(wholeOnly, { maxFileSize: 100 });
    expect((await vault.call('TextRead', { filePath: 'a.md' })).lines).toEqual([{ number: 1, text: 'x'.repeat(100) }]);
    await expect(vault.call('TextRead', { filePath: 'b.md' })).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: "b.md is 101 bytes, over this vault's limit of 100 bytes, and this backend cannot stream it. Raise the limit to read it.",
    });
  });

  it('reads a file whole up to 1 MiB (or maxFileSize), and a larger one in chunks, so memory stays bounded by the window', async () => {
    const reads: string[] = [];
    const recording = (fs: VaultFs): VaultFs => ({
      ...fs,
      readFile: (path) => {
        reads.push(`whole ${path}`);
        return fs.readFile(path);
      },
      readFileChunks: (path) => {
        reads.push(`chunks ${path}`);
        return fs.readFileChunks!(path);
      },
    });
    const mebibyte = 1024 * 1024;
    const fs = recording(
      createMemoryFs({
        'small.md': `${'x'.repeat(mebibyte - 1)}\n`,
        'large.md': `${'x'.repeat(mebibyte)}\n`,
        'five-bytes.md': 'abcd\n',
        'four-bytes.md': 'abc\n',
      }),
    );
    const vault = createVault(fs);
    await vault.call('TextRead', { filePath: 'small.md' });
    await vault.call('TextRead', { filePath: 'large.md' });
    const strict = createVault(fs, { maxFileSize: 4 });
    await strict.call('TextRead', { filePath: 'four-bytes.md' });
    await strict.call('TextRead', { filePath: 'five-bytes.md' });
    expect(reads).toEqual(['whole small.md', 'chunks large.md', 'whole four-bytes.md', 'chunks five-bytes.md']);
  });

  it('reads a file emptied after its size was taken (no chunk at all) as empty, without a BOM', async () => {
    const memory = createMemoryFs({ 'a.md': '' });
    const grown: VaultFs = { ...memory, stat: async (path) => ({ ...(await memory.stat(path))!, size: 10 }) };
    const output = await createVault(grown, { maxFileSize: 1 }).call('TextRead', { filePath: 'a.md' });
    expect(output).toEqual({ path: 'a.md', lines: [], totalLines: 0, fileHash: 'e3b0c44298fc1c14', lineEnding: 'none', bom: false });
  });

  it('gives a fileHash to a file that was over the limit when its size was taken and is exactly at it when read', async () => {
    const memory = createMemoryFs({ 'a.md': 'abcdefghi\n' });
    const shrunk: VaultFs = { ...memory, stat: async (path) => ({ ...(await memory.stat(path))!, size: 11 }) };
    const output = await createVault(shrunk, { maxFileSize: 10 }).call('TextRead', { filePath: 'a.md' });
    expect(output).toEqual({
      path: 'a.md',
      lines: [{ number: 1, text: 'abcdefghi' }],
      totalLines: 1,
      fileHash: await fileHash(new TextEncoder().encode('abcdefghi\n')),
      lineEnding: 'lf',
      bom: false,
    });
  });

  it('checks a file over the limit as UTF-8 only where it shows it: a window past a bad byte is read, without a fileHash', async () => {
    const bytes = new Uint8Array([0xff, 0x0a, ...new TextEncoder().encode(`ok\n${'x'.repeat(20)}\n`)]);
    const vault = createVault(createMemoryFs({ 'a.md': bytes }, { chunkSize: 4 }), { maxFileSize: 10 });
    expect(await vault.call('TextRead', { filePath: 'a.md', offset: 2, limit: 1 })).toEqual({
      path: 'a.md',
      lines: [{ number: 2, text: 'ok' }],
      totalLines: 3,
      lineEnding: 'lf',
      bom: false,
      nextOffset: 3,
    });
  });

  it('refuses as NOT_TEXT a large file exactly at the limit that is not UTF-8 outside the window: it could not be edited', async () => {
    // Over the 1 MiB from which files are streamed, and exactly at the limit: within it, so checked throughout.
    const size = 1024 * 1024 + 10;
    const bytes = new Uint8Array(size).fill(0x78);
    bytes.set([0xff, 0x0a], 0);
    bytes[size - 1] = 0x0a;
    const vault = createVault(createMemoryFs({ 'a.md': bytes }), { maxFileSize: size });
    await expect(vault.call('TextRead', { filePath: 'a.md', offset: 2 })).rejects.toMatchObject({ code: 'NOT_TEXT' });
  });

  it('reads a large file again on a backend that gives no versions, after it changed', async () => {
    const memory = createMemoryFs({ 'a.md': 'one\ntwo\n' });
    const { version: _, ...unversioned } = memory;
    const vault = createVault(unversioned, { maxFileSize: 4 });
    expect(await vault.call('TextRead', { filePath: 'a.md' })).toMatchObject({ totalLines: 2 });
    await memory.writeFile('a.md', new TextEncoder().encode('one\ntwo\nthree\n'));
    expect(await vault.call('TextRead', { filePath: 'a.md' })).toMatchObject({ totalLines: 3, lines: [{ text: 'one' }, { text: 'two' }, { text: 'three' }] });
  });

  it('takes a BOM only at the start of the file, whatever the chunks', async () => {
    const bom = [0xef, 0xbb, 0xbf];
    const streamed = (bytes: number[]) => createVault(createMemoryFs({ 'a.md': new Uint8Array(bytes) }, { chunkSize: 3 }), { maxFileSize: 1 });
    expect(await streamed([...bom, 0x61, 0x62, 0x63, 0x0a]).call('TextRead', { filePath: 'a.md' })).toMatchObject({
      bom: true,
      lines: [{ number: 1, text: 'abc' }],
    });
    expect(await streamed([0x61, 0x62, 0x0a, ...bom, 0x78]).call('TextRead', { filePath: 'a.md' })).toMatchObject({
      bom: false,
      lines: [
        { number: 1, text: 'ab' },
        { number: 2, text: '\ufeffx' },
      ],
    });
  });
});
