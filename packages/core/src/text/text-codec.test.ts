import { describe, expect, it } from 'vitest';
import { checkTextToWrite, checkWholeCharacters, createTextDecoder, decodeText, encodeChunks, hasBom } from './text-codec.js';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('hasBom', () => {
  it.each([
    ['the three bytes EF BB BF alone', bytes(0xef, 0xbb, 0xbf), true],
    ['EF BB BF before text', bytes(0xef, 0xbb, 0xbf, 0x78), true],
    ['an empty file', bytes(), false],
    ['only the first two bytes of a BOM', bytes(0xef, 0xbb), false],
    ['a different first byte', bytes(0xee, 0xbb, 0xbf), false],
    ['a different second byte (U+FEBF)', bytes(0xef, 0xba, 0xbf), false],
    ['a different third byte', bytes(0xef, 0xbb, 0xbe), false],
    ['a BOM that does not start the file', bytes(0x78, 0xef, 0xbb, 0xbf), false],
  ])('%s: %s', (_label, input, expected) => {
    expect(hasBom(input)).toBe(expected);
  });
});

describe('decodeText', () => {
  it('drops a leading BOM from the text and reports it', () => {
    expect(decodeText(bytes(0xef, 0xbb, 0xbf, 0x61, 0x0a), 'a.md')).toEqual({ text: 'a\n', bom: true });
  });

  it('decodes a file without a BOM as it is', () => {
    expect(decodeText(bytes(0x63, 0x61, 0x66, 0xc3, 0xa9), 'a.md')).toEqual({ text: 'café', bom: false });
  });

  it('refuses a file holding a NUL byte as binary, naming the file', () => {
    expect(() => decodeText(bytes(0x61, 0x00, 0x62), 'img.md')).toThrow(
      expect.objectContaining({
        code: 'NOT_TEXT',
        message: 'img.md looks binary (it contains NUL bytes), so the text tools leave it alone. Only UTF-8 text files can be read or edited.',
      }),
    );
  });

  it('refuses invalid UTF-8 (Latin-1) rather than decode it lossily, naming the file', () => {
    expect(() => decodeText(bytes(0x63, 0x61, 0x66, 0xe9), 'latin1.md')).toThrow(
      expect.objectContaining({
        code: 'NOT_TEXT',
        message:
          'latin1.md is not valid UTF-8 (it may be Latin-1 or another encoding), so the text tools leave it alone rather than corrupt it. Convert it to UTF-8 first.',
      }),
    );
  });

  it('refuses a file that ends in the middle of a character', () => {
    expect(() => decodeText(bytes(0x61, 0xc3), 'cut.md')).toThrow(expect.objectContaining({ code: 'NOT_TEXT' }));
  });
});

describe('createTextDecoder', () => {
  it('decodes a character split across two chunks whole', () => {
    const decoder = createTextDecoder('a.md');
    expect([decoder.decode(bytes(0x61, 0xe2, 0x82), false), decoder.decode(bytes(0xac, 0x62), true)]).toEqual(['a', '€b']);
  });

  it('refuses a last chunk that ends in the middle of a character', () => {
    const decoder = createTextDecoder('a.md');
    expect(decoder.decode(bytes(0x61), false)).toBe('a');
    expect(() => decoder.decode(bytes(0xe2, 0x82), true)).toThrow(expect.objectContaining({ code: 'NOT_TEXT' }));
  });

  it('refuses a NUL byte in a later chunk', () => {
    const decoder = createTextDecoder('a.md');
    expect(decoder.decode(bytes(0x61), false)).toBe('a');
    expect(() => decoder.decode(bytes(0x62, 0x00), true)).toThrow(expect.objectContaining({ code: 'NOT_TEXT', message: expect.stringContaining('NUL bytes') }));
  });
});

describe('encodeChunks of a whole text', () => {
  /** The bytes of `text` in one array. */
  const encoded = (text: string, bom: boolean) => new Uint8Array(Array.from(encodeChunks([text], bom), (piece) => [...piece]).flat());

  it('writes UTF-8 without a BOM when the file had none', () => {
    expect(encoded('é\n', false)).toEqual(bytes(0xc3, 0xa9, 0x0a));
  });

  it('writes the BOM back before the text when the file had one', () => {
    expect(encoded('é\n', true)).toEqual(bytes(0xef, 0xbb, 0xbf, 0xc3, 0xa9, 0x0a));
  });

  it('writes only the BOM for an empty text of a file that had one', () => {
    expect(encoded('', true)).toEqual(bytes(0xef, 0xbb, 0xbf));
  });
});

describe('checkTextToWrite', () => {
  it('accepts text with whole characters, astral ones included', () => {
    expect(() => checkTextToWrite('a 😀 b\n', 'content')).not.toThrow();
  });

  it.each([
    ['at the start', '\0abc', 0],
    ['inside', 'ab\0c', 2],
  ])('refuses a NUL %s, saying where and in which parameter', (_label, text, index) => {
    expect(() => checkTextToWrite(text, 'content')).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: `content holds a NUL character (at character ${index}), which would make the file binary, and the text tools refuse binary files. Remove it.`,
      }),
    );
  });

  it('refuses half a surrogate pair too', () => {
    expect(() => checkTextToWrite('ab\ud800', 'newString')).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining('newString holds half of a UTF-16 surrogate pair (at character 2)'),
      }),
    );
  });
});

