import type { SearchedFile } from '@vault/core/search-backend';
import { describe, expect, it } from 'vitest';
import { createResultPacker, unpackResults } from './packed-results.js';

describe('a batch of results packed between threads', () => {
  it('gives back the files found in the batch order: the only counted from their place and count, the others whole', () => {
    const paths = ['a.md', 'b.md', 'c.md', 'd.md', 'e.md'];
    const found: [number, SearchedFile][] = [
      [0, { path: 'a.md', matches: 2, lines: [{ number: 3, text: 'function', match: true, ranges: [{ start: 0, end: 8 }] }] }],
      [1, { path: 'b.md', matches: 7, lines: [] }],
      [2, { path: 'c.md', skipped: 'NOT_TEXT' }],
      [4, { path: 'e.md', matches: 1, lines: [] }],
    ];
    const packer = createResultPacker();
    for (const [place, file] of found) packer.add(place, file);
    const packed = packer.packed();
    expect([...packed.places]).toEqual([0, 1, 2, 4]);
    expect([...packed.counts]).toEqual([0, 7, 0, 1]);
    expect(packed.shown.map((file) => file.path)).toEqual(['a.md', 'c.md']);
    // Through a real structured clone, as between a worker and the pool.
    expect(unpackResults(structuredClone(packed), paths)).toEqual(found.map(([, file]) => file));
  });

  it('packs nothing found as nothing', () => {
    expect(unpackResults(createResultPacker().packed(), ['a.md'])).toEqual([]);
  });
});
