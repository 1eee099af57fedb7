import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPostingArena } from './create-posting-arena.js';

describe('the posting arena', () => {
  it('keeps every list whole through moves, packing and trimming, within the bytes it said (random appends)', () => {
    // Gaps of every varint width (1 to 5 bytes), values up to 2^32 - 1.
    const gap = fc.oneof(fc.constant(1), fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 1 << 22 }), fc.integer({ min: 0, max: 1 << 28 }));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), gap), { minLength: 1000, maxLength: 3000 }), (steps) => {
        const arena = createPostingArena();
        const expected = new Map<number, number[]>();
        let value = 0;
        for (const [key, step] of steps) {
          value = Math.min(value + step, 2 ** 32 - 1);
          const before = arena.bytes;
          const said = arena.growth(Uint32Array.of(key));
          arena.append(arena.listOf(key), value);
          expect(arena.bytes - before).toBeLessThanOrEqual(said);
          expected.set(key, expected.get(key) ?? []);
          expected.get(key)!.push(value);
        }
        const lists = () => new Map([...expected.keys()].map((key) => [key, [...arena.view(arena.find(key)!)]]));
        expect(lists()).toEqual(expected);
        arena.trim();
        expect(lists()).toEqual(expected);
        expect(arena.find(41)).toBeUndefined();
      }),
      { numRuns: 60 },
    );
  });
});
