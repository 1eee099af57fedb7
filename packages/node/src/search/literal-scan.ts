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
}

/** Longest literal scanned: V8's `indexOf` on a long literal in periodic text is superlinear (core's `longLiteral`). */
const longestScanned = 32;

/**
 * The scan of a TextSearch query, or `undefined` when core's matcher must run: a regex; a literal
 * longer than `longestScanned`; one with a line break (a matching line never holds one) or a surrogate
 * (the `u` flag reads a text by code points, so a lone surrogate never matches half of a pair, which
 * `indexOf` would find); a literal ignoring case that is not ASCII (Unicode case folding: core's matcher),
 * unless it holds a character no ASCII character matches (then it is in no ASCII text).
 */
export function literalScanOf({ query, regex, caseSensitive }: Pick<SearchFilesRequest, 'query' | 'regex' | 'caseSensitive'>): LiteralScan | undefined {
  if (regex || query === '' || query.length > longestScanned || /[\r\n\uD800-\uDFFF]/.test(query)) return undefined;
  if (caseSensitive) return { needle: query };
  if (/^[\0-\x7f]*$/.test(query)) return { needle: query, folded: query.toLowerCase() };
  return /[^\0-\x7f\u017f\u212a]/.test(query) ? { needle: query, beyondAscii: true } : undefined;
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
 * How many lines of a text hold `needle` (no line break in it): from each match to the end of its
 * line, then the next match, so each line counts once and every character is looked at a bounded
 * number of times.
 */
export function countLinesHolding(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; ) {
    count += 1;
    const end = text.indexOf('\n', at);
    if (end === -1) break;
    at = text.indexOf(needle, end + 1);
  }
  return count;
}
