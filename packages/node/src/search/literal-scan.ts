import type { SearchFilesRequest } from '@vault/core/search-backend';

/**
 * A literal query as `indexOf` finds it, with the very lines core's matcher finds (V8's RegExp with the
 * `u` flag, and `i` when ignoring case): `needle` in the text itself when case counts; when case is
 * ignored, `folded` (an ASCII literal in lower case) in an ASCII text's folded copy (see `foldedCopy`),
 * or, with `beyondAscii`, in no ASCII text at all.
 */
export interface LiteralScan {
  needle: string;
  folded?: string;
  /** Ignoring case, the literal holds a character no ASCII character matches: every character beyond ASCII but U+017F and U+212A (which match `s` and `k`). */
  beyondAscii?: true;
  /** Only where it stands as a whole word (the regex `\\bword\\b`): no ASCII letter, digit or `_` just before it nor just after. */
  wholeWord?: true;
}

/** Longest literal scanned: V8's `indexOf` on a long literal in periodic text is superlinear (core's `longLiteral`). */
const longestScanned = 32;

/**
 * The scan of a TextSearch query, or `undefined` when core's matcher must run: a regex (but one word of
 * ASCII letters, digits and `_` between `\\b`s: see `wholeWordScanOf`); a literal
 * longer than `longestScanned`; one with a line break (a matching line never holds one) or a surrogate
 * (the `u` flag reads a text by code points, so a lone surrogate never matches half of a pair, which
 * `indexOf` would find); a literal ignoring case that is not ASCII (Unicode case folding: core's matcher),
 * unless it holds a character no ASCII character matches (then it is in no ASCII text).
 */
export function literalScanOf({ query, regex, caseSensitive }: Pick<SearchFilesRequest, 'query' | 'regex' | 'caseSensitive'>): LiteralScan | undefined {
  if (regex) return wholeWordScanOf(query, caseSensitive);
  if (query === '' || query.length > longestScanned || /[\r\n\uD800-\uDFFF]/.test(query)) return undefined;
  if (caseSensitive) return { needle: query };
  if (/^[\0-\x7f]*$/.test(query)) return { needle: query, folded: query.toLowerCase() };
  return /[^\0-\x7f\u017f\u212a]/.test(query) ? { needle: query, beyondAscii: true } : undefined;
}

/**
 * The scan of a regex that is one word of ASCII word characters between `\\b`s (`\\bconst\\b`), or
 * `undefined`. Heeding case, the `u` flag's `\\w` is ASCII's in any text; ignoring case, it also takes
 * U+017F and U+212A, which no ASCII text (one with a folded copy) holds: either way a match is the word with
 * no ASCII word character beside it.
 */
function wholeWordScanOf(query: string, caseSensitive: boolean): LiteralScan | undefined {
  const word = /^\\b(\w{1,32})\\b$/.exec(query)?.[1];
  if (word === undefined) return undefined;
  return caseSensitive ? { needle: word, wholeWord: true } : { needle: word, folded: word.toLowerCase(), wholeWord: true };
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
 * How many lines of a text hold `needle` (no line break in it; with `wholeWord`, only where no ASCII
 * word character is beside it): from each match to the end of its line, then the next match, so each
 * line counts once and every character is looked at a bounded number of times.
 */
export function countLinesHolding(text: string, needle: string, wholeWord = false): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; ) {
    if (wholeWord && (isWordUnit(text.charCodeAt(at - 1)) || isWordUnit(text.charCodeAt(at + needle.length)))) {
      at = text.indexOf(needle, at + 1);
      continue;
    }
    count += 1;
    const end = text.indexOf('\n', at);
    if (end === -1) break;
    at = text.indexOf(needle, end + 1);
  }
  return count;
}

/** Whether a UTF-16 unit is an ASCII word character (a letter, a digit or `_`); false for `NaN`, beyond the text. */
function isWordUnit(unit: number): boolean {
  return (unit >= 48 && unit <= 57) || (unit >= 65 && unit <= 90) || (unit >= 97 && unit <= 122) || unit === 95;
}
