import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTrigramPostings, literalTrigrams, trigramsOf } from './trigram-postings.js';

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

  it('grows by no more than it says it would, trims to less and renumbers, finding the same (random texts)', () => {
    const words = fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'epsilon', ' ', 'x', 'yz');
    fc.assert(
      fc.property(fc.array(fc.array(words, { maxLength: 60 }), { minLength: 50, maxLength: 300 }), (texts) => {
        const postings = createTrigramPostings();
        for (const [id, parts] of texts.entries()) {
          const trigrams = trigramsOf(parts.join(''));
          const before = postings.bytes;
          const said = postings.growth(trigrams);
          postings.add(id, trigrams);
          expect(postings.bytes - before).toBeLessThanOrEqual(said);
        }
        const found = postings.candidates(literalTrigrams(['alpha', 'gam'])!);
        const before = postings.bytes;
        postings.trim();
        expect(postings.bytes).toBeLessThanOrEqual(before);
        expect(postings.candidates(literalTrigrams(['alpha', 'gam'])!)).toEqual(found);
        // Every other text forgotten: the others keep their candidacy, numbered anew in order.
        const newIds = Int32Array.from(texts, (_, id) => (id % 2 === 0 ? id / 2 : -1));
        postings.renumber(newIds);
        expect(postings.candidates(literalTrigrams(['alpha', 'gam'])!)).toEqual(found.filter((id) => id % 2 === 0).map((id) => id / 2));
        postings.renumber(new Int32Array(texts.length / 2 + 1).fill(-1));
        expect(postings.candidates(literalTrigrams(['alpha'])!)).toEqual([]);
      }),
      { numRuns: 100 },
    );
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
