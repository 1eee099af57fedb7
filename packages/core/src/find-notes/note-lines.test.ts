import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NoteSection } from './analyze-note.js';
import { bestLines } from './note-lines.js';

const section = (start: number, end: number): NoteSection => ({ heading: undefined, start, end, offset: 0, headingLength: 0, bodyLength: 0 });

describe('bestLines', () => {
  it('shows the lines holding the most distinct query words, in line order, and a word once however many query words begin it', () => {
    const text = ['# Title', 'Index the notes.', 'An index, an indexer, INDEXING: the index!', 'plan the index', 'reindex; index_plan', 'Plan B'].join('\n');
    expect(bestLines(text, section(1, 6), ['index', 'plan', 'ind'])).toEqual([
      { line: 2, text: 'Index the notes.' },
      { line: 4, text: 'plan the index' },
      { line: 5, text: 'reindex; index_plan' },
    ]);
  });

  it('counts a query word under three letters only as a whole word, and skips the heading line', () => {
    const text = '## C and C++\ncat and c\nclass C\nconcat\n';
    expect(bestLines(text, section(1, 4), ['c', 'cat'])).toEqual([
      { line: 2, text: 'cat and c' },
      { line: 3, text: 'class C' },
    ]);
  });

  it('counts the words ranking finds for a query word: by its stem, an ordinal by its number, a stop word only whole', () => {
    const text = ['Paper: the reviewers', 'papered walls', 'a newspaper', 'the theme', 'on the 20th', 'day 20', 'Studies and studying', 'students'].join('\n');
    expect(bestLines(text, section(1, 8), ['papers'])).toEqual([
      { line: 1, text: 'Paper: the reviewers' },
      { line: 2, text: 'papered walls' },
    ]);
    expect(bestLines(text, section(1, 8), ['the', '20th'])).toEqual([
      { line: 1, text: 'Paper: the reviewers' },
      { line: 4, text: 'the theme' },
      { line: 5, text: 'on the 20th' },
    ]);
    expect(bestLines(text, section(6, 8), ['20th', 'studies'])).toEqual([
      { line: 6, text: 'day 20' },
      { line: 7, text: 'Studies and studying' },
      // `studies` finds the words beginning `stud`, as ranking does.
      { line: 8, text: 'students' },
    ]);
  });

  it("starts at the section's first line where told it starts, and counts the lines when that is not a line's start", () => {
    const text = 'a\nplan\n## S\nplan here\n';
    const shown = [{ line: 4, text: 'plan here' }];
    expect(bestLines(text, section(3, 4), ['plan'])).toEqual(shown);
    expect(bestLines(text, section(3, 4), ['plan'], text.indexOf('## S'))).toEqual(shown);
    for (const wrong of [0, text.indexOf('## S') + 1, text.length + 1]) expect(bestLines(text, section(3, 4), ['plan'], wrong)).toEqual(shown);
  });

  it('finds the same lines in printable ASCII as word by word, on random sections', () => {
    const vocabulary = [
      'index',
      'Indexing',
      'c',
      'C++',
      'cat',
      'concat',
      'a',
      'an',
      'plan',
      'planning',
      'x86',
      '_MSC_VER',
      'std::vector',
      're-index',
      'Paper',
      'papered',
      'the',
      'theme',
      '20',
      '20th',
      '200',
      'met',
      'Meeting',
    ];
    const line = fc.array(fc.constantFrom(...vocabulary, ' ', ', ', '(', ')', '#', '\t'), { maxLength: 12 }).map((parts) => parts.join(''));
    const query = fc.uniqueArray(
      fc.constantFrom('index', 'c', 'cat', 'an', 'plan', 'x86', 'msc', 'vector', 'in', 'std', 'papers', 'the', '20th', 'planned', 'meet'),
      {
        minLength: 1,
        maxLength: 4,
      },
    );
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), query, fc.boolean(), (lines, words, crlf) => {
        const text = lines.join(crlf ? '\r\n' : '\n');
        // A character outside printable ASCII, and no word, on a line of its own: the section is read word by word.
        const mixed = `${text}\n→`;
        const [fast, wordByWord] = [bestLines(text, section(1, lines.length), words), bestLines(mixed, section(1, lines.length + 1), words)];
        expect(fast).toEqual(wordByWord);
      }),
      { numRuns: 500 },
    );
  });

  it('finds the same lines in long printable ASCII sections as word by word, asked again with other words (kept by their text)', () => {
    const line = fc.array(fc.constantFrom('index', 'Indexing', 'c', 'cat', 'concat', 'plan', 'x86', 'Paper', 'the', '20th', ' ', ', ', '('), { maxLength: 10 });
    const query = fc.uniqueArray(fc.constantFrom('index', 'c', 'cat', 'plan', 'x86', 'papers', 'the', '20th', 'planned'), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(fc.array(line, { minLength: 2, maxLength: 8 }), fc.array(query, { minLength: 2, maxLength: 4 }), (parts, queries) => {
        // Past 16 kB (a section kept): the lines over and over, then the same lines in reverse order (as long, other lines).
        const shortLines = parts.map((words) => words.join(''));
        const lines = Array.from({ length: Math.ceil((17 * 1024) / (shortLines.join('\n').length + 1)) }, () => shortLines).flat();
        lines.push('the last plan of 20th papers', ...lines.slice(0, 3));
        const texts = [lines, [...lines].reverse()].map((shown) => shown.join('\n'));
        for (const words of [...queries, ...queries]) {
          for (const text of texts) {
            const wordByWord = bestLines(`${text}\n→`, section(1, lines.length + 1), words);
            expect(bestLines(text, section(1, lines.length), words)).toEqual(wordByWord);
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});
