import { createMemoryFs, createVault, type Vault } from '@vault/core';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFs } from './create-node-fs.js';

/** Half of a surrogate pair, alone. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

// Eleven lines of "ab", 100,000 😀 and "c": each 400,004 bytes, so every 😀 starts 2 bytes past a
// multiple of 4, and every block boundary of a streamed read (each 256 KiB; a chunk is 4 MiB) falls
// in the middle of one, its four UTF-8 bytes split two and two.
const line = `ab${'😀'.repeat(100_000)}c`;
const text = `${line}\n`.repeat(11);

describe('TextRead of a file on disk streamed in chunks that split its emoji', () => {
  let folder: TempFolder;
  let disk: Vault;
  const memory = createVault(createMemoryFs({ 'big.md': text }), { maxFileSize: Number.MAX_SAFE_INTEGER });
  beforeAll(async () => {
    folder = await createTempFolder({ 'big.md': text });
    disk = createVault(await createNodeFs(folder.path, { searchWorkers: 0 }));
  });
  afterAll(async () => folder.remove());

  it('the fixture splits a 😀 at the first block boundary and at the second chunk', () => {
    const bytes = new TextEncoder().encode(text);
    expect(bytes.length).toBeGreaterThan(4 << 20);
    // UTF-8 continuation bytes (10xxxxxx): the middle of a character.
    for (const boundary of [1 << 18, 4 << 20]) expect(bytes[boundary]! & 0xc0).toBe(0x80);
  });

  it('cuts and columns on whole characters, every line, as the memory backend does; again from the index', async () => {
    // Column 4 is the second half of the first 😀: the line is shown from its first half.
    const expected = [
      [1, { text: `ab${'😀'.repeat(999)}`, fullLength: 200_003 }],
      [2, { text: `b${'😀'.repeat(999)}`, fullLength: 200_003, column: 1 }],
      [4, { text: '😀'.repeat(1000), fullLength: 200_003, column: 2 }],
      [200_002, { text: '😀c', fullLength: 200_003, column: 200_000 }],
    ] as const;
    for (let read = 0; read < 2; read += 1) {
      for (const [column, shown] of expected) {
        const input = { filePath: 'big.md', offset: 1, limit: 11, column };
        const output = await disk.call('TextRead', input);
        expect(output).toMatchObject({ totalLines: 11, lineEnding: 'lf' });
        expect(output.lines).toEqual(Array.from({ length: 11 }, (_, index) => ({ number: index + 1, ...shown })));
        expect(output.lines).toEqual((await memory.call('TextRead', input)).lines);
        expect(disk.render('TextRead', output)).not.toMatch(loneSurrogate);
      }
    }
  });

  it('a line read alone from a column deep in it, past the first chunk, inside a 😀: from its first half, up to the bound', async () => {
    const output = await disk.call('TextRead', { filePath: 'big.md', offset: 11, limit: 1, column: 100_002 });
    const [shown] = output.lines;
    expect(shown!.column).toBe(100_000);
    expect(shown!.text.length).toBeGreaterThan(60_000);
    expect(shown!.text).toMatch(/^(?:😀)+$/);
    const rendered = disk.render('TextRead', output);
    expect(rendered).not.toMatch(loneSurrogate);
    // Reads on from the first half of the 😀 after the text.
    expect(rendered).toContain(`\`column: ${100_000 + shown!.text.length + 1}\` reads on]`);
    expect(shown!.text.length % 2).toBe(0);
  });
});
