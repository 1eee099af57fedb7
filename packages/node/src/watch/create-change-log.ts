import type { VaultChanges } from '@vault/core';

/** The vault paths a watch saw change, in order, each at a cursor; made by `createChangeLog`. */
export interface ChangeLog {
  /** Notes a changed path (a file or a folder: created, changed, removed, renamed). */
  add(path: string): void;
  /** Notes that anything may have changed (a watch started again, or stopped): every earlier cursor gets `everything`. */
  lose(): void;
  /** The paths changed since `cursor` (each once), or `everything` when some are no longer known; and the cursor to ask from next. */
  since(cursor: number): VaultChanges;
  readonly cursor: number;
}

/**
 * A log of changed paths that keeps at most `maxPaths` of them: a reader whose cursor is older than
 * what the log still holds is told `everything`, and checks all it keeps (memory stays bounded
 * whatever the rate of changes and however seldom a reader asks).
 */
export function createChangeLog(maxPaths = 100_000): ChangeLog {
  let paths: string[] = [];
  /** The cursor of `paths[0]`; cursors below `known` get `everything` (0 always: a reader's first question). */
  let first = 1;
  let known = 1;
  return {
    add(path) {
      paths.push(path);
      if (paths.length > maxPaths) {
        const dropped = paths.length - Math.floor(maxPaths / 2);
        paths = paths.slice(dropped);
        first += dropped;
        known = first;
      }
    },
    lose() {
      first += paths.length + 1;
      paths = [];
      known = first;
    },
    since(cursor) {
      const now = first + paths.length;
      if (cursor < known || cursor > now) return { cursor: now, everything: true };
      return { cursor: now, paths: [...new Set(paths.slice(cursor - first))] };
    },
    get cursor() {
      return first + paths.length;
    },
  };
}
