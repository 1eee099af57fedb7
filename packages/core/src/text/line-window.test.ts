import { describe, expect, it } from 'vitest';
import { createLineWindow, lineCut, renderWindowLine, windowLine } from './line-window.js';
import type { TextStyle } from './text-style.js';

/** Feeds the pieces to a window and returns what it finished with. */
function windowOf(pieces: string[], first: number, count: number, maxLineLength: number, maxCharacters?: number, column?: number) {
  const window = createLineWindow(first, count, maxLineLength, maxCharacters, column);
  for (const piece of pieces) window.push(piece);
  return window.finish();
}

/** A style that shows where each kind of mark goes. */
const markingStyle: TextStyle = {
  lineNumber: (text) => `<${text}>`,
  note: (text) => `{${text}}`,
  path: (text) => text,
  match: (text) => text,
};

describe('createLineWindow', () => {
  it('keeps only the lines of the window and counts every line of the file', () => {
    expect(windowOf(['one\ntwo\nthree\nfour\nfive\n'], 2, 3, 100)).toEqual({
      lines: [
        { number: 2, text: 'two' },
        { number: 3, text: 'three' },
        { number: 4, text: 'four' },
      ],
      totalLines: 5,
      lineEnding: 'lf',
    });
  });

  it('counts a last line without a line break, and no line after a final line break', () => {
    expect(windowOf(['a\nb'], 1, 10, 100)).toEqual({
      lines: [
        { number: 1, text: 'a' },
        { number: 2, text: 'b' },
      ],
      totalLines: 2,
      lineEnding: 'lf',
    });
    expect(windowOf(['a\nb\n'], 1, 10, 100).totalLines).toBe(2);
    expect(windowOf(['abc'], 1, 10, 100)).toEqual({ lines: [{ number: 1, text: 'abc' }], totalLines: 1, lineEnding: 'none' });
    expect(windowOf([''], 1, 10, 100)).toEqual({ lines: [], totalLines: 0, lineEnding: 'none' });
    expect(windowOf([], 1, 10, 100)).toEqual({ lines: [], totalLines: 0, lineEnding: 'none' });
  });

  it('shows empty lines as empty lines, a file starting with one as LF', () => {
    expect(windowOf(['\n\nx\n'], 1, 10, 100)).toEqual({
      lines: [
        { number: 1, text: '' },
        { number: 2, text: '' },
        { number: 3, text: 'x' },
      ],
      totalLines: 3,
      lineEnding: 'lf',
    });
  });

  it('joins a line that arrives in several pieces', () => {
    expect(windowOf(['al', 'pha\nbe', '', 'ta\ng', 'amma'], 1, 10, 100).lines).toEqual([
      { number: 1, text: 'alpha' },
      { number: 2, text: 'beta' },
      { number: 3, text: 'gamma' },
    ]);
  });

  it('leaves out a CRLF line break that arrives split between two pieces, and tells CRLF from LF', () => {
    expect(windowOf(['a\r', '\nb\r', '', '\nc\n'], 1, 10, 100)).toEqual({
      lines: [
        { number: 1, text: 'a' },
        { number: 2, text: 'b' },
        { number: 3, text: 'c' },
      ],
      totalLines: 3,
      lineEnding: 'mixed',
    });
    expect(windowOf(['a\r\nb\r\n'], 1, 10, 100).lineEnding).toBe('crlf');
  });

  it('keeps a "\\r" that is not followed by "\\n" as a character of the line', () => {
    expect(windowOf(['a\rb\nc\r'], 1, 10, 100)).toEqual({
      lines: [
        { number: 1, text: 'a\rb' },
        { number: 2, text: 'c\r' },
      ],
      totalLines: 2,
      lineEnding: 'lf',
    });
    // A "\r" ending a piece, then a piece that goes on with the same line.
    expect(windowOf(['a\r', 'b\n'], 1, 10, 100).lines).toEqual([{ number: 1, text: 'a\rb' }]);
    expect(windowOf(['a\r', 'b\n'], 1, 10, 100).lineEnding).toBe('lf');
  });

  it('cuts a line at the longest length shown and gives its full length, a CRLF not counted', () => {
    expect(windowOf(['abcdef\r\nabcd\r\nabcde\r\n'], 1, 10, 5).lines).toEqual([
      { number: 1, text: 'abcde', fullLength: 6 },
      { number: 2, text: 'abcd' },
      { number: 3, text: 'abcde' },
    ]);
    // The same when the line comes in pieces of one character.
    expect(windowOf([...'abcdefgh\nxy\n'], 1, 10, 5).lines).toEqual([
      { number: 1, text: 'abcde', fullLength: 8 },
      { number: 2, text: 'xy' },
    ]);
  });

  it('shows each line from a column on, and lines that end before it as empty with their length', () => {
    expect(windowOf(['0123456789\nabc\n\nxyz\r\n'], 1, 10, 4, undefined, 3)).toEqual({
      lines: [
        { number: 1, text: '3456', fullLength: 10, column: 3 },
        { number: 2, text: '', fullLength: 3, column: 3 },
        { number: 3, text: '', column: 3 },
        { number: 4, text: '', fullLength: 3, column: 3 },
      ],
      totalLines: 4,
      lineEnding: 'mixed',
    });
  });

  it('shows a line from a column the same when it arrives in pieces', () => {
    expect(windowOf(['01', '23', '456', '789', '\nabcd', 'e\n'], 1, 10, 4, undefined, 3).lines).toEqual([
      { number: 1, text: '3456', fullLength: 10, column: 3 },
      { number: 2, text: 'de', fullLength: 5, column: 3 },
    ]);
    expect(windowOf(['0123', '45\n'], 1, 10, 10, undefined, 2).lines).toEqual([{ number: 1, text: '2345', fullLength: 6, column: 2 }]);
  });

  it('shows a line whose end falls exactly at the column as empty', () => {
    expect(windowOf(['abc\n'], 1, 10, 10, undefined, 3).lines).toEqual([{ number: 1, text: '', fullLength: 3, column: 3 }]);
    expect(windowOf(['abcd\n'], 1, 10, 10, undefined, 3).lines).toEqual([{ number: 1, text: 'd', fullLength: 4, column: 3 }]);
  });

  it('ends the window before the line that would take the shown text past its bound, always showing the first', () => {
    // Each line "N: xxxx" is 7 characters and its line break 1: 8 each.
    const text = '1111\n2222\n3333\n4444\n';
    expect(windowOf([text], 1, 10, 100, 16)).toEqual({
      lines: [
        { number: 1, text: '1111' },
        { number: 2, text: '2222' },
      ],
      totalLines: 4,
      lineEnding: 'lf',
    });
    expect(windowOf([text], 1, 10, 100, 15).lines).toEqual([{ number: 1, text: '1111' }]);
    expect(windowOf([text], 2, 10, 100, 1).lines).toEqual([{ number: 2, text: '2222' }]);
    // A later, shorter line does not slip in after the window has ended.
    expect(windowOf(['1111\n2222222222\n3\n4\n'], 1, 10, 100, 20).lines).toEqual([{ number: 1, text: '1111' }]);
  });

  it('counts a cut line at what it renders to, its marker included', () => {
    const shown = '1: abcde … [line cut: 6 characters; TextRead `offset: 1`, `limit: 1`, `column: 6` reads on]';
    // The cut line and its line break, then "2: x" (4 characters) and its line break.
    expect(windowOf(['abcdef\nx\n'], 1, 10, 5, shown.length + 1 + 5).lines).toEqual([
      { number: 1, text: 'abcde', fullLength: 6 },
      { number: 2, text: 'x' },
    ]);
    expect(windowOf(['abcdef\nx\n'], 1, 10, 5, shown.length + 1 + 4).lines).toEqual([{ number: 1, text: 'abcde', fullLength: 6 }]);
  });
});

