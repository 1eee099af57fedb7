import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileHash } from './file-hash.js';
import { createLineWindow } from './line-window.js';
import { createMemoryFs } from '../vault/memory-fs.js';
import { streamWindow } from './stream-window.js';
import { textRead } from '../tools/text-read.js';
import { createVault } from '../vault/vault.js';
import type { VaultFs } from '../vault/vault-fs.js';

const encode = (text: string) => new TextEncoder().encode(text);

/** TextRead's answer (or its error's message) on a backend that reads whole, and on one that streams everything in chunks of `chunkSize`. */
async function bothWays(content: Uint8Array, chunkSize: number, input: { offset: number; limit: number; column: number }) {
  const { readFileChunks: _, ...wholeOnly } = createMemoryFs({ 'a.md': content });
  const outcome = (promise: Promise<unknown>) =>
    promise.then(
      (output) => output,
      (error: Error) => error.message,
    );
  const whole = await outcome(createVault(wholeOnly).call('TextRead', { filePath: 'a.md', ...input }));
  const streamed = await outcome(
    createVault(createMemoryFs({ 'a.md': content }, { chunkSize }), { maxFileSize: 0 }).call('TextRead', { filePath: 'a.md', ...input }),
  );
  return { whole, streamed };
}

describe('streamWindow', () => {
  it('gives what a whole read gives, line for line, whatever the chunks (no fileHash past maxFileSize)', async () => {
    const text = fc.array(fc.constantFrom('a', 'bc', 'é', '😀', '\r', '\n', '\r\n', '\uFEFF'), { maxLength: 40 }).map((parts) => parts.join(''));
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        text,
        fc.integer({ min: 1, max: 17 }),
        fc.integer({ min: 1, max: 14 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        async (bom, body, chunkSize, offset, limit, column) => {
          const content = encode(`${bom ? '\uFEFF' : ''}${body}`);
          const { whole, streamed } = await bothWays(content, chunkSize, { offset, limit, column });
          if (typeof whole === 'string') expect(streamed).toBe(whole);
          else {
            const { fileHash: hash, ...rest } = whole as { fileHash: string };
            expect(hash).toMatch(/^[0-9a-f]{16}$/);
            // An empty file is not over the limit of 0 bytes, so it is read whole.
            expect(streamed).toEqual(content.length === 0 ? whole : rest);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('starts the window at a line whose break ends a chunk, and keeps a U+FEFF that starts a later line', async () => {
    const content = encode('one\n\uFEFFtwo\r\nthree');
    const { whole, streamed } = await bothWays(content, 4, { offset: 2, limit: 2, column: 1 });
    expect(streamed).toEqual({
      path: 'a.md',
      lines: [
        { number: 2, text: '\uFEFFtwo' },
        { number: 3, text: 'three' },
      ],
      totalLines: 3,
      lineEnding: 'mixed',
      bom: false,
    });
    expect(whole).toMatchObject(streamed as object);
  });

  it('counts a BOM alone as no line, and a last line without a break as one', async () => {
    expect((await bothWays(encode('\uFEFF'), 2, { offset: 1, limit: 5, column: 1 })).streamed).toEqual({
      path: 'a.md',
      lines: [],
      totalLines: 0,
      lineEnding: 'none',
      bom: true,
    });
    expect((await bothWays(encode('\uFEFFx'), 2, { offset: 1, limit: 5, column: 1 })).streamed).toMatchObject({
      lines: [{ number: 1, text: 'x' }],
      totalLines: 1,
    });
    expect((await bothWays(encode('a\nb'), 2, { offset: 1, limit: 5, column: 1 })).streamed).toMatchObject({ totalLines: 2, lineEnding: 'lf' });
    expect((await bothWays(encode('a\r\nb\r\n'), 3, { offset: 2, limit: 5, column: 1 })).streamed).toMatchObject({
      lines: [{ number: 2, text: 'b' }],
      totalLines: 2,
      lineEnding: 'crlf',
    });
  });

  it('hashes and checks as UTF-8 the whole of a file small enough to edit, in any chunks', async () => {
    const content = encode(`${'é'.repeat(10)}\n${'line\r\n'.repeat(30)}😀 end`);
    const fs = createMemoryFs({ 'a.md': content }, { chunkSize: 7 });
    const read = (buffer: Uint8Array, start: number) => fs.readFileChunks!('a.md', { buffer, start });
    const hasher = () => {
      const parts: Uint8Array[] = [];
      return { update: (chunk: Uint8Array) => void parts.push(chunk.slice()), digest: () => String(parts.reduce((sum, part) => sum + part.length, 0)) };
    };
    const { index, ...hashed } = await streamWindow(read, {
      path: 'a.md',
      first: 31,
      window: createLineWindow(31, 5, 100, Number.POSITIVE_INFINITY, 0, 31),
      hasher: hasher(),
      hash: true,
      hashUpTo: content.length,
    });
    const facts = { totalLines: 32, lineEnding: 'mixed', bom: false, bytes: content.length, fileHash: String(content.length) };
    expect(hashed).toEqual({
      lines: [
        { number: 31, text: 'line' },
        { number: 32, text: '😀 end' },
      ],
      ...facts,
    });
    // Every chunk's first byte, with the line breaks before it: the first ones hold the 21 bytes of é and a break.
    expect(index.facts).toEqual(facts);
    expect(index.checkpoints.slice(0, 5)).toEqual([
      { byte: 0, lineBreaks: 0 },
      { byte: 7, lineBreaks: 0 },
      { byte: 14, lineBreaks: 0 },
      { byte: 21, lineBreaks: 1 },
      { byte: 28, lineBreaks: 2 },
    ]);
    expect(index.checkpoints).toHaveLength(Math.ceil(content.length / 7));
    // One byte over hashUpTo: no hash.
    const over = await streamWindow(read, {
      path: 'a.md',
      first: 1,
      window: createLineWindow(1, 1, 100),
      hasher: hasher(),
      hash: true,
      hashUpTo: content.length - 1,
    });
    expect(over).not.toHaveProperty('fileHash');
    expect(over.lines).toEqual([{ number: 1, text: 'é'.repeat(10) }]);
  });

  it('refuses NUL bytes anywhere, and invalid UTF-8 anywhere in a file small enough to edit but only in the window of a larger one', async () => {
    const withNul = encode(`${'ok\n'.repeat(50)}a\0b\n`);
    const latin1 = new Uint8Array([...encode('ok\n'.repeat(50)), 0xe9, 0x0a]);
    const streaming = (content: Uint8Array, maxFileSize: number) => createVault(createMemoryFs({ 'a.md': content }, { chunkSize: 16 }), { maxFileSize });
    await expect(streaming(withNul, 0).call('TextRead', { filePath: 'a.md', limit: 1 })).rejects.toMatchObject({
      code: 'NOT_TEXT',
      message: expect.stringContaining('NUL bytes'),
    });
    await expect(streaming(latin1, 1).call('TextRead', { filePath: 'a.md', offset: 51 })).rejects.toMatchObject({
      code: 'NOT_TEXT',
      message: expect.stringContaining('not valid UTF-8'),
    });
    expect(await streaming(latin1, 1).call('TextRead', { filePath: 'a.md', limit: 2 })).toMatchObject({
      lines: [
        { number: 1, text: 'ok' },
        { number: 2, text: 'ok' },
      ],
      totalLines: 51,
    });
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

describe('TextRead of a large file read before', () => {
  /** A streaming backend that records the bytes each read of chunks gave. */
  const recording = (seed: Record<string, string>, chunkSize = 16) => {
    const memory = createMemoryFs(seed, { chunkSize });
    const reads: number[] = [];
    const fs: VaultFs = {
      ...memory,
      async *readFileChunks(path, options) {
        reads.push(0);
        for await (const chunk of memory.readFileChunks!(path, options)) {
          reads[reads.length - 1]! += chunk.length;
          yield chunk;
        }
      },
    };
    return { memory, fs, reads, vault: createVault(fs, { maxFileSize: 0 }) };
  };

  it('reads a later window from the chunk where it starts, with the facts of the first scan', async () => {
    const content = Array.from({ length: 200 }, (_, index) => `line ${index + 1}\r\n`).join('');
    const { vault, reads } = recording({ 'a.md': content });
    const first = await vault.call('TextRead', { filePath: 'a.md', limit: 2 });
    expect(reads).toEqual([content.length]);
    const later = await vault.call('TextRead', { filePath: 'a.md', offset: 199 });
    expect(later).toEqual({
      path: 'a.md',
      lines: [
        { number: 199, text: 'line 199' },
        { number: 200, text: 'line 200' },
      ],
      totalLines: 200,
      lineEnding: 'crlf',
      bom: false,
    });
    expect(first).toMatchObject({ totalLines: 200, nextOffset: 3 });
    // From the chunk holding the 198th line break to the end: far less than the file.
    expect(reads[1]).toBeLessThanOrEqual(16 + 'line 199\r\nline 200\r\n'.length);
    // A window in the middle stops reading once full.
    expect(await vault.call('TextRead', { filePath: 'a.md', offset: 100, limit: 1 })).toMatchObject({
      lines: [{ number: 100, text: 'line 100' }],
      nextOffset: 101,
    });
    expect(reads[2]).toBeLessThanOrEqual(32);
  });

  it('keeps a checkpoint every 256 KiB of a large chunk, and reads a later window from the last before it', async () => {
    const content = Array.from({ length: 100_000 }, (_, index) => `line ${index + 1}\n`).join('');
    const { vault, reads } = recording({ 'a.md': content }, 1 << 22);
    expect(await vault.call('TextRead', { filePath: 'a.md', limit: 1 })).toMatchObject({ totalLines: 100_000 });
    expect(reads).toEqual([content.length]);
    const later = await vault.call('TextRead', { filePath: 'a.md', offset: 99_999 });
    expect(later.lines).toEqual([
      { number: 99_999, text: 'line 99999' },
      { number: 100_000, text: 'line 100000' },
    ]);
    expect(reads[1]).toBeLessThanOrEqual(1 << 18);
    expect(reads[1]).toBe(content.length - Math.floor(content.length / (1 << 18)) * (1 << 18));
  });

  it('scans again a file changed since, and one changed while its window was read', async () => {
    const { vault, memory, reads } = recording({ 'a.md': 'one\ntwo\n' });
    await vault.call('TextRead', { filePath: 'a.md' });
    await memory.writeFile('a.md', encode('one\ntwo\nthree\n'));
    expect(await vault.call('TextRead', { filePath: 'a.md', offset: 3 })).toMatchObject({ lines: [{ number: 3, text: 'three' }], totalLines: 3 });
    expect(reads).toEqual([8, 14]);
    // A version that moves on while the window is read: the window is read again by a scan.
    let calls = 0;
    const moving = createVault({ ...memory, version: async () => String(calls++ >= 2 ? 'later' : 'same') }, { maxFileSize: 0 });
    await moving.call('TextRead', { filePath: 'a.md' });
    expect(await moving.call('TextRead', { filePath: 'a.md', offset: 2 })).toMatchObject({
      lines: [
        { number: 2, text: 'two' },
        { number: 3, text: 'three' },
      ],
      totalLines: 3,
    });
    expect(calls).toBe(4);
  });

  it('gives the same windows from the index as a scan, for any file, chunks and windows', async () => {
    const text = fc.array(fc.constantFrom('a', 'é', '😀', '\r\n', '\n', '\uFEFF'), { maxLength: 60 }).map((parts) => parts.join(''));
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 4 }),
        async (body, chunkSize, before, offset, limit) => {
          const seed = { 'a.md': body };
          const outcome = (promise: Promise<unknown>) =>
            promise.then(
              (output) => output,
              (error: Error) => error.message,
            );
          const indexed = createVault(createMemoryFs(seed, { chunkSize }), { maxFileSize: 0 });
          await outcome(indexed.call('TextRead', { filePath: 'a.md', offset: before, limit: 1 }));
          const { version: _, ...unversioned } = createMemoryFs(seed, { chunkSize });
          const scanned = createVault(unversioned, { maxFileSize: 0 });
          expect(await outcome(indexed.call('TextRead', { filePath: 'a.md', offset, limit }))).toEqual(
            await outcome(scanned.call('TextRead', { filePath: 'a.md', offset, limit })),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the indexes of the 16 files read last', async () => {
    const seed = Object.fromEntries(Array.from({ length: 17 }, (_, index) => [`f${index}.md`, 'x\n'.repeat(10)]));
    const { vault, reads } = recording(seed);
    for (let index = 0; index < 17; index += 1) await vault.call('TextRead', { filePath: `f${index}.md` });
    await vault.call('TextRead', { filePath: 'f1.md', offset: 10 });
    await vault.call('TextRead', { filePath: 'f0.md', offset: 10 });
    expect(reads.slice(17)).toEqual([4, 20]);
  });
});
