import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTrigramPostings, listCost, literalTrigrams, trigramsOf } from './trigram-postings.js';

/** The texts a case-insensitive, Unicode-aware search can find `literal` in: what the candidates must include. */
const holding = (texts: readonly string[], literal: string) => {
  const pattern = new RegExp(literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'iu');
  return texts.flatMap((text, id) => (pattern.test(text) ? [id] : []));
};

function indexed(texts: readonly string[]) {
  const postings = createTrigramPostings();
  for (const [id, text] of texts.entries()) postings.add(id, trigramsOf(text));
  return postings;
}

describe('trigram postings', () => {
  it('gives the texts that hold every trigram of one of the literals, case folded', () => {
    const postings = indexed(['Hello World', 'say hello', 'help', 'WORLDS apart', 'ſtraße']);
    expect(postings.candidates(literalTrigrams(['hello'])!)).toEqual([0, 1]);
    expect(postings.candidates(literalTrigrams(['world', 'help'])!)).toEqual([0, 2, 3]);
    // U+017F matches "s" when case is ignored: the postings never rule it out.
    expect(postings.candidates(literalTrigrams(['STR'])!)).toEqual([4]);
    expect(postings.candidates(literalTrigrams(['absent'])!)).toEqual([]);
  });

  it('rules out nothing for a literal shorter than three code units, or none', () => {
    expect(literalTrigrams(['ab', 'hello'])).toBeUndefined();
    expect(literalTrigrams([])).toBeUndefined();
    expect(literalTrigrams(undefined)).toBeUndefined();
  });

  it('counts the bytes of its lists, and trims them to their length', () => {
    const postings = indexed(['abcd', 'abce', 'abcf']);
    // Four lists: abc (3 ids, grown to 4 slots), bcd, bce, bcf (1 id in 2 slots each).
    expect(postings.bytes).toBe(4 * listCost + 4 * 4 + 3 * 2 * 4);
    expect(postings.growth(trigramsOf('abcd'))).toBe(0);
    postings.trim();
    expect(postings.bytes).toBe(4 * listCost + 3 * 4 + 3 * 4);
    // Full now: abc grows from 3 to 5 slots, bcd from 1 to 3.
    expect(postings.growth(trigramsOf('abcd'))).toBe(2 * 4 + 2 * 4);
    postings.clear();
    expect([postings.bytes, postings.candidates(literalTrigrams(['abc'])!)]).toEqual([0, []]);
  });

  it('never rules out a text a case-insensitive search finds the literal in (random texts and literals)', () => {
    const alphabet = fc.constantFrom('a', 'b', 'A', 'B', 's', 'S', 'ſ', 'k', 'K', 'K', 'é', 'É', ' ', '\n', 'ß');
    const text = fc.string({ unit: alphabet, maxLength: 40 });
    fc.assert(
      fc.property(
        fc.array(text, { maxLength: 12 }),
        fc.array(fc.string({ unit: alphabet, minLength: 3, maxLength: 6 }), { minLength: 1, maxLength: 3 }),
        (texts, literals) => {
          const found = indexed(texts).candidates(literalTrigrams(literals)!);
          for (const literal of literals) expect(found).toEqual(expect.arrayContaining(holding(texts, literal)));
          // And only texts whose own trigrams include all of one literal's.
          for (const id of found) {
            const own = new Set(trigramsOf(texts[id]!));
            expect(literalTrigrams(literals)!.some((keys) => keys.every((key) => own.has(key)))).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
