import { describe, expect, it } from 'vitest';
import { characterBoundary, firstCharacters } from './character-boundary.js';

describe('characterBoundary', () => {
  it.each([
    ['a surrogate pair, at its middle', 'a😀b', 2, 1, 3],
    ['the first and last pair of the range (U+10000, U+10FFFF)', '\ud800\udc00\udbff\udfff', 3, 2, 4],
    ['a ZWJ sequence, inside its second emoji', '👨\u200d👩', 4, 3, 5],
  ])('moves an offset inside %s to the character start, or with "after" to its end', (_, text, offset, before, after) => {
    expect(characterBoundary(text, offset)).toBe(before);
    expect(characterBoundary(text, offset, 'before')).toBe(before);
    expect(characterBoundary(text, offset, 'after')).toBe(after);
  });

  it.each([
    ['the start', 'a😀b', 0],
    ['before a pair', 'a😀b', 1],
    ['after a pair', 'a😀b', 3],
    ['between two pairs', '😀😀', 2],
    ['the end', 'a😀', 3],
    ['past the end', 'a😀', 9],
    ['a negative offset', '😀', -1],
    ['between a ZWJ and the emoji after it (a code point boundary)', '👨\u200d👩', 3],
    ['a lone low surrogate after a letter', 'a\udc00', 1],
    ['a high surrogate then a letter', '\ud800a', 1],
    ['a high surrogate then U+E000, just past the low surrogates', '\ud800\ue000', 1],
    ['U+D7FF, just before the high surrogates, then a low one', '\ud7ff\udc00', 1],
    ['the empty text', '', 0],
  ])('leaves an offset at %s alone', (_, text, offset) => {
    expect(characterBoundary(text, offset)).toBe(offset);
    expect(characterBoundary(text, offset, 'after')).toBe(offset);
  });
});

describe('firstCharacters', () => {
  it('cuts to at most max units, never through a pair', () => {
    expect(firstCharacters('ab😀c', 3)).toBe('ab');
    expect(firstCharacters('ab😀c', 4)).toBe('ab😀');
    expect(firstCharacters('ab😀c', 2)).toBe('ab');
    expect(firstCharacters('ab', 5)).toBe('ab');
    expect(firstCharacters('😀', 1)).toBe('');
  });
});
