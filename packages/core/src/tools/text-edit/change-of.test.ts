import { describe, expect, it } from 'vitest';
import { spliceText } from './__fixtures__/splice-text.js';
import { changeOf } from './change-of.js';

describe("TextEdit's change", () => {
  it('takes only what differs between oldString and newString, the shared ends never overlapping', () => {
    expect(changeOf('hello world', 'hello there world', '\n')).toEqual({ prefix: 6, suffix: 5, removed: '', inserted: 'there ' });
    expect(changeOf('aa', 'aaa', '\n')).toEqual({ prefix: 2, suffix: 0, removed: '', inserted: 'a' });
    expect(changeOf('a\nb', 'a\nc\nb', '\r\n')).toEqual({ prefix: 2, suffix: 1, removed: '', inserted: 'c\r\n' });
  });

  it('takes whole characters: two emoji that share their first half are replaced whole', () => {
    // 😀 is \ud83d\ude00 and 😁 \ud83d\ude01; 🙂 (\ud83d\ude42) and 🥲 (\ud83e\udd72) end differently; 😀 and 𐘀 (\ud801\ude00) share their second half.
    expect(changeOf('a😀b', 'a😁b', '\n')).toEqual({ prefix: 1, suffix: 1, removed: '😀', inserted: '😁' });
    expect(changeOf('😀', '😀😁', '\n')).toEqual({ prefix: 2, suffix: 0, removed: '', inserted: '😁' });
    expect(changeOf('🙂x', '🥲x', '\n')).toEqual({ prefix: 0, suffix: 1, removed: '🙂', inserted: '🥲' });
    expect(changeOf('x𐐀', 'x😀', '\n')).toEqual({ prefix: 1, suffix: 0, removed: '𐐀', inserted: '😀' });
    expect(changeOf('x𐘀', 'x😀', '\n')).toEqual({ prefix: 1, suffix: 0, removed: '𐘀', inserted: '😀' });
    expect(spliceText('—😀—', '😀', '😁')).toEqual({ text: '—😁—', startOffset: 1, endOffset: 3 });
  });

  it('finds no change between equal strings: all prefix, nothing removed or inserted', () => {
    expect(changeOf('same', 'same', '\n')).toEqual({ prefix: 4, suffix: 0, removed: '', inserted: '' });
  });
});
