import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileHash } from './file-hash.js';
import { createLineWindow } from './line-window.js';
import { createMemoryFs } from './memory-fs.js';
import { streamWindow } from './stream-window.js';
import { textRead } from './tools/text-read.js';
import { createVault } from './vault.js';

const encode = (text: string) => new TextEncoder().encode(text);

/** TextRead's answer (or its error's message) on a backend that reads whole, and on one that streams everything in chunks of `chunkSize`. */
async function bothWays(content: Uint8Array, chunkSize: number, input: { offset: number; limit: number; column: number }) {
  const { readFileChunks: _, ...wholeOnly } = createMemoryFs({ 'a.md': content });
  const outcome = (promise: Promise<unknown>) => promise.then((output) => output, (error: Error) => error.message);
  const whole = await outcome(createVault(wholeOnly).call('TextRead', { filePath: 'a.md', ...input }));
  const streamed = await outcome(createVault(createMemoryFs({ 'a.md': content }, { chunkSize }), { maxFileSize: 0 }).call('TextRead', { filePath: 'a.md', ...input }));
  return { whole, streamed };
}

describe('streamWindow', () => {
  it('gives what a whole read gives, line for line, whatever the chunks (no fileHash past maxFileSize)', async () => {
    const text = fc.array(fc.constantFrom('a', 'bc', 'é', '😀', '\r', '\n', '\r\n', '\uFEFF'), { maxLength: 40 }).map((parts) => parts.join(''));
    await fc.assert(
      fc.asyncProperty(fc.boolean(), text, fc.integer({ min: 1, max: 17 }), fc.integer({ min: 1, max: 14 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 3 }), async (bom, body, chunkSize, offset, limit, column) => {
        const content = encode(`${bom ? '\uFEFF' : ''}${body}`);
        const { whole, streamed } = await bothWays(content, chunkSize, { offset, limit, column });
        if (typeof whole === 'string') expect(streamed).toBe(whole);
        else {
          const { fileHash: hash, ...rest } = whole as { fileHash: string };
          expect(hash).toMatch(/^[0-9a-f]{16}$/);
          // An empty file is not over the limit of 0 bytes, so it is read whole.
          expect(streamed).toEqual(content.length === 0 ? whole : rest);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('starts the window at a line whose break ends a chunk, and keeps a U+FEFF that starts a later line', async () => {
    const content = encode('one\n\uFEFFtwo\r\nthree');
    const { whole, streamed } = await bothWays(content, 4, { offset: 2, limit: 2, column: 1 });
    expect(streamed).toEqual({ path: 'a.md', lines: [{ number: 2, text: '\uFEFFtwo' }, { number: 3, text: 'three' }], totalLines: 3, lineEnding: 'mixed', bom: false });
    expect(whole).toMatchObject(streamed as object);
  });

  it('counts a BOM alone as no line, and a last line without a break as one', async () => {
    expect((await bothWays(encode('\uFEFF'), 2, { offset: 1, limit: 5, column: 1 })).streamed).toEqual({ path: 'a.md', lines: [], totalLines: 0, lineEnding: 'none', bom: true });
    expect((await bothWays(encode('\uFEFFx'), 2, { offset: 1, limit: 5, column: 1 })).streamed).toMatchObject({ lines: [{ number: 1, text: 'x' }], totalLines: 1 });
    expect((await bothWays(encode('a\nb'), 2, { offset: 1, limit: 5, column: 1 })).streamed).toMatchObject({ totalLines: 2, lineEnding: 'lf' });
    expect((await bothWays(encode('a\r\nb\r\n'), 3, { offset: 2, limit: 5, column: 1 })).streamed).toMatchObject({ lines: [{ number: 2, text: 'b' }], totalLines: 2, lineEnding: 'crlf' });
  });

  it('hashes and checks as UTF-8 the whole of a file small enough to edit, in any chunks', async () => {
    const content = encode(`${'é'.repeat(10)}\n${'line\r\n'.repeat(30)}😀 end`);
    const fs = createMemoryFs({ 'a.md': content }, { chunkSize: 7 });
    const read = (buffer: Uint8Array) => fs.readFileChunks!('a.md', { buffer });
    const hasher = () => {
      const parts: Uint8Array[] = [];
      return { update: (chunk: Uint8Array) => void parts.push(chunk.slice()), digest: () => String(parts.reduce((sum, part) => sum + part.length, 0)) };
    };
    const hashed = await streamWindow(read, { path: 'a.md', first: 31, window: createLineWindow(31, 5, 100, Number.POSITIVE_INFINITY, 0, 31), hasher: hasher(), hash: true, hashUpTo: content.length });
    expect(hashed).toEqual({ lines: [{ number: 31, text: 'line' }, { number: 32, text: '😀 end' }], totalLines: 32, lineEnding: 'mixed', bom: false, bytes: content.length, fileHash: String(content.length) });
    // One byte over hashUpTo: no hash.
    const over = await streamWindow(read, { path: 'a.md', first: 1, window: createLineWindow(1, 1, 100), hasher: hasher(), hash: true, hashUpTo: content.length - 1 });
    expect(over).not.toHaveProperty('fileHash');
    expect(over.lines).toEqual([{ number: 1, text: 'é'.repeat(10) }]);
  });

  it('refuses NUL bytes anywhere, and invalid UTF-8 anywhere in a file small enough to edit but only in the window of a larger one', async () => {
    const withNul = encode(`${'ok\n'.repeat(50)}a\0b\n`);
    const latin1 = new Uint8Array([...encode('ok\n'.repeat(50)), 0xe9, 0x0a]);
    const streaming = (content: Uint8Array, maxFileSize: number) => createVault(createMemoryFs({ 'a.md': content }, { chunkSize: 16 }), { maxFileSize });
    await expect(streaming(withNul, 0).call('TextRead', { filePath: 'a.md', limit: 1 })).rejects.toMatchObject({ code: 'NOT_TEXT', message: expect.stringContaining('NUL bytes') });
    await expect(streaming(latin1, 1).call('TextRead', { filePath: 'a.md', offset: 51 })).rejects.toMatchObject({ code: 'NOT_TEXT', message: expect.stringContaining('not valid UTF-8') });
    expect(await streaming(latin1, 1).call('TextRead', { filePath: 'a.md', limit: 2 })).toMatchObject({ lines: [{ number: 1, text: 'ok' }, { number: 2, text: 'ok' }], totalLines: 51 });
    // Within the limit (and over 1 MiB, so streamed): checked throughout.
    const big = new Uint8Array([...encode('ok\n'.repeat(400_000)), 0xe9, 0x0a]);
    await expect(createVault(createMemoryFs({ 'a.md': big })).call('TextRead', { filePath: 'a.md', limit: 1 })).rejects.toMatchObject({ code: 'NOT_TEXT' });
  });

  it('says a file over maxFileSize has no fileHash, and hashes one that shrank within the limit once read', async () => {
    const vault = createVault(createMemoryFs({ 'a.md': 'one\ntwo\n' }), { maxFileSize: 4 });
    const output = await vault.call('TextRead', { filePath: 'a.md' });
    expect(output).not.toHaveProperty('fileHash');
    expect(textRead.render(output)).toBe('1: one\n2: two\n[a.md | totalLines: 2 | fileHash: none (the file is too large to edit) | shown: 1-2]');
    const memory = createMemoryFs({ 'a.md': 'abc\n' });
    const shrunk = createVault({ ...memory, stat: async (path) => ({ ...(await memory.stat(path))!, size: 100 }) }, { maxFileSize: 10 });
    expect(await shrunk.call('TextRead', { filePath: 'a.md' })).toMatchObject({ fileHash: await fileHash(encode('abc\n')), totalLines: 1 });
  });
});
