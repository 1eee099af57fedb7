import { readAlikeByEngines } from './read-alike-by-engines.js';

/**
 * Whether a regex ignoring case under the `u` flag (`native`, compiled from `source`) matches where it
 * matches without `u` in any text holding neither U+017F nor U+212A (see `foldsOntoAscii`): there, V8
 * runs it several times faster without (`\\b`, `\\w` and letters ignoring case under `u` are slow:
 * `\\bget\\w*\\(` 466 ms against 35 over the corpus). True when:
 * - `source` is printable ASCII with no escape but `\\b`, `\\B`, `\\d`, `\\w`, `\\s` and punctuation
 *   (`readAlikeByEngines`), so it reads alike with and without `u`;
 * - ignoring case, `u` folds simply, and the only characters beyond ASCII that fold onto ASCII ones are
 *   U+017F (`s`) and U+212A (`k`), which `\\w` and `\\b` also take; without `u`, a character beyond
 *   ASCII never matches an ASCII one: the text lacking both, letters, classes of ASCII characters, `\\w`
 *   and `\\b` match alike;
 * - nothing in it takes a character it does not name (`.`, a negated class, `\\W`, `\\S`, `\\D`), which
 *   with `u` takes a surrogate pair as one character, and without it half of one.
 */
export function readsAlikeWithoutUnicode(source: string, native: RegExp): boolean {
  return native.flags.includes('i') && readAlikeByEngines(source, native) && !takesUnnamed(source);
}

/** Whether a text holds U+017F or U+212A, which ignoring case under `u` match ASCII letters (`s`, `k`). */
export function foldsOntoAscii(text: string): boolean {
  return text.includes('\u017f') || text.includes('\u212a');
}

/** Whether the source holds `.`, `[^`, `\\W`, `\\S` or `\\D` (an escaped `.` or `^` names itself). */
function takesUnnamed(source: string): boolean {
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (char === '\\') {
      if ('WSD'.includes(source[index + 1] ?? '')) return true;
      index += 1;
    } else if (char === '.' || (char === '[' && source[index + 1] === '^')) return true;
  }
  return false;
}
