import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPostingArena } from './create-posting-arena.js';

describe('the posting arena', () => {
  it('keeps every list whole through moves, packing and trimming, within the bytes it said (random appends)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1000, maxLength: 3000 }), (keys) => {
        const arena = createPostingArena();
        const expected = new Map<number, number[]>();
        for (const [value, key] of keys.entries()) {
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