describe('createLineWindow, never half a character', () => {
  // "😀" is two UTF-16 units: a column or a cut between them moves to the character's start.
  it('starts a column inside a pair at the pair, and cuts before a pair the limit would split', () => {
    expect(windowOf(['ab😀😀cd\n'], 1, 10, 3, undefined, 3).lines).toEqual([{ number: 1, text: '😀', fullLength: 8, column: 2 }]);
    expect(windowOf(['ab😀😀cd\n'], 1, 10, 4, undefined, 3).lines).toEqual([{ number: 1, text: '😀😀', fullLength: 8, column: 2 }]);
    expect(windowOf(['ab😀😀cd\n'], 1, 10, 3, undefined, 2).lines).toEqual([{ number: 1, text: '😀', fullLength: 8, column: 2 }]);
    expect(windowOf(['ab😀😀cd\n'], 1, 10, 3, undefined, 5).lines).toEqual([{ number: 1, text: '😀c', fullLength: 8, column: 4 }]);
    expect(windowOf(['ab😀😀cd\n'], 1, 10, 3).lines).toEqual([{ number: 1, text: 'ab', fullLength: 8 }]);
  });

  it('a column inside the first character of a line shows the line from its start', () => {
    expect(windowOf(['😀abc\n'], 1, 10, 10, undefined, 1).lines).toEqual([{ number: 1, text: '😀abc' }]);
    expect(windowOf(['😀\n'], 1, 10, 10, undefined, 1).lines).toEqual([{ number: 1, text: '😀' }]);
  });

  it('cuts the same whatever pieces the text arrives in, a pair split between two included', () => {
    const text = 'x😀😀😀😀\r\n😀😀y\n';
    const whole = windowOf([text], 1, 10, 4, undefined, 2).lines;
    expect(whole).toEqual([
      { number: 1, text: '😀😀', fullLength: 9, column: 1 },
      { number: 2, text: '😀y', fullLength: 5, column: 2 },
    ]);
    for (let split = 1; split < text.length; split += 1)
      expect(windowOf([text.slice(0, split), text.slice(split)], 1, 10, 4, undefined, 2).lines).toEqual(whole);
    expect(windowOf([...text], 1, 10, 4, undefined, 2).lines).toEqual(whole);
  });

  it('every column of a run of emoji: no half character, and the marker reads on from a whole one', () => {
    // The emoji take units 1-12: a column at an even unit falls inside one.
    const line = `a${'😀'.repeat(6)}b`;
    for (let column = 0; column < line.length; column += 1) {
      const [shown] = windowOf([`${line}\n`], 1, 1, 5, undefined, column).lines;
      const start = shown!.column ?? 0;
      expect(start).toBe(column > 0 && column < 13 && column % 2 === 0 ? column - 1 : column);
      expect(line.slice(start, start + shown!.text.length)).toBe(shown!.text);
      expect(shown!.text).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
      // Five units hold two emoji, and a letter before or after them.
      expect(shown!.text.length).toBe(start === 0 || start === 9 ? 5 : Math.min(4, line.length - start));
      const readOn = /`column: (\d+)`/.exec(renderWindowLine(shown!, markingStyle))?.[1];
      if (readOn !== undefined) expect(line[Number(readOn) - 1]).not.toMatch(/[\udc00-\udfff]/);
    }
  });
});

