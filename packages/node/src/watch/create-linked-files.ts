import { lstatSync } from 'node:fs';
import path from 'node:path';
import { fileVersion } from '../disk/file-version.js';

/**
 * The files with more than one name (hard links) whose versions the backend gave out, kept to be
 * checked at every sync point: a write through another name sends an event for that name alone, so
 * the watch cannot vouch for theirs. Made by `createLinkedFiles`.
 */
export interface LinkedFiles {
  /** Notes the version given of the file at `relative` (a vault path), which has more than one link. */
  gave(relative: string, version: string): void;
  /** The files whose version is no longer the one given (written, gone, replaced), each let go here: the caller logs them as changed. */
  changed(): string[];
}

/** The linked files below the real root `root` (see `LinkedFiles`): an lstat each at every `changed`, none when there are none. */
export function createLinkedFiles(root: string): LinkedFiles {
  const given = new Map<string, string>();
  return {
    gave: (relative, version) => given.set(relative, version),
    changed() {
      const changed: string[] = [];
      for (const [relative, version] of given) {
        const stat = lstatSync(path.join(root, relative), { bigint: true, throwIfNoEntry: false });
        if (stat?.isFile() && fileVersion(stat) === version) continue;
        given.delete(relative);
        changed.push(relative);
      }
      return changed;
    },
  };
}
