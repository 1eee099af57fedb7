import { describe, expect, it } from 'vitest';
import { addHit, createHits, maxHits } from './score-note.js';

describe('the hits of a query', () => {
  it('grow as found, and stop at their bound with INVALID_ARGUMENT and what to do', () => {
    const hits = createHits();
    for (let hit = 0; hit < 3000; hit += 1) addHit(hits, hit, 1, 0.5, new Uint32Array(2), 0, 2);
    expect([hits.count, hits.position[2999], hits.weight[2999], hits.to[2999]]).toEqual([3000, 2999, 0.5, 2]);
    hits.count = maxHits;
    expect(() => addHit(hits, 0, 0, 1, new Uint32Array(2), 0, 2)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message:
          "The query's words occur more than 2,097,152 times in the notes searched. Use fewer or rarer words, or narrow it with `directoryPath` or `filePattern`.",
      }),
    );
  });
});
