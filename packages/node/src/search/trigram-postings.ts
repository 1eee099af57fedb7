/**
 * Trigram postings: for each trigram (three UTF-16 code units in a row, case folded), the ids of the
 * kept texts that hold it, ascending. A query's literals (every matching line holds one of them) select
 * the texts that hold every trigram of one literal: the intersection of a few lists, smallest first, as
 * codesearch and Zoekt do. Ids only grow: a forgotten text's entries stay, dead, until `compact`
 * renumbers the live texts and rebuilds the lists at their exact length.
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
  /** Empties the lists (the caller adds the live texts again, with new ids). */
  clear(): void;
  /** Bytes the lists take: their capacity, and about what each list costs beyond it. */
  readonly bytes: number;
}

/** A trigram's ids and how many of the slots are used. */
interface PostingList {
  ids: Uint32Array;
  length: number;
}

/** What a list costs beyond its ids: the typed array, its buffer, the map's slot (V8, about). */
export const listCost = 160;
/** The distinct trigram keys: three folded code units of 129 values each. */
const keySpace = 129 ** 3;

/**
 * A code unit as the index sees it: ASCII letters in lower case, the two non-ASCII characters that match
 * ASCII letters when case is ignored (U+017F long s, U+212A Kelvin sign) as those letters, and every
 * other non-ASCII code unit as one and the same value: so any two characters a search can take for
 * each other (in JavaScript's case-insensitive matching, Unicode or not) look the same.
 */
function fold(code: number): number {
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
    const c = fold(text.charCodeAt(index));
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
  const lists = new Map<number, PostingList>();
  let bytes = 0;

  return {
    add(id, trigrams) {
      for (const key of trigrams) {
        let list = lists.get(key);
        if (list === undefined) {
          list = { ids: new Uint32Array(2), length: 0 };
          lists.set(key, list);
          bytes += listCost + 8;
        } else if (list.length === list.ids.length) {
          const grown = new Uint32Array(grownLength(list.length));
          grown.set(list.ids);
          bytes += grown.byteLength - list.ids.byteLength;
          list.ids = grown;
        }
        list.ids[list.length++] = id;
      }
    },

    growth(trigrams) {
      let grown = 0;
      for (const key of trigrams) {
        const list = lists.get(key);
        if (list === undefined) grown += listCost + 8;
        else if (list.length === list.ids.length) grown += (grownLength(list.length) - list.length) * 4;
      }
      return grown;
    },

    candidates(literals) {
      const found = new Set<number>();
      for (const keys of literals) for (const id of intersection(keys, lists)) found.add(id);
      return [...found].sort((a, b) => a - b);
    },

    trim() {
      for (const list of lists.values()) {
        bytes -= list.ids.byteLength - list.length * 4;
        list.ids = list.ids.slice(0, list.length);
      }
    },

    clear() {
      lists.clear();
      bytes = 0;
    },

    get bytes() {
      return bytes;
    },
  };
}

/** A full list's next length: half as long again (a quarter of the slots empty on average, where doubling leaves a third). */
function grownLength(length: number): number {
  return length + Math.max(2, length >>> 1);
}

/** The ids in every list of `keys`: the smallest list walked, each id looked for in the others by bisection. */
function intersection(keys: Uint32Array, lists: Map<number, PostingList>): Uint32Array {
  const found: PostingList[] = [];
  for (const key of keys) {
    const list = lists.get(key);
    if (list === undefined) return new Uint32Array(0);
    found.push(list);
  }
  found.sort((a, b) => a.length - b.length);
  const [smallest, ...others] = found;
  if (smallest === undefined) return new Uint32Array(0);
  const ids = smallest.ids.subarray(0, smallest.length);
  return others.length === 0 ? ids : ids.filter((id) => others.every((list) => holds(list, id)));
}

/** Whether the ascending list holds `id`. */
function holds({ ids, length }: PostingList, id: number): boolean {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ids[middle]! < id) low = middle + 1;
    else high = middle;
  }
  return low < length && ids[low] === id;
}
