import { describe, expect, it } from 'vitest';
import { createTermDictionary } from './term-dictionary.js';

describe('the term dictionary', () => {
  it('gives the shortest longer words a prefix begins, and words added after a look-up in the next one', () => {
    const dictionary = createTermDictionary();
    const words = (prefix: string, max: number) =>
      dictionary.longerWords(prefix, max).map((id) => ['index', 'indexing', 'indexes', 'indigo', 'in', 'indexed'][id]);
    for (const word of ['index', 'indexing', 'indexes', 'indigo', 'in']) dictionary.add(word);
    expect(words('index', 20)).toEqual(['indexes', 'indexing']);
    expect(words('ind', 2)).toEqual(['index', 'indigo']);
    expect(dictionary.add('indexed')).toBe(5);
    expect(words('index', 20)).toEqual(['indexed', 'indexes', 'indexing']);
    expect(words('index', 1)).toEqual(['indexed']);
    expect(words('zzz', 20)).toEqual([]);
  });
});
