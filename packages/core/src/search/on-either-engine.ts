import type { LineMatcher } from './search-pattern.js';

/**
 * Characters where V8 (with the `u` flag, and `i` or not) and RE2 may read the same plain regex
 * differently: `.` on CR, U+2028 and U+2029; `\\s` on the vertical tab and the spaces beyond ASCII;
 * `\\w` and `\\b` ignoring case on U+017F and U+212A. In a line without them, they find the same matches.
 * Those up to U+00FF are looked for with `includes`; the others with one regex, which in a string of
 * one-byte characters (V8's kind for an ASCII text) fails at once.
 */
const splitsUpToFf = ['\r', '\v', '\u00a0'];
const splitsBeyondFf = /[\u017f\u212a\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/** Whether V8 and RE2 find the same matches in `text` (a line) for a regex both read alike (see `readAlikeByEngines`). */
export function enginesAgreeOn(text: string): boolean {
  return !splitsUpToFf.some((split) => text.includes(split)) && !splitsBeyondFf.test(text);
}

/**
 * Whether V8 (`native`, compiled with the `u` flag) and RE2 read a regex alike: printable ASCII only,
 * and no escape but `\\b`, `\\B`, `\\d`, `\\D`, `\\w`, `\\W`, `\\s`, `\\S` and escaped punctuation (no
 * character named by number, no Unicode property, whose tables differ between the engines).
 */
export function readAlikeByEngines(query: string, native: RegExp): boolean {
  return native.flags.includes('u') && /^(?:[\x20-\x5b\x5d-\x7e]|\\[bBdDwWsS\x20-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e])*$/.test(query);
}

/**
 * A matcher of a regex RE2 runs whose lines `fast` (a regex V8 runs without backtracking, matching in the
 * same lines) tells in a line where the engines agree (`enginesAgreeOn`); RE2 (`linear`) tells the others,
 * and where a line matches, and how far (the user's regex, which may backtrack on V8).
 */
export function onEitherEngine(fast: RegExp, linear: LineMatcher): LineMatcher {
  return { ...linear, test: (line) => (enginesAgreeOn(line) ? fast.test(line) : linear.test(line)) };
}
