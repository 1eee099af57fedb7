import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { literalQuadgrams, quadgramSketchOf, sketchBytes, sketchHolds } from './quadgram-sketch.js';
import { trigramsOf } from './trigram-postings.js';

const sketchOf = (text: string) => quadgramSketchOf(text, trigramsOf(text).length);
const holds = (text: string, literal: string) => sketchHolds(sketchOf(text), literalQuadgrams([literal])[0]!);

describe('quadgram sketch', () => {
  it('rules out a text holding every trigram of a word but not the word, and keeps those holding it, case folded', () => {
    // mut, ute and tex are all here; mute and utex are not.
    expect(holds('compute the mutable text', 'mutex')).toBe(false);
    expect(holds('a MUTEX here', 'mutex')).toBe(true);
    expect(holds('ſemaphore', 'SEMAPHORE')).toBe(true);
    expect(holds('\u212Aelvin', 'kelvin')).toBe(true);
    // Shorter than four units: no quadgram to look for, never ruled out.
    expect(literalQuadgrams(['mut', 'mute']).map((keys) => keys.length)).toEqual([0, 1]);
    expect(holds('', 'mut')).toBe(true);
  });

  it('takes about half a byte per distinct trigram, as a power of two from 8 bytes to 64 KiB', () => {
    expect([0, 1, 16, 17, 1000, 10 ** 7].map(sketchBytes)).toEqual([8, 8, 8, 16, 512, 65_536]);
  });

  it('never rules out a text a case-insensitive search finds the literal in (random texts, the literal in any case)', () => {
    const unit = fc.constantFrom('a', 'b', 's', 'k', 'é', ' ', '\n', 'ß', '😀');
    const cases: Record<string, string[]> = { a: ['a', 'A'], b: ['b', 'B'], s: ['s', 'S', 'ſ'], k: ['k', 'K', 'K'], é: ['é', 'É'] };
    const spelling = (word: string) => fc.tuple(...[...word].map((char) => fc.constantFrom(...(cases[char] ?? [char])))).map((chars) => chars.join(''));
    const found = fc
      .tuple(fc.string({ unit, maxLength: 200 }), fc.string({ unit, minLength: 4, maxLength: 8 }), fc.string({ unit, maxLength: 200 }))
      .chain(([before, word, after]) => fc.tuple(fc.constant(before), spelling(word), spelling(word), fc.constant(after)));
    fc.assert(
      fc.property(found, ([before, inText, literal, after]) => {
        const text = `${before}${inText}${after}`;
        expect(new RegExp(literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'iu').test(text)).toBe(true);
        expect(holds(text, literal), `${JSON.stringify(literal)} in ${JSON.stringify(text)}`).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
