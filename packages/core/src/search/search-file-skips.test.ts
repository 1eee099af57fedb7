import { describe, expect, it } from 'vitest';
import { type FileQuery, fileQuery, searchFile } from './search-file.js';
import { compileSearchPattern, type LineMatcher } from './search-pattern.js';

const encode = (text: string) => new TextEncoder().encode(text);
const options = { contextLines: 0, maxShown: 10, maxFileSize: 100 };
/** A file whose reads are counted. */
function file(bytes: Uint8Array, size = bytes.length) {
  const reads = { count: 0 };
  const read = () => {
    reads.count += 1;
    return bytes;
  };
  return { reads, file: { path: 'a.md', size, read } };
}
/** A matcher that must never be asked: the file is passed over before any line is looked at. */
const untouchable: LineMatcher = {
  test: () => expect.fail('a line was tested'),
  ranges: () => expect.fail('a line was searched'),
};
const literalQuery = async (query: string) => fileQuery(query, false, await compileSearchPattern(query, false, { caseSensitive: true }));

describe('fileQuery', () => {
  it('carries the UTF-8 bytes of a case-sensitive literal only', async () => {
    expect((await literalQuery('é!')).literal).toEqual(new Uint8Array([0xc3, 0xa9, 0x21]));
    expect(fileQuery('é', false, await compileSearchPattern('é', false, { caseSensitive: false })).literal).toBeUndefined();
    expect(fileQuery('a+', true, await compileSearchPattern('a+', true, { caseSensitive: true })).literal).toBeUndefined();
  });
});

describe('searchFile, as a backend searches one file', () => {
  it('skips a file over maxFileSize as too large without reading it', () => {
    const { reads, file: big } = file(encode('apple\n'), 101);
    expect(searchFile(big, { matcher: untouchable }, options)).toEqual({ path: 'a.md', skipped: 'FILE_TOO_LARGE' });
    expect(reads.count).toBe(0);
  });

  it('reads a file of exactly maxFileSize', async () => {
    const { reads, file: exact } = file(encode(`${'x'.repeat(94)}\napple`));
    expect(exact.size).toBe(100);
    expect(searchFile(exact, await literalQuery('apple'), options)).toMatchObject({ path: 'a.md', matches: 1 });
    expect(reads.count).toBe(1);
  });

  it("passes over a text file without the literal's bytes, no line looked at", () => {
    const query: FileQuery = { matcher: untouchable, literal: encode('pear') };
    expect(searchFile(file(encode('apple\npeach\n')).file, query, options)).toBeUndefined();
    // The bytes of "pea" then "r" elsewhere, and a near start, are no match.
    expect(searchFile(file(encode('pea\nr pe\npeaR')).file, query, options)).toBeUndefined();
  });

  it('still reports a file without the literal as skipped when it is not text: NUL bytes or invalid UTF-8', () => {
    const query: FileQuery = { matcher: untouchable, literal: encode('pear') };
    expect(searchFile(file(new Uint8Array([0x61, 0x00, 0x62])).file, query, options)).toEqual({ path: 'a.md', skipped: 'NOT_TEXT' });
    expect(searchFile(file(new Uint8Array([0x63, 0xe9])).file, query, options)).toEqual({ path: 'a.md', skipped: 'NOT_TEXT' });
  });

  it("searches a file holding the literal's bytes line by line, whatever comes before them", async () => {
    const found = searchFile(file(encode('ppear\npear tree\n')).file, await literalQuery('pear tree'), options);
    expect(found).toEqual({ path: 'a.md', matches: 1, lines: [{ number: 2, text: 'pear tree', match: true, ranges: [{ start: 0, end: 9 }] }] });
  });

  it('finds a multi-byte literal only as whole characters', async () => {
    const query = await literalQuery('é');
    expect(searchFile(file(encode('café\n')).file, query, options)).toMatchObject({ matches: 1 });
    // U+00E8 (è) is C3 A8: the same first byte, a different character.
    expect(searchFile(file(encode('crème\n')).file, query, options)).toBeUndefined();
  });

  it("finds the literal's bytes at the very start and at the very end of a file", async () => {
    const query = await literalQuery('pear');
    expect(searchFile(file(encode('pear and more')).file, query, options)).toMatchObject({ matches: 1 });
    expect(searchFile(file(encode('a ripe pear')).file, query, options)).toMatchObject({ matches: 1, lines: [{ number: 1, ranges: [{ start: 7, end: 11 }] }] });
    expect(searchFile(file(encode('pear')).file, query, options)).toMatchObject({ matches: 1 });
    expect(searchFile(file(encode('a ripe pea')).file, query, options)).toBeUndefined();
  });

  it('finds a one-byte literal wherever it is', async () => {
    const query = await literalQuery('q');
    expect(searchFile(file(encode('abc\nxyq')).file, query, options)).toMatchObject({ matches: 1, lines: [{ number: 2 }] });
    expect(searchFile(file(encode('abc\nxyz')).file, query, options)).toBeUndefined();
  });

  it('takes every text file to hold an empty literal, and searches it line by line', () => {
    const everyLine: LineMatcher = { test: () => true, ranges: () => [] };
    expect(searchFile(file(encode('one\ntwo\n')).file, { matcher: everyLine, literal: new Uint8Array(0) }, options)).toMatchObject({
      path: 'a.md',
      matches: 2,
    });
  });

  it('uses the byte checks it is given', () => {
    const calls: string[] = [];
    const byteChecks = {
      isUtf8() {
        calls.push('isUtf8');
        return true;
      },
      includes() {
        calls.push('includes');
        return false;
      },
    };
    expect(searchFile(file(encode('pear\n')).file, { matcher: untouchable, literal: encode('pear') }, { ...options, byteChecks })).toBeUndefined();
    expect(calls).toEqual(['includes', 'isUtf8']);
  });

  it('without a literal (a regex, or a query that ignores case) searches every text file', async () => {
    const regex = fileQuery('^p.a', true, await compileSearchPattern('^p.a', true));
    expect(searchFile(file(encode('apple\npeach\n')).file, regex, options)).toMatchObject({ path: 'a.md', matches: 1, lines: [{ number: 2, text: 'peach' }] });
    expect(searchFile(file(new Uint8Array([0x63, 0xe9])).file, regex, options)).toEqual({ path: 'a.md', skipped: 'NOT_TEXT' });
  });
});

describe("searchFile without a backend's own byte checks", () => {
  it('looks for a periodic literal in periodic bytes in linear time (a byte-by-byte scan would take minutes; a hang fails by the test timeout)', () => {
    const literal = `${'a'.repeat(5000)}b`;
    const query: FileQuery = { matcher: untouchable, literal: encode(literal) };
    expect(searchFile(file(encode('a'.repeat(2_000_000))).file, query, { ...options, maxFileSize: 10_000_000 })).toBeUndefined();
  });
});
