import type { SearchedFile } from '@vault/core/search-backend';

/**
 * A batch's files found, as a worker sends them: in the batch's order, each file only counted as its
 * place in the batch's paths and its count of matching lines (`counts[i]` > 0), any other (lines shown,
 * or skipped) whole, next in `shown` (`counts[i]` 0). A common word is only counted in thousands of
 * files: two typed arrays cross between threads as one copy, where as many objects are cloned one by one.
 */
export interface PackedResults {
  places: Uint32Array<ArrayBuffer>;
  counts: Uint32Array<ArrayBuffer>;
  shown: SearchedFile[];
}

/** Packs a batch's files as they are found (`add`, in the batch's order), for `unpackResults`. */
export function createResultPacker(): { add(place: number, file: SearchedFile): void; packed(): PackedResults } {
  const places: number[] = [];
  const counts: number[] = [];
  const shown: SearchedFile[] = [];
  return {
    add(place, file) {
      const counted = 'matches' in file && file.lines.length === 0 && file.matches > 0;
      places.push(place);
      counts.push(counted ? file.matches : 0);
      if (!counted) shown.push(file);
    },
    packed: () => ({ places: Uint32Array.from(places), counts: Uint32Array.from(counts), shown }),
  };
}

/** The files of a batch of `paths`, as `createResultPacker` packed them, in the batch's order. */
export function unpackResults(
  { places, counts, shown }: { places: ArrayLike<number>; counts: ArrayLike<number>; shown: readonly SearchedFile[] },
  paths: readonly string[],
): SearchedFile[] {
  const files: SearchedFile[] = new Array(places.length);
  let next = 0;
  for (let index = 0; index < places.length; index += 1) {
    const matches = counts[index]!;
    files[index] = matches > 0 ? { path: paths[places[index]!]!, matches, lines: [] } : shown[next++]!;
  }
  return files;
}
