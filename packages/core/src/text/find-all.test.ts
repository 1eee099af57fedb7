import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findAll, indexOfLinear } from './find-all.js';

/** Every start offset, the obvious way: the model the finder is checked against. */
function naive(text: string, needle: string, overlapping: boolean): number[] {
  const found: number[] = [];
  for (let index = 0; index + needle.length <= text.length; index += 1) {
    if (text.startsWith(needle, index) && (overlapping || found.length === 0 || index >= found.at(-1)! + needle.length)) found.push(index);
  }
  return found;
}

describe('findAll', () => {
  it('finds what a naive search finds, overlapping or not, for short and long (KMP) needles', () => {
    // Few letters, so that long needles occur and overlap.
    const text = fc.stringMatching(/^[ab]{0,200}$/);
    const needle = fc.oneof(fc.stringMatching(/^[ab]{1,6}$/), fc.stringMatching(/^[ab]{33,60}$/), fc.constantFrom(`${'a'.repeat(40)}`, `${'ab'.repeat(20)}a`));
    fc.assert(
      fc.property(text, needle, fc.boolean(), (haystack, wanted, overlapping) => {
        const repeated = haystack.repeat(3);
        expect([...findAll(repeated, wanted, { overlapping })]).toEqual(naive(repeated, wanted, overlapping));
      }),
      { numRuns: 500 },
    );
  });

  it('starts at `from`, and indexOfLinear gives the first', () => {
    const text = `${'a'.repeat(50)}b${'a'.repeat(50)}b`;
    const needle = `${'a'.repeat(40)}b`;
    expect([...findAll(text, needle, { overlapping: true })]).toEqual([10, 61]);
    expect(indexOfLinear(text, needle, 11)).toBe(61);
    expect(indexOfLinear(text, needle, 62)).toBe(-1);
  });

  it("stays linear on a periodic needle in a periodic text (superlinear for V8's indexOf): a hang fails by the test timeout", () => {
    const text = 'a'.repeat(4_000_000);
    const needle = `${'a'.repeat(4000)}b${'a'.repeat(4000)}`;
    expect(indexOfLinear(text, needle)).toBe(-1);
    expect([...findAll(text, 'a'.repeat(4000), { overlapping: true })]).toHaveLength(4_000_000 - 4000 + 1);
  });
});