describe('lineCut', () => {
  it.each([
    ['a column between characters', 'ab😀cd', 2, 3, { text: '😀c', column: 2 }],
    ['a column inside a pair: from the pair', 'ab😀cd', 3, 3, { text: '😀c', column: 2 }],
    ['a limit that would split a pair: before it', 'ab😀cd', 0, 3, { text: 'ab', column: 0 }],
    ['a limit past the line', 'ab😀', 1, 10, { text: 'b😀', column: 1 }],
    ['a column past the line', 'ab', 5, 3, { text: '', column: 5 }],
    ['a limit of one unit at a pair: the whole character, so reading on moves on', '😀😀', 2, 1, { text: '😀', column: 2 }],
    ['a limit of one unit inside a pair', '😀😀', 3, 1, { text: '😀', column: 2 }],
    ['a limit of one unit at a letter', 'a😀', 0, 1, { text: 'a', column: 0 }],
    ['no room at all', '😀', 0, 0, { text: '', column: 0 }],
  ])('%s', (_, line, column, max, expected) => {
    expect(lineCut(line, column, max)).toEqual(expected);
  });
});

describe('createLineWindow from a later line', () => {
  it('numbers the text from startLine, and is full once past its last line', () => {
    const window = createLineWindow(7, 2, 100, Number.POSITIVE_INFINITY, 0, 7);
    expect(window.full).toBe(false);
    window.push('seven\neight');
    expect(window.full).toBe(false);
    window.push('\nnine\n');
    expect(window.full).toBe(true);
    expect(window.finish()).toEqual({
      lines: [
        { number: 7, text: 'seven' },
        { number: 8, text: 'eight' },
      ],
      totalLines: 9,
      lineEnding: 'lf',
    });
  });

  it('is full when the character bound ends it early', () => {
    const window = createLineWindow(1, 10, 100, 12);
    window.push('abcdefgh\n');
    expect(window.full).toBe(false);
    window.push('ijklmnop\n');
    expect(window.full).toBe(true);
    expect(window.finish().lines).toEqual([{ number: 1, text: 'abcdefgh' }]);
  });
});

