import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldedWord, noteWords, segmentedPieceLength, wordsWithOffsets } from './note-words.js';

describe('noteWords', () => {
  it('folds case and Latin, Greek and Cyrillic accents, and keeps words whole (no stemming)', () => {
    expect(noteWords('Indexing the Café, déjà vu; ĈAPITRE Ελληνικά Ёлка')).toEqual(['indexing', 'the', 'cafe', 'deja', 'vu', 'capitre', 'ελληνικα', 'елка']);
    expect(foldedWord('Indexes')).toBe('indexes');
  });

  it('folds case fully where lower case is not enough: ß and ẞ as ss, a final ς as σ', () => {
    expect(noteWords('Straße STRASSE GROẞE groß ΣΟΦΟΣ σοφος σοφοσ')).toEqual(['strasse', 'strasse', 'grosse', 'gross', 'σοφοσ', 'σοφοσ', 'σοφοσ']);
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

  it('gives the words it gave before for text whose unbroken runs are shorter than a piece given to the segmenter', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
    // Each run segmented whole, as before runs were cut into pieces.
    const wholeRuns = (text: string) =>
      [...text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)].flatMap(([run]) =>
        /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u.test(run)
          ? [...segmenter.segment(run)].filter((part) => part.isWordLike).map((part) => foldedWord(part.segment))
          : [foldedWord(run)],
      );
    const piece = fc.constantFrom('东京', '数据库索引', '我们今天', '𠀀𠀁', 'ภาษาไทย', 'ง่าย', 'हिन्दी', 'カタカナ', 'ab', '42', ' ', '。', ', ', '\n', 'é');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 300 }), (pieces) => {
        const text = pieces.join('');
        fc.pre(Math.max(0, ...[...text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)].map(([run]) => run.length)) < segmentedPieceLength);
        expect(noteWords(text)).toEqual(wholeRuns(text));
      }),
      { numRuns: 200 },
    );
  });

  it('cuts a long unbroken run of Chinese or Thai into pieces at characters: every character kept, no surrogate pair or letter and mark split', () => {
    // Node 20's segmenter costs the square of the text's length: 300,000 characters at once ran it out of memory.
    const chinese = '我们今天讨论东京的天气和数据库索引'.repeat(17_648);
    expect(chinese.length).toBeGreaterThan(300_000);
    expect(noteWords(chinese).join('') === chinese).toBe(true);
    expect(noteWords(chinese)).toContain('东京');
    const thai = 'ภาษาไทยง่ายมากสำหรับการทดสอบ'.repeat(11_000);
    expect(noteWords(thai).join('') === thai.normalize('NFKC')).toBe(true);
    expect(noteWords(thai)).toContain('ภาษา');
    // Astral characters and marks where a piece would end: each word is the text at its offset, whole characters.
    for (const run of ['𠀀'.repeat(1_000), `${'東'.repeat(segmentedPieceLength - 1)}${'\u0301'.repeat(5)}京`, 'ก'.concat('\u0e34'.repeat(2_500))]) {
      const words = [...wordsWithOffsets(run)];
      expect(words.length).toBeGreaterThan(0);
      for (const { word, start } of words) {
        expect(run.slice(start, start + word.length).normalize('NFKC')).toBe(word);
        expect(word).not.toMatch(/^[\p{M}]|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])/u);
      }
    }
    expect(
      [...wordsWithOffsets(`${'東'.repeat(segmentedPieceLength - 1)}${'\u0301'.repeat(5)}京`)].some(({ word }) =>
        word.endsWith('東\u0301\u0301\u0301\u0301\u0301'),
      ),
    ).toBe(true);
  });
});
