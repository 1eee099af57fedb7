import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextLongLine } from './next-long-line.js';

/** The start of each line (line feeds apart) longer than `longest`, found by splitting. */
function longLineStarts(text: string, longest: number): number[] {
  const starts: number[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    if (line.length > longest) starts.push(start);
    start += line.length + 1;
  }
  return starts;
}

describe('nextLongLine', () => {
  it('finds every line longer than the bound, in order, as splitting on line feeds does (random texts)', () => {
    const text = fc
      .array(
        fc.oneof(
          fc.constantFrom('\n', '\r\n', '\r'),
          fc.nat(12).map((length) => 'x'.repeat(length)),
        ),
        { maxLength: 30 },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 8 }), (each, longest) => {
        const found: number[] = [];
        let from = 0;
        for (let start = nextLongLine(each, 0, longest); start !== -1; start = nextLongLine(each, from, longest)) {
          found.push(start);
          const end = each.indexOf('\n', start);
          if (end === -1) break;
          from = end + 1;
        }
        expect(found).toEqual(longLineStarts(each, longest));
      }),
      { numRuns: 2_000 },
    );
  });

  it('takes a line of exactly the bound as short, one more character as long', () => {
    expect(nextLongLine('abc\nde', 0, 3)).toBe(-1);
    expect(nextLongLine('ab\nabcd\n', 0, 3)).toBe(3);
    expect(nextLongLine('abcd', 0, 3)).toBe(0);
    expect(nextLongLine('', 0, 3)).toBe(-1);
  });
});
