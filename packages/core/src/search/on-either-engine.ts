import type { LineMatcher } from './search-pattern.js';

/**
 * Characters where V8 (with the `u` flag, and `i` or not) and RE2 may read the same plain regex
 * differently: `.` on CR, U+2028 and U+2029; `\\s` on the vertical tab and the spaces beyond ASCII;
 * `\\w` and `\\b` ignoring case on U+017F and U+212A. In a text without them, they find the same lines.
 * Those up to U+00FF are looked for with `includes`; the others with one regex, which in a text of
 * one-byte characters (V8's kind for an ASCII text) fails at once.
 */
const splitsUpToFf = ['\r', '\v', '\u00a0'];
const splitsBeyondFf = /[\u017f\u212a\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/** Whether V8 and RE2 find the same lines of `text` for a regex both read alike (see `readAlikeByEngines`). */
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
 * A matcher that tells a regex's lines on V8 (`fast`: a regex RE2 would otherwise run, with the same
 * lines) in a text where the engines agree (`enginesAgreeOn`), and on RE2 (`linear`) in any other; where
 * a line matches, and how far, is always RE2's (the user's regex, which may backtrack on V8).
 */
export function onEitherEngine(fast: LineMatcher, linear: LineMatcher): LineMatcher {
  const pick = (text: string) => (enginesAgreeOn(text) ? fast : linear);
  return {
    test: (line) => pick(line).test(line),
    ranges: linear.ranges,
    mayMatch: (text) => pick(text).mayMatch!(text),
    countLines: (text) => pick(text).countLines!(text),
  };
}
