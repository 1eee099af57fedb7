import { describe, expect, it } from 'vitest';
import { open } from '../tools/__fixtures__/open.js';
import { noteCacheOf } from './note-cache.js';

describe('noteCacheOf', () => {
  it('starts afresh when words of notes long gone pile up, but not at every call when the vault itself holds that many words', async () => {
    const { vault } = open({ 'a.md': 'hello\n' });
    await vault.call('FindNotes', { query: 'hello' });
    const cache = noteCacheOf(vault);
    expect(cache.vaultWords).toBeGreaterThan(0);
    const fill = (words: number) => {
      for (let word = cache.dictionary.size; word < words; word += 1) cache.dictionary.add(`w${word}`);
    };
    // As a vault of 3 M distinct words read whole: kept until twice that.
    cache.vaultWords = 3_000_000;
    fill(4_500_000);
    expect(noteCacheOf(vault)).toBe(cache);
    fill(6_000_001);
    const fresh = noteCacheOf(vault);
    expect(fresh).not.toBe(cache);
    expect(fresh.vaultWords).toBeUndefined();
  }, 60_000);
});
