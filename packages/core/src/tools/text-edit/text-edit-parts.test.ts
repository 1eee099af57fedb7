import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedLines, changeOf, shownChange, snippetOf, spliceText } from './text-edit.js';

/** The snippet of an edit whose change runs from `start` to `end` in the new `text`, as `N: text` lines. */
const snippet = (text: string, start: number, end: number) => snippetOf(text, changedLines(text, start, end)).map((line) => `${line.number}: ${line.text}`);

describe("TextEdit's splice", () => {
  it.each([
    ['replaces in place', 'one\ntwo\n', 'two', 'TWO', { text: 'one\nTWO\n', startOffset: 4, endOffset: 7 }],
    ['in a mixed-ending file an untouched LF stays LF', 'a\r\nb\nc\r\n', 'b\nc', 'B\nc', { text: 'a\r\nB\nc\r\n', startOffset: 3, endOffset: 4 }],
    ['in a mixed-ending file an untouched CRLF stays CRLF', 'a\nb\r\nc\n', 'b\nc', 'B\nc', { text: 'a\nB\r\nc\n', startOffset: 2, endOffset: 3 }],
    ['in a CRLF file a new line break is CRLF', 'a\r\nb\r\n', 'a', 'a\nx', { text: 'a\r\nx\r\nb\r\n', startOffset: 1, endOffset: 4 }],
    ['in a mixed file, mostly CRLF, a new line break is CRLF', 'a\r\nb\r\nc\n', 'c', 'c\nd', { text: 'a\r\nb\r\nc\r\nd\n', startOffset: 7, endOffset: 10 }],
    ['in a mixed file, as many LF as CRLF, a new line break is LF', 'a\r\nb\nc', 'c', 'c\nd', { text: 'a\r\nb\nc\nd', startOffset: 6, endOffset: 8 }],
    ['a CRLF in oldString matches an LF of an LF file, which stays LF', 'a\nb\n', 'a\r\nb', 'a\r\nB', { text: 'a\nB\n', startOffset: 2, endOffset: 3 }],
    ['an LF in oldString matches a CRLF, which is kept', 'a\r\nb\r\n', 'a\nb', 'A\nb', { text: 'A\r\nb\r\n', startOffset: 0, endOffset: 1 }],
    [
      'only the part that differs is replaced',
      'say hello world',
      'hello world',
      'hello there world',
      { text: 'say hello there world', startOffset: 10, endOffset: 16 },
    ],
    ['a deletion is an empty range where the text was', 'keep this, drop this.', ', drop this', '', { text: 'keep this.', startOffset: 9, endOffset: 9 }],
    ['in a file without a final newline the last character is kept', 'one\ntwo', 'one', '1', { text: '1\ntwo', startOffset: 0, endOffset: 1 }],
    ['a BOM-less text with an astral character is spliced by UTF-16 offsets', '😀 x', 'x', 'y', { text: '😀 y', startOffset: 3, endOffset: 4 }],
  ])('%s', (_label, original, oldString, newString, expected) => {
    expect(spliceText(original, oldString, newString)).toEqual(expected);
  });

  it('with all, replaces every non-overlapping occurrence, the range from the first change to the end of the last', () => {
    expect(spliceText('x.x.x', 'x', 'yy', { all: true })).toEqual({ text: 'yy.yy.yy', startOffset: 0, endOffset: 8 });
    expect(spliceText('aaa', 'aa', 'b', { all: true })).toEqual({ text: 'ba', startOffset: 0, endOffset: 1 });
    expect(spliceText('a\r\nb\na\r\n', 'a\n', 'c\n', { all: true })).toEqual({ text: 'c\r\nb\nc\r\n', startOffset: 0, endOffset: 6 });
    expect(spliceText('aaaa', 'a', '', { all: true })).toEqual({ text: '', startOffset: 0, endOffset: 0 });
  });

  it('builds a text of more pieces than it joins at once (65,536) whole and in order', () => {
    expect(spliceText(`${'ab'.repeat(70_000)}!`, 'a', 'c', { all: true })).toEqual({ text: `${'cb'.repeat(70_000)}!`, startOffset: 0, endOffset: 139_999 });
  });

  it('with all, replaces every one of over a million occurrences (the splice pauses after each million)', () => {
    expect(spliceText('a'.repeat((1 << 20) + 1), 'a', 'b', { all: true })).toEqual({
      text: 'b'.repeat((1 << 20) + 1),
      startOffset: 0,
      endOffset: (1 << 20) + 1,
    });
  });

  it('without all, replaces the first occurrence only', () => {
    expect(spliceText('x.x', 'x', 'y')).toEqual({ text: 'y.x', startOffset: 0, endOffset: 1 });
  });

  it('is undefined when oldString does not occur', () => {
    expect(spliceText('one\ntwo\n', 'three', '3')).toBeUndefined();
  });

  it('takes only what differs between oldString and newString, the shared ends never overlapping', () => {
    expect(changeOf('hello world', 'hello there world', '\n')).toEqual({ prefix: 6, suffix: 5, removed: '', inserted: 'there ' });
    expect(changeOf('aa', 'aaa', '\n')).toEqual({ prefix: 2, suffix: 0, removed: '', inserted: 'a' });
    expect(changeOf('a\nb', 'a\nc\nb', '\r\n')).toEqual({ prefix: 2, suffix: 1, removed: '', inserted: 'c\r\n' });
  });

  it('takes whole characters: two emoji that share their first half are replaced whole', () => {
    // 😀 is \ud83d\ude00 and 😁 \ud83d\ude01; 🙂 (\ud83d\ude42) and 🥲 (\ud83e\udd72) end differently, 😀 and 𐐀 (\ud801\udc00) share their second half.
    expect(changeOf('a😀b', 'a😁b', '\n')).toEqual({ prefix: 1, suffix: 1, removed: '😀', inserted: '😁' });
    expect(changeOf('😀', '😀😁', '\n')).toEqual({ prefix: 2, suffix: 0, removed: '', inserted: '😁' });
    expect(changeOf('🙂x', '🥲x', '\n')).toEqual({ prefix: 0, suffix: 1, removed: '🙂', inserted: '🥲' });
    expect(changeOf('x𐐀', 'x😀', '\n')).toEqual({ prefix: 1, suffix: 0, removed: '𐐀', inserted: '😀' });
    expect(spliceText('—😀—', '😀', '😁')).toEqual({ text: '—😁—', startOffset: 1, endOffset: 3 });
  });

  it('finds no change between equal strings: all prefix, nothing removed or inserted', () => {
    expect(changeOf('same', 'same', '\n')).toEqual({ prefix: 4, suffix: 0, removed: '', inserted: '' });
  });
});

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

