import { describe, expect, it } from 'vitest';
import { normalizeLineEndings } from '../../text/line-endings.js';
import { spliceText } from './__fixtures__/splice-text.js';
import { changeOf } from './change-of.js';
import { splicing } from './splicing.js';

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

describe("splicing's pieces (decision 0012: a large file's new text is never joined whole)", () => {
  /** `splicing` run to its end: the lengths of the pieces it gives, and how often it paused to give other calls a turn. */
  function pieces(original: string, oldString: string, newString: string, all = false) {
    const normalized = normalizeLineEndings(original);
    const first = normalized.text.indexOf(oldString);
    const steps = splicing(original, normalized, oldString, changeOf(oldString, newString, normalized.newline), { first, all });
    for (let pauses = 0; ; pauses += 1) {
      const step = steps.next();
      if (step.done) return { lengths: step.value.chunks.map((chunk) => chunk.length), pauses };
    }
  }

  it('keeps an unchanged stretch of a mebibyte of characters or more as a piece of its own, and joins a shorter one with what follows', () => {
    expect(pieces(`${'x'.repeat(1 << 20)}a`, 'a', 'b').lengths).toEqual([0, 1 << 20, 1, 0]);
    expect(pieces(`${'x'.repeat((1 << 20) - 1)}a`, 'a', 'b').lengths).toEqual([1 << 20, 0, 0]);
  });

  it('joins what it builds once it reaches a mebibyte of characters', () => {
    expect(pieces('aaa', 'a', 'x'.repeat(1 << 19), true).lengths).toEqual([1 << 20, 1 << 19, 0]);
  });

  it('joins what it builds every 65,536 strings, leaving out empty ones', () => {
    // A deletion inserts nothing: each occurrence but the first adds one string, the "b" before it.
    expect(pieces('ab'.repeat(70_000), 'a', '', true).lengths).toEqual([65_536, 4463, 1]);
  });

  it('pauses once after each million replacements, and joins every 65,536 of them', () => {
    expect(pieces('a'.repeat((1 << 20) + 1), 'a', 'b', true)).toEqual({ lengths: [...Array(16).fill(65_536), 1, 0], pauses: 1 });
  });
});
