import type { SearchedFile } from '@vault/core';

/** The results of a search's batches, which come back in any order, kept in the order of the batches. */
export interface OrderedResults {
  /** Stores the files found in batch `batch`; whether every batch is in now. */
  add(batch: number, found: SearchedFile[]): boolean;
  /**
   * The matches in the batches that are in without a gap from the first: once they reach what a
   * search shows, the batches after it only need counting (the caller shows lines in path order).
   */
  readonly matchesInOrder: number;
  /** Every batch's files, in the order of the batches. */
  all(): SearchedFile[];
}

/** Results for a search of `batches` batches. */
export function createOrderedResults(batches: number): OrderedResults {
  const results: SearchedFile[][] = new Array(batches);
  let done = 0;
  /** Batches in from the first without a gap, and the matches they hold. */
  let inOrder = 0;
  let matchesInOrder = 0;
  return {
    add(batch, found) {
      results[batch] = found;
      done += 1;
      for (; inOrder < batches && results[inOrder]; inOrder += 1) {
        for (const file of results[inOrder]!) if ('matches' in file) matchesInOrder += file.matches;
      }
      return done === batches;
    },
    get matchesInOrder() {
      return matchesInOrder;
    },
    all: () => results.flat(),
  };
}
