import { nextOfNeedles, type SearchFilesRequest } from '@vault/core/search-backend';

/**
 * A query as `indexOf` finds it, with the very lines core's matcher finds (V8's RegExp with the `u` flag,
 * and `i` when ignoring case): a line matches when it holds one of `needles`; in the text itself when case
 * counts; when case is ignored, with `folded`, in an ASCII text's folded copy (see `foldedCopy`; the needles
 * are then ASCII and in lower case), or, with `beyondAscii` (no needles), in no ASCII text at all.
 */
export interface LiteralScan {
  needles: readonly Needle[];
  /** With several needles: one regex that finds any of them (V8 finds several words starting in lower case faster than one `indexOf` pass each). */
  anyOf?: RegExp;
  folded?: true;
  /** Ignoring case, the literal holds a character no ASCII character matches: every character beyond ASCII but U+017F and U+212A (which match `s` and `k`). */
  beyondAscii?: true;
}

/** A string `indexOf` looks for; `wordBefore`, `wordAfter`: only where no ASCII letter, digit or `_` is just before it, just after it (a `\\b` there). */
export interface Needle {
  text: string;
  wordBefore?: true;
  wordAfter?: true;
}

/** Longest literal scanned: V8's `indexOf` on a long literal in periodic text is superlinear (core's `longLiteral`). */
const longestScanned = 32;

/** Most alternatives scanned: the regex of the words grows with their number. */
const mostAlternatives = 16;

/**
 * The scan of a TextSearch query, or `undefined` when core's matcher must run: a regex (but an alternation
 * of words, see `wordsScanOf`); a literal longer than `longestScanned`; one with a line break (a matching
 * line never holds one) or a surrogate (the `u` flag reads a text by code points, so a lone surrogate never
 * matches half of a pair, which `indexOf` would find); a literal ignoring case that is not ASCII (Unicode
 * case folding: core's matcher), unless it holds a character no ASCII character matches (then it is in no
 * ASCII text).
 */
export function literalScanOf({ query, regex, caseSensitive }: Pick<SearchFilesRequest, 'query' | 'regex' | 'caseSensitive'>): LiteralScan | undefined {
  if (regex) return wordsScanOf(query, caseSensitive);
  if (query === '' || query.length > longestScanned || /[\r\n\uD800-\uDFFF]/.test(query)) return undefined;
  if (caseSensitive) return { needles: [{ text: query }] };
  if (/^[\0-\x7f]*$/.test(query)) return { needles: [{ text: query.toLowerCase() }], folded: true };
  return /[^\0-\x7f\u017f\u212a]/.test(query) ? { needles: [], beyondAscii: true } : undefined;
}

/**
 * The scan of a regex that is one word of ASCII letters, digits and `_` with or without `\\b` on either side
 * (`\\bconst\\b`, `\\bget`, also in a group), or several such words in an alternation, in a group or not: words
 * none of which starts with a lower-case letter as looked for (`\\b(Int|Char)\\b`, `Get|Set` heeding case), else
 * with a `\\b` between two of them (`\\bint\\b|\\bchar\\b`: core's word path takes the others, `\\b(mutex|atomic)\\b`,
 * as fast); else `undefined`. A line matches when it holds one of the words where its `\\b`s hold, whichever the regex tries
 * first. Heeding case, the `u` flag's `\\w` is ASCII's in any text; ignoring case, it also takes U+017F and
 * U+212A, which no ASCII text (one with a folded copy) holds: either way `\\b` is a side with no ASCII word
 * character.
 */
