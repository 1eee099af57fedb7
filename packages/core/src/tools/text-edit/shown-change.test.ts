import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedLines } from './__fixtures__/changed-lines.js';
import { createPieces } from './create-pieces.js';
import { shownChange, snippetSpan } from './shown-change.js';
import { snippetOf } from './snippet-of.js';

describe("TextEdit's changed lines", () => {
  it.each([
    ['a change within a line', 'one\ntwo\nthree\n', 4, 7, { anchor: 4, startLine: 2, endLine: 2 }],
    ['a change over two lines', 'a\nb\nc\n', 2, 5, { anchor: 2, startLine: 2, endLine: 3 }],
    ['an inserted line with its line break is one line', 'a\nx\nb\n', 2, 4, { anchor: 2, startLine: 2, endLine: 2 }],
    ['a deletion is on the line where it was', 'a\nbc\n', 3, 3, { anchor: 3, startLine: 2, endLine: 2 }],
    ['a deletion at the very end of a file ending in a line break is on its last line', 'a\nb\n', 4, 4, { anchor: 3, startLine: 2, endLine: 2 }],
    ['a deletion of the whole file is on line 1', '', 0, 0, { anchor: 0, startLine: 1, endLine: 1 }],
    ['a change at the very start of a CRLF file', 'x\r\ny\r\n', 0, 1, { anchor: 0, startLine: 1, endLine: 1 }],
  ])('%s', (_label, text, start, end, expected) => {
    expect(changedLines(text, start, end)).toEqual(expected);
  });
});

describe('shownChange', () => {
  it('gives, from the new text in any pieces, the lines and snippet the whole text gives', () => {
    const line = fc.constantFrom('', 'a', 'long line of text', '😀 é', 'x'.repeat(2100));
    const text = fc.array(line, { maxLength: 60 }).chain((lines) => fc.constantFrom(lines.join('\n'), `${lines.join('\n')}\n`, lines.join('\r\n')));
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), fc.array(fc.nat(), { maxLength: 6 }), (whole, a, b, cuts) => {
        const start = whole.length === 0 ? 0 : a % (whole.length + 1);
        const end = start + (b % (whole.length - start + 1));
        const at = [...new Set(cuts.map((cut) => cut % (whole.length + 1)))].sort((x, y) => x - y);
        const chunks = [0, ...at].map((from, index) => whole.slice(from, [...at, whole.length][index]));
        const lines = changedLines(whole, start, end);
        expect(shownChange({ chunks, startOffset: start, endOffset: end })).toEqual({ ...lines, snippet: snippetOf(whole, lines) });
      }),
      { numRuns: 300 },
    );
  });

  it('puts a deletion at the very end of a text in pieces on its last line, the final line break in a later piece', () => {
    expect(shownChange({ chunks: ['a\n', 'b\n'], startOffset: 4, endOffset: 4 })).toEqual({
      anchor: 3,
      startLine: 2,
      endLine: 2,
      snippet: [
        { number: 1, text: 'a' },
        { number: 2, text: 'b' },
      ],
    });
  });

  it('shows all 30 lines of the snippet of a long change below two empty lines, the last one too', () => {
    const whole = `\n\n${Array.from({ length: 48 }, (_, index) => `line ${index + 3}`).join('\n')}\n`;
    const start = whole.indexOf('line 4');
    const end = whole.indexOf('line 35');
    const lines = changedLines(whole, start, end);
    const { snippet } = shownChange({ chunks: [whole], startOffset: start, endOffset: end });
    expect(snippet).toEqual(snippetOf(whole, lines));
    expect(snippet.map((line) => line.number)).toEqual(Array.from({ length: 30 }, (_, index) => index + 2));
  });

  it("numbers the snippet of a change deep in a file from the file's first line", () => {
    const chunks = ['line\n'.repeat(1000), 'CHANGED\n', 'after\n'.repeat(3)];
    const start = 5000;
    expect(shownChange({ chunks, startOffset: start, endOffset: start + 7 })).toEqual({
      anchor: start,
      startLine: 1001,
      endLine: 1001,
      snippet: [
        { number: 999, text: 'line' },
        { number: 1000, text: 'line' },
        { number: 1001, text: 'CHANGED' },
        { number: 1002, text: 'after' },
        { number: 1003, text: 'after' },
      ],
    });
  });
});

describe('snippetSpan', () => {
  it('starts two lines before the line of the change', () => {
    expect(snippetSpan(createPieces(['1\n2\n', '3\n4\n5\n']), 6)).toEqual({ from: 2, to: 10 });
    expect(snippetSpan(createPieces(['a\nb']), 2)).toEqual({ from: 0, to: 3 });
  });

  it("ends after 30 lines, the snippet's longest extent", () => {
    expect(snippetSpan(createPieces(['line\n'.repeat(40)]), 0)).toEqual({ from: 0, to: 150 });
    expect(snippetSpan(createPieces(['line\n'.repeat(20), 'line\n'.repeat(20)]), 12)).toEqual({ from: 0, to: 150 });
  });
});
