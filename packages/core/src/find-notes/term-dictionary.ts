import { VaultError } from '../vault/vault-error.js';

/** The words an index has seen, each with a number: notes keep numbers, not strings (memory). */
export interface TermDictionary {
  /** The word's number, given it now if it has none. */
  add(word: string): number;
  /** The word's number, or undefined when no note seen holds it. */
  get(word: string): number | undefined;
  /** The numbers of the longer words that start with `prefix`, the `max` shortest (then by code point). */
  longerWords(prefix: string, max: number): number[];
  readonly size: number;
}

/** Most words numbered: a JavaScript Map holds at most 2^24 entries (past it, `set` throws). */
const maxWords = 16_000_000;
/** Most words sharing a prefix that `longerWords` looks at (the first in code point order), so a short prefix costs little. */
const maxPrefixScan = 2000;
/** Prefix answers kept at most, until a new word comes. */
const maxAnswered = 4096;

export function createTermDictionary(): TermDictionary {
  const ids = new Map<string, number>();
  // The words in code point order (a prefix is a range of it), and the words added since, merged in at the next look-up.
  let sorted: string[] = [];
  let added: string[] = [];
  // Prefixes looked up since the last new word, and their answers: common query words repeat.
  const answered = new Map<string, number[]>();
  return {
    add(word) {
      let id = ids.get(word);
      if (id === undefined) {
        if (ids.size >= maxWords)
          throw new VaultError('FILE_TOO_LARGE', `FindNotes holds ${maxWords} distinct words, as many as it can: a note of other words is not ranked.`);
        id = ids.size;
        ids.set(word, id);
        added.push(word);
      }
      return id;
    },
    get: (word) => ids.get(word),
    longerWords(prefix, max) {
      if (added.length > 0) {
        sorted = mergeSorted(sorted, added.sort(byCodePoint));
        added = [];
        answered.clear();
      }
      const key = `${max}:${prefix}`;
      let longer = answered.get(key);
      if (longer) return longer;
      const found: string[] = [];
      for (let at = firstNotBelow(sorted, prefix); at < sorted.length && found.length < maxPrefixScan && sorted[at]!.startsWith(prefix); at += 1) {
        if (sorted[at] !== prefix) found.push(sorted[at]!);
      }
      found.sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
      longer = found.slice(0, max).map((word) => ids.get(word)!);
      if (answered.size >= maxAnswered) answered.clear();
      answered.set(key, longer);
      return longer;
    },
    get size() {
      return ids.size;
    },
  };
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Two sorted lists of distinct words as one sorted list. */
function mergeSorted(first: readonly string[], second: readonly string[]): string[] {
  const merged = new Array<string>(first.length + second.length);
  let [at, from, to] = [0, 0, 0];
  while (from < first.length && to < second.length) merged[at++] = first[from]! < second[to]! ? first[from++]! : second[to++]!;
  while (from < first.length) merged[at++] = first[from++]!;
  while (to < second.length) merged[at++] = second[to++]!;
  return merged;
}

/** The index of the first word of `sorted` not below `word` (a binary search). */
function firstNotBelow(sorted: readonly string[], word: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return low;
}