describe('windowLine', () => {
  it('gives the full length only when the text is not the whole line, and the column only past the start', () => {
    expect(windowLine(3, 'abc', 3)).toEqual({ number: 3, text: 'abc' });
    expect(windowLine(3, 'abc', 5)).toEqual({ number: 3, text: 'abc', fullLength: 5 });
    expect(windowLine(3, 'abc', 5, 0)).toEqual({ number: 3, text: 'abc', fullLength: 5 });
    expect(windowLine(3, 'abc', 5, 2)).toEqual({ number: 3, text: 'abc', fullLength: 5, column: 2 });
  });
});

describe('renderWindowLine', () => {
  it('shows a whole line as "N: text"', () => {
    expect(renderWindowLine({ number: 12, text: 'hello' }, markingStyle)).toBe('<12>: hello');
  });

  it('tells how to read on past a cut line', () => {
    expect(renderWindowLine({ number: 7, text: 'abc', fullLength: 10 }, markingStyle)).toBe(
      '<7>: abc{ … [line cut: 10 characters; TextRead `offset: 7`, `limit: 1`, `column: 4` reads on]}',
    );
  });

  it('marks where a line shown from a column starts, and reads on from where it stops', () => {
    expect(renderWindowLine({ number: 2, text: 'def', fullLength: 10, column: 3 }, markingStyle)).toBe(
      '<2>: {[from character 4] …}def{ … [line cut: 10 characters; TextRead `offset: 2`, `limit: 1`, `column: 7` reads on]}',
    );
    // Shown to its end: no marker after it.
    expect(renderWindowLine({ number: 2, text: 'defghij', fullLength: 10, column: 3 }, markingStyle)).toBe('<2>: {[from character 4] …}defghij');
  });

  it('reads on from the column after a text cut before a pair', () => {
    expect(renderWindowLine({ number: 4, text: 'a😀', fullLength: 9, column: 1 }, markingStyle)).toBe(
      '<4>: {[from character 2] …}a😀{ … [line cut: 9 characters; TextRead `offset: 4`, `limit: 1`, `column: 5` reads on]}',
    );
  });

  it('says so when a line ends before the column', () => {
    expect(renderWindowLine({ number: 5, text: '', fullLength: 3, column: 3 }, markingStyle)).toBe('<5>: {[line of 3 characters, before the column]}');
    expect(renderWindowLine({ number: 5, text: '', fullLength: 3, column: 8 }, markingStyle)).toBe('<5>: {[line of 3 characters, before the column]}');
  });
});
