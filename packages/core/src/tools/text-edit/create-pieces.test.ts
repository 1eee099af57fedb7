import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPieces } from './create-pieces.js';

describe('createPieces', () => {
  it('searches, counts and cuts strings in a row as the one string they make', () => {
    const chunks = fc.array(fc.constantFrom('', 'a', '\n', 'ab\n', 'x\ny', '\n\n'), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(chunks, fc.nat(), fc.nat(), (strings, a, b) => {
        const whole = strings.join('');
        const pieces = createPieces(strings);
        const from = a % (whole.length + 1);
        const to = from + (b % (whole.length - from + 1));
        expect(pieces.length).toBe(whole.length);
        expect(pieces.charAt(from)).toBe(whole.charAt(from));
        expect(pieces.indexOf('\n', from)).toBe(whole.indexOf('\n', from));
        expect(pieces.lastIndexOf('\n', from)).toBe(whole.lastIndexOf('\n', from));
        expect(pieces.count('\n', from, to)).toBe(whole.slice(from, to).split('\n').length - 1);
        expect(pieces.slice(from, to)).toBe(whole.slice(from, to));
      }),
      { numRuns: 500 },
    );
  });
});
