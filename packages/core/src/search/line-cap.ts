import type { SearchedFile } from './search-text.js';

/**
 * "Show at most `maxShown` matching lines, then only count", kept by whoever searches files in path
 * order (the main thread one file at a time, a search worker through its batch, the pool through each
 * worker's batches): as ripgrep's sink decides for its searcher when to stop printing, the cap says how
 * many lines the next file (or batch) may show, and is given each file found. A file past the cap is
 * only counted, in one scan.
 */
export interface LineCap {
  /** Matching lines the next file may still show: `maxShown` less those of the files before it, 0 at the least. */
  readonly room: number;
  /** Counts a file found (or `undefined`: nothing found), in path order. */
  add(found: SearchedFile | undefined): void;
}

export function createLineCap(maxShown: number): LineCap {
  let room = maxShown;
  return {
    get room() {
      return room;
    },
    add(found) {
      if (found && 'matches' in found) room = Math.max(0, room - found.matches);
    },
  };
}
