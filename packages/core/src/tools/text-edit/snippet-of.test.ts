import { describe, expect, it } from 'vitest';
import { changedLines } from './__fixtures__/changed-lines.js';
import { snippetOf } from './snippet-of.js';

/** The snippet of an edit whose change runs from `start` to `end` in the new `text`, as `N: text` lines. */
const snippet = (text: string, start: number, end: number) => snippetOf(text, changedLines(text, start, end)).map((line) => `${line.number}: ${line.text}`);

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
