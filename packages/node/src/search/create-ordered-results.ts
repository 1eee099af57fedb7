import type { LineCap, SearchedFile } from '@vault/core/search-backend';

/** The results of a search's batches, which come back in any order, kept in the order of the batches. */
export interface OrderedResults {
  /** Stores the files found in batch `batch`; whether every batch is in now. */
  add(batch: number, found: SearchedFile[]): boolean;
  /** Every batch's files, in the order of the batches. */
  all(): SearchedFile[];
}

/**
 * Results for a search of `batches` batches. The files of the batches in from the first without a gap
 * go to `cap`, in order: the lines they show bound those the batches after them may show (the caller
 * shows lines in path order).
 */
export function createOrderedResults(batches: number, cap: LineCap): OrderedResults {
  const results: SearchedFile[][] = new Array(batches);
  let done = 0;
  /** Batches in from the first without a gap, their files given to the cap. */
  let inOrder = 0;
  return {
    add(batch, found) {
      results[batch] = found;
      done += 1;
      for (; inOrder < batches && results[inOrder]; inOrder += 1) {
        for (const file of results[inOrder]!) cap.add(file);
      }
      return done === batches;
    },
    all: () => results.flat(),
  };
}