describe("TextEdit's snippet", () => {
  it.each([
    ["in a file without a final newline the snippet's last line keeps its last character", 'one\ntwo', 4, 7, ['1: one', '2: two']],
    ['a final line break adds no empty line', 'one\ntwo\n', 4, 7, ['1: one', '2: two']],
    ["a CRLF file's lines are shown without their CR", 'a\r\nb\r\nc', 3, 4, ['1: a', '2: b', '3: c']],
    ['two lines of context on each side', '1\n2\n3\n4\n5\n6\n7\n', 6, 7, ['2: 2', '3: 3', '4: 4', '5: 5', '6: 6']],
    ['a file emptied by the edit shows its one empty line', '', 0, 0, ['1: ']],
    ['a deletion at the end of a file ending in a line break shows its last lines', 'a\nb\n', 4, 4, ['1: a', '2: b']],
  ])('%s', (_label, text, start, end, expected) => {
    expect(snippet(text, start, end)).toEqual(expected);
  });

  it('shows at most 30 lines from two before the change', () => {
    const text = Array.from({ length: 50 }, (_, index) => `${index + 1}`).join('\n');
    const shown = snippet(text, text.indexOf('3\n'), text.indexOf('45'));
    expect(shown).toHaveLength(30);
    expect([shown[0], shown[29]]).toEqual(['1: 1', '30: 30']);
  });

  it('shows a long line from 100 characters before a change past column 1900, and shorter lines whole', () => {
    const long = `${'a'.repeat(1950)}X${'b'.repeat(10)}`;
    const text = `short\n${long}\n${'c'.repeat(1850)}\nend`;
    expect(snippetOf(text, changedLines(text, 6 + 1950, 6 + 1951))).toEqual([
      { number: 1, text: 'short' },
      { number: 2, text: `${'a'.repeat(100)}X${'b'.repeat(10)}`, fullLength: 1961, column: 1850 },
      { number: 3, text: 'c'.repeat(1850) },
      { number: 4, text: 'end' },
    ]);
  });

  it('shows a line from its start when the change starts at column 1900 or before', () => {
    const text = `${'a'.repeat(1900)}X${'b'.repeat(10)}`;
    expect(snippetOf(text, changedLines(text, 1900, 1901))).toEqual([{ number: 1, text }]);
    const further = `a${text}`;
    expect(snippetOf(further, changedLines(further, 1901, 1902))).toEqual([
      { number: 1, text: `${'a'.repeat(100)}X${'b'.repeat(10)}`, fullLength: 1912, column: 1801 },
    ]);
  });

  it('cuts a line longer than 2,000 characters like TextRead, and never in the middle of an astral character', () => {
    const text = `${'a'.repeat(1999)}😀${'b'.repeat(600)}\nX`;
    expect(snippetOf(text, changedLines(text, text.length - 1, text.length))).toEqual([
      { number: 1, text: 'a'.repeat(1999), fullLength: 2601 },
      { number: 2, text: 'X' },
    ]);
  });

  it('shows a change deep in a line of emoji from a whole character, cut before a pair', () => {
    // The change (X) at unit 4000: from 100 units before it, 2,000 units would end inside a 😀, which is left out.
    const text = `${'😀'.repeat(2000)}X${'😀'.repeat(2000)}\nend`;
    expect(snippetOf(text, changedLines(text, 4000, 4001))).toEqual([
      { number: 1, text: `${'😀'.repeat(50)}X${'😀'.repeat(949)}`, fullLength: 8001, column: 3900 },
      { number: 2, text: 'end' },
    ]);
    // The change at unit 4001: 100 units before it is inside a 😀, which is shown whole.
    const odd = `${'😀'.repeat(2000)}aX${'😀'.repeat(2000)}`;
    expect(snippetOf(odd, changedLines(odd, 4001, 4002))).toEqual([
      { number: 1, text: `${'😀'.repeat(50)}aX${'😀'.repeat(949)}`, fullLength: 8002, column: 3900 },
    ]);
  });

  it('numbers the lines right when the file starts with an empty line', () => {
    expect(snippet('\nX\n', 1, 2)).toEqual(['1: ', '2: X']);
  });

  it('numbers the lines right when its context starts on the second of two empty first lines', () => {
    expect(snippet('\n\nc\nabc\n', 4, 7)).toEqual(['2: ', '3: c', '4: abc']);
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
