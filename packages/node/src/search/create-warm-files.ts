import type { Stats } from 'node:fs';
import { foldedCopy } from './literal-scan.js';
import { quadgramSketchOf, sketchHolds } from './quadgram-sketch.js';
import { createTrigramPostings, trigramsOf } from './trigram-postings.js';

/** What tells one version of a file from another on disk: any write, rename, replacement or link changes one of them. */
interface Version {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

/**
 * A file as a search read it: its path, its version then, whether it is text, its id in the postings,
 * and its text while it is held (the texts are a cache: a file whose text is not held is still covered
 * by the postings, and read from disk when it is a candidate).
 */
export interface WarmFile extends Version {
  path: string;
  /** The text, while held; `undefined` when not held, or when the file is not text. */
  text: string | undefined;
  /** An ASCII text's copy in lower case, while held beside the text (`foldedCopy`: a literal ignoring case is counted there by `indexOf`). */
  folded?: string;
  /** Whether the file was kept as not text (skipped by searches). */
  notText: boolean;
  /** The text's id in the trigram postings (renumbered when they are compacted); -1 for a file kept as not text. */
  id: number;
  /** How many distinct trigrams the text has: its entries in the postings. */
  trigrams: number;
  /** The text's quadgram sketch (`quadgramSketchOf`), counted in `entryCost`; `undefined` for a file kept as not text. */
  sketch?: Uint8Array;
  /** What the entry takes in memory (path, version, map slot), about; the text and the postings counted apart. */
  entryCost: number;
  /** What the text takes in memory when held. */
  textCost: number;
  /** Whether a watch has covered the file since it was read (or last checked): any later change is told by `forget`. */
  watched: boolean;
  /**
   * Whether the file had more than one link when read (a hard link: a write through another name sends
   * an event for that name alone): never taken as covered by a watch, checked at every search.
   */
  linked: boolean;
}

/** The texts of the files a search worker has read, with trigram postings of them, kept while they stay as they were on disk; made by `createWarmFiles`. */
export interface WarmFiles {
  /**
   * The kept file at `path` (a vault path) when `stat` (an lstat taken now) shows the very version
   * that was read; otherwise `undefined`, and the file is forgotten.
   */
  get(path: string, stat: Stats): WarmFile | undefined;
  /** Whether a file is kept at `path` (current or not: `get` tells). */
  has(path: string): boolean;
  /** The kept file at `path` with no check, while a watch covers it (`watching`, and kept or checked since); otherwise `undefined`. */
  getWatched(path: string): WarmFile | undefined;
  /**
   * The kept text files that hold every trigram of at least one of `literals` (from `literalTrigrams`) and,
   * with `quadgrams` (from `literalQuadgrams`, the same literals), whose sketch has every quadgram of one
   * of them: of the files kept, only these can hold a line that holds one of the literals (their texts held or not).
   */
  candidates(literals: readonly Uint32Array[], quadgrams?: readonly Uint32Array[]): WarmFile[];
  /**
   * Whether a watch covers the files from now on: a file kept from now on is taken as current until
   * `forget` says otherwise, and one kept before is checked once more (`get`) first. Off: every file is checked.
   */
  watching(on: boolean): void;
  /** Forgets the files below the folder at `folder` (removed, renamed or replaced). */
  forgetBelow(path: string): void;
  /**
   * Keeps what was read of the file (`text` undefined: not text): `stat` taken before reading it, at
   * `readAt` (ms since the epoch). A file changed too close to that moment is not kept (see `racyMargin`:
   * the settle time), nor one whose postings do not fit once every held text is let go (with `evict:
   * false`, nor one that would push out other files). Its text is held when it fits beside the rest.
   */
  keep(path: string, stat: Stats, text: string | undefined, byteLength: number, readAt: number, options?: { evict: boolean }): void;
  /** True once a file was not kept for want of room without pushing others out (`evict: false`), until one is forgotten. */
  readonly full: boolean;
  /** Forgets a file (gone, or no longer a plain file). */
  forget(path: string): void;
  /** Changes at each file kept or forgotten, and whenever what a watch covers changes: what was worked out from the kept files before is out of date. */
  readonly generation: number;
  /** How many files are kept, and about how many bytes they take (texts, entries and postings). */
  readonly files: number;
  readonly bytes: number;
  /** How many texts are held; of `bytes`, those of the held texts, and those of the postings. */
  readonly texts: number;
  readonly textBytes: number;
  readonly postingBytes: number;
  /** Of `bytes`, those of the folded copies held. */
  readonly foldedBytes: number;
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
 * The share of the bound pushed out at once when a file needs room (unwatched), and of the live entries
 * the dead ones must reach before room is made by compacting: each compaction rewrites every list.
 */
const evictedShare = 8;

/**
 * The warm files of one worker, at most `maxBytes` of entries, trigram postings and held texts (a
 * one-byte string per ASCII file, two bytes a character otherwise). The postings come first: they let a
 * search read only the files that can match, so a file's postings are added as long as they fit once
 * every held text is let go (oldest first), and its text is held only when it fits beside them, then an
 * ASCII text's folded copy (`foldedCopy`), the first to go when room is needed. Past the
 * bound, a watched worker keeps no more files (what it keeps stays; a changed file is forgotten and kept
 * anew when it fits), and an unwatched one pushes out the files kept longest, an eighth of the bound at a
 * time (files searched no more, such as renamed ones, go in time); a file whose postings alone exceed the
 * bound is never kept. With `maxBytes` 0 nothing is kept. The postings keep a forgotten file's entries
 * until they are compacted: when they are as many as the live ones, or an eighth of them when room is needed.
 */
export function createWarmFiles(maxBytes: number, settleTime = racyMargin): WarmFiles {
  const kept = new Map<string, WarmFile>();
  /** The files whose text is held, the longest held first; and those whose folded copy is held beside it. */
  const held = new Set<WarmFile>();
  const folds = new Set<WarmFile>();
  let byId: (WarmFile | undefined)[] = [];
  const postings = createTrigramPostings();
  let textBytes = 0;
  let foldedBytes = 0;
  let entryBytes = 0;
  let liveEntries = 0;
  let deadEntries = 0;
  let full = false;
  let watching = false;
  let generation = 0;
  const bytes = () => textBytes + foldedBytes + entryBytes + postings.bytes;
  let lastCandidates: { literals: readonly Uint32Array[]; quadgrams?: readonly Uint32Array[]; generation: number; files: WarmFile[] } | undefined;

  function forget(path: string) {
    const file = kept.get(path);
    if (file === undefined) return;
    kept.delete(path);
    letGo(file);
    if (!file.notText) byId[file.id] = undefined;
    entryBytes -= file.entryCost;
    liveEntries -= file.trigrams;
    deadEntries += file.trigrams;
    full = false;
    generation += 1;
  }

  /** Lets the file's folded copy go (an ASCII text is one byte a character). */
  function letFoldGo(file: WarmFile) {
    if (!folds.delete(file)) return;
    foldedBytes -= file.folded!.length;
    file.folded = undefined;
  }

  /** Lets the file's text go, and its folded copy (its postings stay). */
  function letGo(file: WarmFile) {
    letFoldGo(file);
    if (!held.delete(file)) return;
    textBytes -= file.textCost;
    file.text = undefined;
  }

  /** Drops the dead entries from the postings: the live texts numbered anew, in the order of their ids. */
  function compact() {
    const newIds = new Int32Array(byId.length).fill(-1);
    const live: WarmFile[] = [];
    for (const [id, file] of byId.entries()) {
      if (file === undefined) continue;
      newIds[id] = live.length;
      file.id = live.length;
      live.push(file);
    }
    postings.renumber(newIds);
    byId = live;
    deadEntries = 0;
    generation += 1;
  }

  /**
   * Makes room for an entry of `cost` bytes and the postings of its `trigrams`: dead entries compacted away
   * once they are an eighth of the live ones (a compaction rewrites every list: it must free enough to be
   * worth it), then held folded copies let go, then held texts, the longest held first, then, with `evict`
   * and no watch, the files kept longest pushed out.
   */
  function makeRoom(cost: number, trigrams: Uint32Array, evict: boolean): boolean {
    const fits = () => bytes() + cost + postings.growth(trigrams) <= maxBytes;
    if (fits()) return true;
    if (deadEntries > 0 && deadEntries >= liveEntries / evictedShare) compact();
    for (const file of folds) {
      if (fits()) return true;
      letFoldGo(file);
    }
    for (const file of held) {
      if (fits()) return true;
      letGo(file);
    }
    // Watched, every file changed or gone is forgotten when it changes: the files kept stay, and those past the bound are read from disk.
    if (fits() || !evict || watching) return fits();
    // Unwatched, files renamed or removed behind the backend's back are never asked for again: they go in time.
    // An eighth of the bound pushed out at a time, so that the compaction each time costs little over many files kept.
    while (kept.size > 0) {
      let freed = 0;
      for (const [oldest, file] of kept) {
        if (freed >= maxBytes / evictedShare) break;
        freed += file.entryCost + file.trigrams * 4;
        forget(oldest);
      }
      compact();
      if (fits()) return true;
    }
    return fits();
  }

  /** Holds the file's text when it fits, the folded copies let go for it if need be, then its own folded copy. */
  function holdText(file: WarmFile, text: string) {
    for (const other of folds) {
      if (bytes() + file.textCost <= maxBytes) break;
      letFoldGo(other);
    }
    if (bytes() + file.textCost > maxBytes) return;
    file.text = text;
    held.add(file);
    textBytes += file.textCost;
    holdFolded(file, text);
  }

  /** Holds an ASCII text's folded copy beside it when it fits: the copies come last in the bound, and go first. */
  function holdFolded(file: WarmFile, text: string) {
    if (file.textCost !== text.length || bytes() + text.length > maxBytes) return;
    const folded = foldedCopy(text);
    if (folded === undefined) return;
    file.folded = folded;
    folds.add(file);
    foldedBytes += folded.length;
  }

  return {
    get(path, stat) {
      const file = kept.get(path);
      if (file === undefined) return undefined;
      if (!stat.isFile() || !sameVersion(file, stat)) {
        forget(path);
        return undefined;
      }
      // Checked now, while watched: any later change is told (but through another name of a linked file).
      const covered = watching && !file.linked;
      if (file.watched !== covered) generation += 1;
      file.watched = covered;
      return file;
    },

    has: (path) => kept.has(path),

    getWatched(path) {
      const file = watching ? kept.get(path) : undefined;
      return file?.watched ? file : undefined;
    },

    candidates(literals, quadgrams) {
      // A search asks once per batch, and a worker has several: the last answer is kept while nothing changed.
      if (lastCandidates?.literals !== literals || lastCandidates.quadgrams !== quadgrams || lastCandidates.generation !== generation) {
        const files = postings.candidates(literals).flatMap((id) => byId[id] ?? []);
        const sketched = quadgrams && files.filter((file) => quadgrams.some((keys) => sketchHolds(file.sketch!, keys)));
        lastCandidates = { literals, quadgrams, generation, files: sketched ?? files };
      }
      return lastCandidates.files;
    },

    watching(on) {
      watching = on;
      for (const file of kept.values()) file.watched = false;
      generation += 1;
    },

    forgetBelow(folder) {
      const prefix = `${folder}/`;
      for (const path of kept.keys()) if (path.startsWith(prefix)) forget(path);
    },

    keep(path, stat, text, byteLength, readAt, { evict } = { evict: true }) {
      forget(path);
      if (stat.ctimeMs > readAt - settleTime || stat.mtimeMs > readAt - settleTime) return;
      const trigrams = text === undefined ? new Uint32Array(0) : trigramsOf(text);
      const sketch = text === undefined ? undefined : quadgramSketchOf(text, trigrams.length);
      const cost = entryCost + path.length * 2 + (sketch?.length ?? 0);
      if (cost + trigrams.length * 4 > maxBytes) return;
      if (!makeRoom(cost, trigrams, evict)) {
        full = true;
        return;
      }
      const file: WarmFile = {
        path,
        dev: stat.dev,
        ino: stat.ino,
        size: stat.size,
        mtimeMs: stat.mtimeMs,
        ctimeMs: stat.ctimeMs,
        text: undefined,
        notText: text === undefined,
        id: -1,
        trigrams: trigrams.length,
        ...(sketch ? { sketch } : {}),
        entryCost: cost,
        // ASCII text is a one-byte string; anything else may take two bytes a character.
        textCost: text === undefined ? 0 : text.length === byteLength ? byteLength : text.length * 2,
        watched: watching && !(stat.nlink > 1),
        linked: stat.nlink > 1,
      };
      kept.set(path, file);
      if (text !== undefined) {
        file.id = byId.length;
        byId.push(file);
        postings.add(file.id, trigrams);
      }
      entryBytes += cost;
      liveEntries += trigrams.length;
      generation += 1;
      if (deadEntries > liveEntries) compact();
      if (text !== undefined) holdText(file, text);
    },

    forget,

    get full() {
      return full;
    },
    get generation() {
      return generation;
    },
    get files() {
      return kept.size;
    },
    get bytes() {
      return bytes();
    },
    get texts() {
      return held.size;
    },
    get textBytes() {
      return textBytes;
    },
    get postingBytes() {
      return postings.bytes;
    },
    get foldedBytes() {
      return foldedBytes;
    },
  };
}

function sameVersion(file: Version, stat: Stats): boolean {
  return file.ino === stat.ino && file.dev === stat.dev && file.size === stat.size && file.mtimeMs === stat.mtimeMs && file.ctimeMs === stat.ctimeMs;
}
