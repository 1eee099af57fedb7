import { createLineCap } from '@vault/core/search-backend';
import { describe, expect, it } from 'vitest';
import { createOrderedResults } from './create-ordered-results.js';

const file = (path: string, matches: number) => ({ path, matches, lines: [] });

describe('createOrderedResults', () => {
  it('keeps batches in their order whatever order they come back in, and gives the cap the matches only up to the first gap', () => {
    const cap = createLineCap(10);
    const results = createOrderedResults(3, cap);
    expect(results.add(2, [file('c.md', 5)])).toBe(false);
    expect(cap.room).toBe(10);
    expect(results.add(0, [file('a.md', 2), { path: 'skipped.md', skipped: 'FILE_TOO_LARGE' }])).toBe(false);
    expect(cap.room).toBe(8);
    expect(results.add(1, [])).toBe(true);
    expect(cap.room).toBe(3);
    expect(results.all()).toEqual([file('a.md', 2), { path: 'skipped.md', skipped: 'FILE_TOO_LARGE' }, file('c.md', 5)]);
  });

  it('is complete with its one batch', () => {
    const results = createOrderedResults(1, createLineCap(0));
    expect(results.add(0, [file('a.md', 1)])).toBe(true);
    expect(results.all()).toEqual([file('a.md', 1)]);
  });
});