describe('checkWholeCharacters', () => {
  it.each([
    ['an astral character (a whole surrogate pair)', 'x😀y'],
    ['two astral characters in a row', '😀😀'],
    ['no surrogate at all', 'plain text'],
    ['a NUL, which is a whole character', 'a\0b'],
  ])('accepts %s', (_label, text) => {
    expect(() => checkWholeCharacters(text, 'oldString')).not.toThrow();
  });

  it.each([
    ['a high surrogate at the end', 'ab\ud83d', 2],
    ['a high surrogate before a letter', 'a\ud83dz', 1],
    ['a high surrogate before another high one', '\ud83d\ud83d\ude00', 0],
    ['a low surrogate at the start', '\ude00ab', 0],
    ['a low surrogate after a letter', 'ab\ude00', 2],
    ['a low surrogate after another low one', '\ud83d\ude00\ude00', 2],
    ['a pair in the wrong order', 'a\ude00\ud83d', 1],
  ])('refuses %s, saying where', (_label, text, index) => {
    expect(() => checkWholeCharacters(text, 'oldString')).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: `oldString holds half of a UTF-16 surrogate pair (at character ${index}), which UTF-8 cannot encode and no file holds alone. Send the whole character.`,
      }),
    );
  });
});

describe('createTextDecoder midFile', () => {
  it('drops a BOM at the start of a file, and keeps U+FEFF in text that starts later in it', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x78]);
    expect(createTextDecoder('a.md').decode(bytes, true)).toBe('x');
    expect(createTextDecoder('a.md', { midFile: true }).decode(bytes, true)).toBe('\ufeffx');
  });
});

describe('encodeChunks', () => {
  /** The pieces, each copied as it comes (they share one buffer), as lengths and decoded text. */
  const collect = (chunks: string[], bom: boolean) => {
    const pieces = Array.from(encodeChunks(chunks, bom), (piece) => piece.slice());
    return {
      lengths: pieces.map((piece) => piece.length),
      text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(pieces.flatMap((piece) => [...piece]))),
    };
  };

  it('encodes strings in a row as their UTF-8, the BOM first when asked', () => {
    expect(collect(['ab', '', 'é'], true)).toEqual({ lengths: [3, 2, 2], text: '\ufeffabé' });
    expect(collect(['ab', 'é'], false)).toEqual({ lengths: [2, 2], text: 'abé' });
    expect(collect([], false)).toEqual({ lengths: [], text: '' });
  });

  it('encodes a surrogate pair split between two strings, or between two pieces of a long one, whole', () => {
    expect(collect(['a\ud83d', '\ude00b'], false)).toEqual({ lengths: [1, 5], text: 'a😀b' });
    expect(collect(['\ud83d', '\ude00'], false)).toEqual({ lengths: [4], text: '😀' });
    const long = `${'x'.repeat((1 << 20) - 1)}😀y`;
    expect(collect([long], false)).toEqual({ lengths: [(1 << 20) - 1, 5], text: long });
    // A pair that never closes is encoded as UTF-8 does (U+FFFD), at the end.
    expect(collect(['a\ud83d'], false)).toEqual({ lengths: [1, 3], text: 'a\ufffd' });
  });

  it('encodes the first and the last astral character (U+10000, U+10FFFF) whole when split between two strings', () => {
    // Their high surrogates, U+D800 and U+DBFF, are the two ends of the range a split pair starts with.
    expect(collect(['a\ud800', '\udc00b'], false)).toEqual({ lengths: [1, 5], text: 'a\u{10000}b' });
    expect(collect(['a\udbff', '\udfffb'], false)).toEqual({ lengths: [1, 5], text: 'a\u{10ffff}b' });
  });

  it("gives the BOM as a piece of its own, which a writer may change without changing the next file's BOM", () => {
    const first = [...encodeChunks(['a'], true)][0]!;
    first.fill(0);
    expect([...[...encodeChunks(['a'], true)][0]!]).toEqual([0xef, 0xbb, 0xbf]);
    expect(hasBom(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toBe(true);
  });

  it('encodes a mebibyte of characters a piece, each piece in the same buffer', () => {
    const pieces = [...encodeChunks(['é'.repeat((1 << 20) + 1)], false)];
    expect(pieces.map((piece) => piece.length)).toEqual([2 << 20, 2]);
    expect(pieces[0]!.buffer).toBe(pieces[1]!.buffer);
  });

  it('loses nothing of a piece that takes the most bytes one can: a pair carried over, then a mebibyte less one of three-byte characters', () => {
    const euros = '€'.repeat((1 << 20) - 1);
    const pieces = Array.from(encodeChunks(['a\ud83d', `\ude00${euros}b`], false), (piece) => piece.slice());
    expect(pieces.map((piece) => piece.length)).toEqual([1, 4 + 3 * ((1 << 20) - 1), 1]);
    expect(new TextDecoder().decode(pieces[1]) === `😀${euros}`).toBe(true);
  });
});
