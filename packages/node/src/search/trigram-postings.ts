import { createPostingArena, type PostingArena } from './create-posting-arena.js';

/**
 * Trigram postings: for each trigram (three UTF-16 code units in a row, case folded), the ids of the
 * kept texts that hold it, ascending. A query's literals (every matching line holds one of them) select
 * the texts that hold every trigram of one literal: the intersection of a few lists, smallest first, as
 * codesearch and Zoekt do. Ids only grow: a forgotten text's entries stay, dead, until the caller
 * renumbers the live ones (no text is read again for it).
 */
export interface TrigramPostings {
  /** Adds the text `id` (greater than every id added before) with its distinct trigrams, from `trigramsOf`. */
  add(id: number, trigrams: Uint32Array): void;
  /** The bytes `add` of these trigrams would add to `bytes` (lists made or grown). */
  growth(trigrams: Uint32Array): number;
  /** The ids (ascending) that hold every trigram of at least one of `literals` (each a list of trigram keys, from `literalTrigrams`). */
  candidates(literals: readonly Uint32Array[]): number[];
  /** Shrinks every list to its length. */
  trim(): void;
  /**
   * Drops the ids of forgotten texts and numbers the others anew: `newIds[id]` is an id's new number
   * (-1: dropped), growing with the old one so that every list stays ascending; lists left empty go.
   */
  renumber(newIds: Int32Array): void;
  /** Bytes the lists take (see `createPostingArena`). */
  readonly bytes: number;
}

/** The distinct trigram keys: three folded code units of 129 values each. */
const keySpace = 129 ** 3;

/**
 * A code unit as the index sees it: ASCII letters in lower case, the two non-ASCII characters that match
 * ASCII letters when case is ignored (U+017F long s, U+212A Kelvin sign) as those letters, and every
 * other non-ASCII code unit as one and the same value: so any two characters a search can take for
 * each other (in JavaScript's case-insensitive matching, Unicode or not) look the same.
 */
export function foldedUnit(code: number): number {
  if (code < 128) return code >= 65 && code <= 90 ? code + 32 : code;
  if (code === 0x17f) return 115;
  if (code === 0x212a) return 107;
  return 128;
}

/** Marks of the keys seen in the text being read (cleared after each text). */
const seen = new Uint8Array(keySpace);

/** The distinct trigram keys of `text`, in the order first seen. */
export function trigramsOf(text: string): Uint32Array {
  const keys: number[] = [];
  let a = 0;
  let b = 0;
  for (let index = 0; index < text.length; index += 1) {
    const c = foldedUnit(text.charCodeAt(index));
    if (index >= 2) {
      const key = (a * 129 + b) * 129 + c;
      if (seen[key] === 0) {
        seen[key] = 1;
        keys.push(key);
      }
    }
    a = b;
    b = c;
  }
  for (const key of keys) seen[key] = 0;
  return Uint32Array.from(keys);
}

/**
 * The trigram keys of each literal, for `candidates`; undefined when the literals can rule out nothing
 * (none given, or one shorter than three code units: every text may hold it).
 */
export function literalTrigrams(literals: readonly string[] | undefined): Uint32Array[] | undefined {
  if (literals === undefined || literals.length === 0 || literals.some((literal) => literal.length < 3)) return undefined;
  return literals.map(trigramsOf);
}

export function createTrigramPostings(): TrigramPostings {
  let arena = createPostingArena();
  return {
    add(id, trigrams) {
      for (const key of trigrams) arena.append(arena.listOf(key), id);
    },
    growth: (trigrams) => arena.growth(trigrams),
    candidates(literals) {
      const found = new Set<number>();
      for (const keys of literals) for (const id of intersection(keys, arena)) found.add(id);
      return [...found].sort((a, b) => a - b);
    },
    trim: () => arena.trim(),
    renumber(newIds) {
      const old = arena;
      arena = createPostingArena();
      old.forEach((key, ids) => {
        let list: number | undefined;
        for (const id of ids) {
          const renamed = newIds[id]!;
          if (renamed < 0) continue;
          list ??= arena.listOf(key);
          arena.append(list, renamed);
        }
      });
      arena.trim();
    },
    get bytes() {
      return arena.bytes;
    },
  };
}

/** The ids in every list of `keys`: the smallest list walked, each id looked for in the others by bisection. */
function intersection(keys: Uint32Array, arena: PostingArena): Uint32Array {
  const lists: Uint32Array[] = [];
  for (const key of keys) {
    const list = arena.find(key);
    if (list === undefined) return new Uint32Array(0);
    lists.push(arena.view(list));
  }
  lists.sort((a, b) => a.length - b.length);
  const [smallest, ...others] = lists;
  if (smallest === undefined) return new Uint32Array(0);
  return others.length === 0 ? smallest.slice() : smallest.filter((id) => others.every((list) => holds(list, id)));
}

/** Whether the ascending list holds `id`. */
function holds(ids: Uint32Array, id: number): boolean {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ids[middle]! < id) low = middle + 1;
    else high = middle;
  }
  return low < ids.length && ids[low] === id;
}
