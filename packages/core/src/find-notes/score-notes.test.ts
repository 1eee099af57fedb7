import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnalyzedNote } from './analyze-note.js';
import { highestBounds, scoreBest } from './score-notes.js';

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

describe('scoreBest', () => {
  const scoring = (scores: number[]) => (position: number) => ({ note: {} as AnalyzedNote, position, score: scores[position]!, section: 0 });

  it('scores a note past the highest bounds when its bound reaches the best score found, and none whose bound is below it', () => {
    // The four highest bounds score 1 each; the fifth's bound (6.5) reaches that, and it scores 6; the sixth's (0.5) does not.
    const bound = Float64Array.from([10, 9, 8, 7, 6.5, 0.5]);
    const scored = scoreBest([5, 4, 3, 2, 1, 0], bound, 1, scoring([1, 1, 1, 1, 6, 9]));
    expect(scored.map(({ position }) => position)).toEqual([0, 1, 2, 3, 4]);
  });

  it('scores, of the highest bounds, only those that reach the best score found so far', () => {
    const bound = Float64Array.from([10, 9, 8, 7, 6.5, 0.5]);
    expect(scoreBest([5, 4, 3, 2, 1, 0], bound, 1, scoring([8, 1, 1, 1, 6, 9])).map(({ position }) => position)).toEqual([0, 1, 2]);
  });
});
