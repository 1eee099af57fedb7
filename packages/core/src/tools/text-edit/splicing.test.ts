import { describe, expect, it } from 'vitest';
import { spliceText } from './__fixtures__/splice-text.js';

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
});
