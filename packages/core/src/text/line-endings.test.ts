import { describe, expect, it } from 'vitest';
import { countOf, lineEndingOf, normalizeLineEndings } from './line-endings.js';

describe('lineEndingOf', () => {
  it.each([
    [0, 0, 'none'],
    [0, 3, 'lf'],
    [2, 0, 'crlf'],
    [1, 1, 'mixed'],
  ] as const)('%i CRLF and %i LF is %s', (crlfCount, lfCount, lineEnding) => {
    expect(lineEndingOf(crlfCount, lfCount)).toBe(lineEnding);
  });
});

describe('normalizeLineEndings', () => {
  it('turns every CRLF into LF and counts both kinds, a lone CR left as it is', () => {
    const normalized = normalizeLineEndings('a\r\nb\nc\r\nd\re\r\n');
    expect(normalized).toMatchObject({ text: 'a\nb\nc\nd\re\n', crlfCount: 3, lfCount: 1, newline: '\r\n' });
  });

  it('leaves a text without CRLF as it is, with LF for new lines', () => {
    expect(normalizeLineEndings('a\nb\n')).toMatchObject({ text: 'a\nb\n', crlfCount: 0, lfCount: 2, newline: '\n' });
    expect(normalizeLineEndings('')).toMatchObject({ text: '', crlfCount: 0, lfCount: 0, newline: '\n' });
  });

  it('gives new lines the dominant line break, LF on a tie', () => {
    expect(normalizeLineEndings('a\r\nb\nc').newline).toBe('\n');
    expect(normalizeLineEndings('a\r\nb\r\nc\n').newline).toBe('\r\n');
    expect(normalizeLineEndings('a\nb\nc\r\n').newline).toBe('\n');
  });

  it('counts CRLFs that follow each other directly ("\\r\\n\\r\\n")', () => {
    expect(normalizeLineEndings('\r\n\r\n\r\n')).toMatchObject({ text: '\n\n\n', crlfCount: 3, lfCount: 0 });
  });

  it('maps every offset of the normalized text to the same place in the original', () => {
    // original: a \r \n b b \r \n \r \n c   (offsets 0..9, end 10)
    // normalized: a \n b b \n \n c           (offsets 0..6, end 7)
    const normalized = normalizeLineEndings('a\r\nbb\r\n\r\nc');
    expect(normalized.text).toBe('a\nbb\n\nc');
    // A line break maps to its "\r", so text cut there keeps the whole CRLF on one side.
    expect(Array.from({ length: 8 }, (_, offset) => normalized.toOriginal(offset))).toEqual([0, 1, 3, 4, 5, 7, 9, 10]);
  });

  it('maps offsets through many CRLFs (a search over them, not a scan)', () => {
    const original = 'x\r\n'.repeat(9);
    const normalized = normalizeLineEndings(original);
    expect(Array.from({ length: 19 }, (_, offset) => normalized.toOriginal(offset))).toEqual([
      0, 1, 3, 4, 6, 7, 9, 10, 12, 13, 15, 16, 18, 19, 21, 22, 24, 25, 27,
    ]);
  });
});

describe('countOf', () => {
  it('counts occurrences that do not overlap', () => {
    expect(countOf('aaaa', 'aa')).toBe(2);
    expect(countOf('a\nb\n\nc', '\n')).toBe(3);
    expect(countOf('abc', 'x')).toBe(0);
    expect(countOf('', '\n')).toBe(0);
  });

  it('counts only occurrences that start from `from` and before `to`', () => {
    //            0 1 2 3 4 5 6 7
    const text = 'a\nb\nc\nd\n';
    expect(countOf(text, '\n', 2)).toBe(3);
    expect(countOf(text, '\n', 1)).toBe(4);
    expect(countOf(text, '\n', 0, 3)).toBe(1);
    expect(countOf(text, '\n', 0, 4)).toBe(2);
    expect(countOf(text, '\n', 3, 3)).toBe(0);
    expect(countOf(text, '\n', 2, 8)).toBe(3);
  });
});
