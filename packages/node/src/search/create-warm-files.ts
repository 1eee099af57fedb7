import type { Stats } from 'node:fs';
import { type TrigramSet, trigramSet, trigramSetBytes } from './trigram-set.js';

/** What tells one version of a file from another on disk: any write, rename, replacement or link changes one of them. */
interface Version {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

/** A file as a search read it: its version then, its text (`undefined`: not text, skipped) and the text's trigrams. */
interface WarmFile extends Version {
  text: string | undefined;
  trigrams: TrigramSet | undefined;
  /** What the text takes in memory, about. */
  cost: number;
  /** Whether a watch has covered the file since it was read (or last checked): any later change is told by `forget`. */
  watched: boolean;
}

/** A kept text (`undefined`: a file kept as not text) and its trigrams. */
interface KeptText {
  text: string | undefined;
  trigrams: TrigramSet | undefined;
}

/** The texts of the files a search worker has read (and their trigrams), kept while they stay as they were on disk; made by `createWarmFiles`. */
export interface WarmFiles {
  /**
   * The kept text of the file at `path` (a vault path) when `stat` (an lstat taken now) shows the very version
   * that was read (`{ text: undefined }` for a file kept as not text); otherwise `undefined`, and the
   * file is forgotten.
   */
  get(path: string, stat: Stats): KeptText | undefined;
  /** The kept text of the file at `path` with no check, while a watch covers it (`watching`, and kept or checked since); otherwise `undefined`. */
  getWatched(path: string): (KeptText & { size: number }) | undefined;
  /**
   * Whether a watch covers the files from now on: a file kept from now on is taken as current until
   * `forget` says otherwise, and one kept before is checked once more (`get`) first. Off: every file is checked.
   */
  watching(on: boolean): void;
  /** Forgets the files below the folder at `folder` (removed, renamed or replaced). */
  forgetBelow(path: string): void;
  /**
   * Keeps what was read of the file: `stat` taken before reading it, at `readAt` (ms since the epoch).
   * A file changed too close to that moment is not kept (see `racyMargin`: the settle time), nor one that does not fit
   * (with `evict: false`, nor one that would push out others).
   */
  keep(path: string, stat: Stats, text: string | undefined, byteLength: number, readAt: number, options?: { evict: boolean }): void;
  /** True once a file was not kept for want of room without pushing others out (`evict: false`), until one is forgotten. */
  readonly full: boolean;
  /** Forgets a file (gone, or no longer a plain file). */
  forget(path: string): void;
  /** How many files are kept, and about how many bytes they take. */
  readonly files: number;
  readonly bytes: number;
}

/**
 * A file changed this close (ms) to the moment it was read is not kept yet: a file system stamps times
 * at its own granularity (a clock tick of a few ms on older Linux kernels, 1 s on HFS+, 2 s for FAT's
 * modification time), so a second write in the same tick as the read could leave the very same times
 * on new content. A file kept changed at least this long before it was read, so any later write gives
 * it a later time (git handles its "racy" index entries alike). A file changed within the margin is read
 * again at each search until it settles. (On this project's Linux 6.18 with ext4, every write gets a
 * time of its own; the margin is for the others.)
 */
export const racyMargin = 2500;

/** What an entry costs beyond its text: the path, the version, the map's slot. */
const entryCost = 200;

/**
 * The warm files of one worker, at most `maxBytes` of text (a one-byte string per ASCII file, two
 * bytes a character otherwise) and trigram sets. Past the bound, the files kept longest go first (a
 * changed file is kept anew; files searched no more, such as renamed ones, go in time), and a file
 * larger than the whole bound is never kept. With `maxBytes` 0 nothing is kept. (Moving each file
 * used to the end, for a least-recently-used order, cost more per search than the lstat that checks it.)
 */
export function createWarmFiles(maxBytes: number, settleTime = racyMargin): WarmFiles {
  const kept = new Map<string, WarmFile>();
  let bytes = 0;
  let full = false;
  let watching = false;

  function forget(path: string) {
    const file = kept.get(path);
    if (file === undefined) return;
    kept.delete(path);
    bytes -= file.cost;
    full = false;
  }

  return {
    get(path, stat) {
      const file = kept.get(path);
      if (file === undefined) return undefined;
      if (!stat.isFile() || !sameVersion(file, stat)) {
        forget(path);
        return undefined;
      }
      // Checked now, while watched: any later change is told.
      file.watched = watching;
      return file;
    },

    getWatched(path) {
      const file = watching ? kept.get(path) : undefined;
      return file?.watched ? file : undefined;
    },

    watching(on) {
      watching = on;
      for (const file of kept.values()) file.watched = false;
    },

    forgetBelow(folder) {
      const prefix = `${folder}/`;
      for (const path of kept.keys()) if (path.startsWith(prefix)) forget(path);
    },

    keep(path, stat, text, byteLength, readAt, { evict } = { evict: true }) {
      forget(path);
      if (stat.ctimeMs > readAt - settleTime || stat.mtimeMs > readAt - settleTime) return;
      // ASCII text is a one-byte string; anything else may take two bytes a character.
      const textCost = text === undefined ? 0 : text.length === byteLength ? byteLength : text.length * 2;
      const cost = entryCost + path.length * 2 + textCost + (text === undefined ? 0 : trigramSetBytes(text.length));
      if (cost > maxBytes) return;
      if (!evict && bytes + cost > maxBytes) {
        full = true;
        return;
      }
      for (const [oldest] of kept) {
        if (bytes + cost <= maxBytes) break;
        forget(oldest);
      }
      const trigrams = text === undefined ? undefined : trigramSet(text);
      kept.set(path, {
        dev: stat.dev,
        ino: stat.ino,
        size: stat.size,
        mtimeMs: stat.mtimeMs,
        ctimeMs: stat.ctimeMs,
        text,
        trigrams,
        cost,
        watched: watching,
      });
      bytes += cost;
    },

    forget,

    get full() {
      return full;
    },
    get files() {
      return kept.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

function sameVersion(file: Version, stat: Stats): boolean {
  return file.ino === stat.ino && file.dev === stat.dev && file.size === stat.size && file.mtimeMs === stat.mtimeMs && file.ctimeMs === stat.ctimeMs;
}
