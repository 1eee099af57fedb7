/**
 * Whether V8 (`native`, compiled with the `u` flag) and RE2 read a regex alike, in every line (RE2 is
 * handed JavaScript's meaning, decision 0026): printable ASCII only,
 * and no escape but `\\b`, `\\B`, `\\d`, `\\D`, `\\w`, `\\W`, `\\s`, `\\S` and escaped punctuation (no
 * character named by number, no Unicode property, whose tables differ between the engines).
 */
export function readAlikeByEngines(query: string, native: RegExp): boolean {
  return native.flags.includes('u') && /^(?:[\x20-\x5b\x5d-\x7e]|\\[bBdDwWsS\x20-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e])*$/.test(query);
}
