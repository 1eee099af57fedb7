import { describe, expect, it } from 'vitest';
import { foldedWord, noteWords } from './note-words.js';

describe('noteWords', () => {
  it('folds case and Latin, Greek and Cyrillic accents, and keeps words whole (no stemming)', () => {
    expect(noteWords('Indexing the Café, déjà vu; ĈAPITRE Ελληνικά Ёлка')).toEqual(['indexing', 'the', 'cafe', 'deja', 'vu', 'capitre', 'ελληνικα', 'елка']);
    expect(foldedWord('Indexes')).toBe('indexes');
  });

  it('splits at what is not a letter, digit or mark', () => {
    expect(noteWords('std::vector _MSC_VER C2065 a-b/c.d "e"')).toEqual(['std', 'vector', 'msc', 'ver', 'c2065', 'a', 'b', 'c', 'd', 'e']);
    expect(noteWords('\u0000\u0007 ^(a+)+$ [x]')).toEqual(['a', 'x']);
  });

  it('cuts Chinese, Japanese and Thai into words, and keeps the marks of Devanagari', () => {
    // Where ICU cuts a Japanese sentence varies with its dictionary: every character kept, the city a word of its own.
    const japanese = noteWords('東京都に住んでいます');
    expect(japanese.join('')).toBe('東京都に住んでいます');
    expect(japanese).toContain('東京');
    expect(japanese.length).toBeGreaterThan(3);
    expect(noteWords('ภาษาไทยง่าย')).toEqual(['ภาษา', 'ไทย', 'ง่าย']);
    expect(noteWords('हिन्दी भाषा')).toEqual(['हिन्दी', 'भाषा']);
  });

  it('cuts a word past 64 characters', () => {
    expect(noteWords(`${'x'.repeat(100)} y`)).toEqual(['x'.repeat(64), 'y']);
  });
});
