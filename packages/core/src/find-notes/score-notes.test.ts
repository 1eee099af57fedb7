import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highestBounds } from './score-notes.js';

describe('highestBounds', () => {
  it('gives the candidates of highest bound, highest first, equal bounds in path order (position)', () => {
    const bound = Float64Array.from([3, 1, 3, 2, 5, 3]);
    expect(highestBounds([0, 1, 2, 3, 4, 5], bound, 3)).toEqual([4, 0, 2]);
    expect(highestBounds([5, 3, 1, 2, 0], bound, 4)).toEqual([0, 2, 5, 3]);
    expect(highestBounds([1, 3], bound, 2)).toEqual([3, 1]);
  });

  it('is the first `count` of the candidates sorted by bound, then position, on random bounds', () => {
    const cases = fc.record({
      bounds: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 200 }),
      count: fc.integer({ min: 1, max: 50 }),
      seed: fc.nat(),
    });
    fc.assert(
      fc.property(cases, ({ bounds, count, seed }) => {
        const bound = Float64Array.from(bounds);
        // Candidates in a scrambled order: the order found does not matter.
        const candidates = bounds.map((_, at) => at).sort((a, b) => ((a * 7919 + seed) % 101) - ((b * 7919 + seed) % 101));
        const sorted = [...candidates].sort((a, b) => bound[b]! - bound[a]! || a - b);
        expect(highestBounds(candidates, bound, Math.min(count, candidates.length))).toEqual(sorted.slice(0, count));
      }),
      { numRuns: 300 },
    );
  });
});