function wordsScanOf(query: string, caseSensitive: boolean): LiteralScan | undefined {
  const group = /^(\\b)?\((?:\?:)?(\w+(?:\|\w+)*)\)(\\b)?$/.exec(query);
  const parts = group ? group[2]!.split('|').map((word) => `${group[1] ?? ''}${word}${group[3] ?? ''}`) : query.split('|');
  if (parts.length > mostAlternatives) return undefined;
  const needles: Needle[] = [];
  for (const part of parts) {
    const [, before, word, after] = /^(\\b)?(\w{1,32})(\\b)?$/.exec(part) ?? [];
    if (word === undefined) return undefined;
    needles.push({ text: caseSensitive ? word : word.toLowerCase(), ...(before ? { wordBefore: true } : {}), ...(after ? { wordAfter: true } : {}) });
  }
  // Words none of which starts with a lower-case letter (as looked for: ignoring case, every letter is) are found by `indexOf`,
  // one pass each (see `countLinesHolding`), which skips to a word's first character, rare in a text (`\\b(Int|Char)\\b` over the
  // corpus's candidates 60 -> 13 ms, `Get|Set` 40 -> 12). A lower-case letter is in nearly every stretch of a text: one regex of them all is faster.
  const apart = needles.every((needle) => !/^[a-z]/.test(needle.text)) || needles.length === 1;
  // Otherwise several words in a group, or with `\\b` only at the ends, are core's word path's (as fast, measured).
  const inner = needles.some((needle, index) => (index > 0 && needle.wordBefore) || (index < needles.length - 1 && needle.wordAfter));
  if (!apart && (group || !inner)) return undefined;
  // Without the `u` flag, `\\b` is ASCII's as well, and the needles are ASCII.
  const anyOf = apart ? {} : { anyOf: new RegExp(needles.map(sourceOf).join('|'), 'g') };
  return caseSensitive ? { needles, ...anyOf } : { needles, ...anyOf, folded: true };
}

/** A needle as a regex: its word, with `\\b` where it is checked. */
function sourceOf({ text, wordBefore, wordAfter }: Needle): string {
  return `${wordBefore ? '\\b' : ''}${text}${wordAfter ? '\\b' : ''}`;
}

/**
 * An ASCII text's copy in which an ASCII literal ignoring case is found by `indexOf`: its letters in
 * lower case. In an ASCII text, ignoring case under the `u` flag is ASCII's: the only other characters
 * that fold to ASCII ones (U+017F to `s`, U+212A to `k`) are not ASCII. `undefined` for any other text
 * (core's matcher counts there).
 */
export function foldedCopy(text: string): string | undefined {
  return /[^\0-\x7f]/.test(text) ? undefined : text.toLowerCase();
}

/**
 * How many lines of a text hold one of the scan's needles (none with a line break), up to `enough`, where its word checks hold: from
 * the first match to the end of its line, then the first match after, so each line counts once. With `anyOf`, that
 * regex finds the next match; else `indexOf` of each needle, its word checks holding (see `nextOfNeedles`).
 */
export function countLinesHolding(text: string, scan: Pick<LiteralScan, 'needles' | 'anyOf'>, enough = Number.POSITIVE_INFINITY): number {
  const { needles } = scan;
  if (needles.length === 0) return 0;
  // A word found inside a run of word characters is looked for again past what its checks rule out, not at the next
  // character: with `\\b` before it, after the run; with `\\b` after it, where it would end the run (16 words of 32
  // letters over a run of 4,000,000 `A`s: 9 s, each character tried by each word, against 0.3 s).
  const resume = (at: number, index: number) => {
    const { text: word, wordBefore, wordAfter } = needles[index]!;
    if (wordBefore && isWordUnit(text.charCodeAt(at - 1))) return endOfWordRun(text, at + word.length) + 1;
    if (wordAfter && isWordUnit(text.charCodeAt(at + word.length))) return Math.max(at + 1, endOfWordRun(text, at + word.length) - word.length);
    return at;
  };
  const next = scan.anyOf
    ? nextOfRegex(text, scan.anyOf)
    : nextOfNeedles(
        text,
        needles.map((needle) => needle.text),
        resume,
      );
  let count = 0;
  for (let at = next(0); at !== -1 && count < enough; ) {
    count += 1;
    const end = text.indexOf('\n', at);
    if (end === -1) break;
    at = next(end + 1);
  }
  return count;
}

/** Where `anyOf` next matches in `text` from a place on, or -1. */
function nextOfRegex(text: string, anyOf: RegExp): (from: number) => number {
  return (from) => {
    anyOf.lastIndex = from;
    return anyOf.exec(text)?.index ?? -1;
  };
}

/** Where the run of ASCII word characters at `from` ends: the first place at or after it that holds none (the text's length at its end). */
function endOfWordRun(text: string, from: number): number {
  let end = from;
  while (end < text.length && isWordUnit(text.charCodeAt(end))) end += 1;
  return end;
}

/** Whether a UTF-16 unit is an ASCII word character (a letter, a digit or `_`); false for `NaN`, beyond the text. */
function isWordUnit(unit: number): boolean {
  return (unit >= 48 && unit <= 57) || (unit >= 65 && unit <= 90) || (unit >= 97 && unit <= 122) || unit === 95;
}
