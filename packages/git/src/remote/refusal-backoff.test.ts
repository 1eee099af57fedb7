import { describe, expect, it } from 'vitest';
import { createRefusalBackoff, longestPause } from './refusal-backoff.js';

// The window a pause is drawn from (random() = 1 gives its end): rounds of the last round's time.
describe('the pause after a refused push', () => {
  it('grows with the refusals seen recently, at least doubling with those in a row, and halves its count after a push', () => {
    const backoff = createRefusalBackoff(() => 1);
    expect(backoff.refused(1, 100)).toBe(200);
    expect(backoff.refused(2, 100)).toBe(300);
    expect(backoff.refused(3, 100)).toBe(400);
    expect(backoff.refused(4, 100)).toBe(800);
    backoff.pushed();
    // Four refusals halved to two, and one more.
    expect(backoff.refused(1, 100)).toBe(400);
  });

  it('is drawn at random within the window, never shorter than a round of 20 ms allows, never past the longest pause', () => {
    expect(createRefusalBackoff(() => 0.5).refused(1, 100)).toBe(100);
    expect(createRefusalBackoff(() => 1).refused(1, 1)).toBe(40);
    expect(createRefusalBackoff(() => 1).refused(8, 1000)).toBe(longestPause);
  });
});
