/** Printable ASCII, tabs and line breaks. */
const asciiText = /^[\x20-\x7e\t\r\n]*$/;
/** Shortest section kept (`asciiSection`): a shorter one costs microseconds to test, lowercase and search again. */
const keptLength = 16 * 1024;
/** Most UTF-16 units the kept sections may hold: their texts (each counted whole, as a cut of it holds it), lowercased copies and places found (two units a place). */
const maxKeptUnits = 8 * 1024 * 1024;

/** A section of printable ASCII as `bestLines` searches it: lowercased, and where a prefix or a whole word starts in it. */
export interface AsciiSection {
  lower: string;
  /** Where the words beginning with `prefix` start (at the start, or after a character that is no letter or digit), in order. */
  prefixStarts(prefix: string): Int32Array;
  /** Where `regex` (global, finding `word` as a whole word) matches, in order. */
  wholeStarts(word: string, regex: RegExp): Int32Array;
}

/** A kept section: its text (the key), what it holds, in units, and the section searched (null: not printable ASCII). */
interface Kept {
  text: string;
  units: number;
  section: AsciiSection | null;
}

/** Long sections by text, the least recently asked first. */
const kept = new Map<string, Kept>();
let keptUnits = 0;

/**
 * `section` lowercased and searched when it is printable ASCII (tabs and line breaks too), else
 * undefined. `whole` is the length of the text `section` was cut from (a cut may hold that text).
 * A long section is kept by its text, with the places found in it, within `maxKeptUnits`: a long
 * section asked again (a large list shown for query after query) is tested, lowercased and searched
 * for a word once, whatever note it came from. What it gives depends on the text alone.
 */
export function asciiSection(section: string, whole: number): AsciiSection | undefined {
  if (section.length < keptLength) return searched(section, undefined);
  const found = kept.get(section);
  if (found) {
    kept.delete(section);
    kept.set(section, found);
    return found.section ?? undefined;
  }
  const entry: Kept = { text: section, units: Math.max(whole, section.length), section: null };
  entry.section = searched(section, (units) => account(entry, units)) ?? null;
  kept.set(section, entry);
  keptUnits += entry.units;
  account(entry, entry.section ? section.length : 0);
  return entry.section ?? undefined;
}

/** `units` more held by `entry`; past the bound, the least recently asked go (`entry` last). */
function account(entry: Kept, units: number) {
  entry.units += units;
  if (kept.get(entry.text) === entry) keptUnits += units;
  for (const [text, { units: held }] of kept) {
    if (keptUnits <= maxKeptUnits) break;
    kept.delete(text);
    keptUnits -= held;
  }
}

/** `section` searched, when printable ASCII; when `held` is given (a kept section), each prefix's and whole word's places are found once and `held` told of their units. */
function searched(section: string, held: ((units: number) => void) | undefined): AsciiSection | undefined {
  if (!asciiText.test(section)) return undefined;
  const lower = section.toLowerCase();
  const places = new Map<string, Int32Array>();
  const memo = (key: string, find: () => Int32Array) => {
    if (!held) return find();
    let found = places.get(key);
    if (!found) {
      found = find();
      places.set(key, found);
      held(2 * found.length + key.length);
    }
    return found;
  };
  return {
    lower,
    prefixStarts: (prefix) =>
      memo(`p${prefix}`, () => {
        const starts: number[] = [];
        for (let at = lower.indexOf(prefix); at !== -1; at = lower.indexOf(prefix, at + 1))
          if (at === 0 || !isAsciiWordCode(lower.charCodeAt(at - 1))) starts.push(at);
        return Int32Array.from(starts);
      }),
    wholeStarts: (word, regex) =>
      memo(`w${word}`, () => {
        const starts: number[] = [];
        // A global regex's `exec` that finds nothing sets its lastIndex back to 0.
        for (let match = regex.exec(lower); match !== null; match = regex.exec(lower)) starts.push(match.index);
        return Int32Array.from(starts);
      }),
  };
}

export const isAsciiWordCode = (code: number) => (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
