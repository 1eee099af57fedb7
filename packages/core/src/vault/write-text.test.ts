import { describe, expect, it } from 'vitest';
import { open } from '../tools/__fixtures__/open.js';
import { checkSize, hashedWithin } from './write-text.js';

const bytes = (text: string) => new TextEncoder().encode(text);
/** What `hashedWithin` gives and hashes, each piece as text. */
function passed(pieces: string[], limit: number) {
  const hashed: string[] = [];
  const given = [...hashedWithin(pieces.map(bytes), { update: (piece) => hashed.push(new TextDecoder().decode(piece)) }, 'a.md', limit)];
  return { given: given.map((piece) => new TextDecoder().decode(piece)), hashed };
}

describe('checkSize', () => {
  it('lets a text of up to the limit through, counted in bytes, the BOM included', () => {
    expect(() => checkSize('a.md', { chunks: ['0123', '456789'], bom: false }, 10)).not.toThrow();
    expect(() => checkSize('a.md', { chunks: ['éééé', 'x'], bom: true }, 12)).not.toThrow();
  });

  it('refuses one byte more, saying how large it would be', () => {
    expect(() => checkSize('a.md', { chunks: ['0123', '4567890'], bom: false }, 10)).toThrow(
      expect.objectContaining({
        code: 'FILE_TOO_LARGE',
        message: "a.md would be 11 bytes, over this vault's limit of 10 bytes for a file, so nothing was written. Write a smaller file, or raise the limit.",
      }),
    );
    expect(() => checkSize('a.md', { chunks: ['éééé', 'x'], bom: true }, 11)).toThrow(
      expect.objectContaining({ message: expect.stringContaining('12 bytes') }),
    );
    expect(() => checkSize('a.md', { chunks: ['😀😀'], bom: false }, 7)).toThrow(expect.objectContaining({ message: expect.stringContaining('8 bytes') }));
  });
});

describe('hashedWithin', () => {
  it('gives on and hashes every piece of a text within the limit', () => {
    expect(passed(['ab', 'cd'], 4)).toEqual({ given: ['ab', 'cd'], hashed: ['ab', 'cd'] });
  });

  it('gives on nothing past the limit, and fails with the size of the whole', () => {
    const given: string[] = [];
    const pieces = hashedWithin(['ab', 'cd', 'efg'].map(bytes), { update: () => undefined }, 'a.md', 3);
    expect(() => {
      for (const piece of pieces) given.push(new TextDecoder().decode(piece));
    }).toThrow(expect.objectContaining({ code: 'FILE_TOO_LARGE', message: expect.stringContaining('a.md would be 7 bytes') }));
    expect(given).toEqual(['ab']);
  });
});

describe('Vault.writeText', () => {
  it('gives the fileHash of the bytes written from pieces, the BOM and a character split between pieces included', async () => {
    const { fs, vault } = open({});
    // SHA-256 of EF BB BF "a" F0 9F 98 80 "b", its first 8 bytes.
    expect(await vault.writeText('a.md', { chunks: ['a\ud83d', '\ude00b'], bom: true }, { createParents: false })).toBe('d27fcbf4e51bad2b');
    expect(await fs.readFile('a.md')).toEqual(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0xf0, 0x9f, 0x98, 0x80, 0x62]));
  });

  it('makes no folder for a text too large, and writes nothing', async () => {
    const { fs, vault } = open({ 'notes/': '' }, { maxFileSize: 10 });
    await expect(vault.writeText('new/deeper/a.md', { chunks: ['0123456789A'], bom: false }, { createParents: true })).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: expect.stringContaining('new/deeper/a.md would be 11 bytes'),
    });
    expect(fs.toJSON()).toEqual({ 'notes/': '' });
  });

  it('leaves a file as it was when its new text is over the limit', async () => {
    const { fs, vault } = open({ 'a.md': 'old' }, { maxFileSize: 10 });
    await expect(vault.writeText('a.md', { chunks: ['01234', '56789', 'A'], bom: false }, { createParents: false })).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
    });
    expect(fs.toJSON()).toEqual({ 'a.md': 'old' });
  });
});
