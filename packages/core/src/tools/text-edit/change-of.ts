import { characterBoundary } from '../../text/character-boundary.js';

/** What one replacement does: the part of oldString that differs from newString, and what takes its place (in the file's newline style). */
export interface Change {
  prefix: number;
  suffix: number;
  removed: string;
  inserted: string;
}

/**
 * Only the part where oldString and newString differ is replaced; everything else, including line
 * breaks the two share, is copied from the original, so its line endings stay as they were. The part
 * is of whole characters: two emoji that share their first half are replaced whole, and the change
 * (where the snippet is shown from) starts on a character.
 */
export function changeOf(needle: string, replacement: string, newline: string): Change {
  const prefix = characterBoundary(needle, commonPrefixLength(needle, replacement));
  const common = commonSuffixLength(needle, replacement, prefix);
  const suffix = needle.length - characterBoundary(needle, needle.length - common, 'after');
  const middle = replacement.slice(prefix, replacement.length - suffix);
  return { prefix, suffix, removed: needle.slice(prefix, needle.length - suffix), inserted: middle.replaceAll('\n', newline) };
}

function commonPrefixLength(a: string, b: string): number {
  let length = 0;
  // Past the end of either, its character is undefined and differs from the other's.
  while (length < a.length && a[length] === b[length]) length += 1;
  return length;
}

/** The common suffix of `a` and `b`, not reaching into their first `prefix` characters. */
function commonSuffixLength(a: string, b: string, prefix: number): number {
  let length = 0;
  const limit = Math.min(a.length, b.length) - prefix;
  while (length < limit && a[a.length - 1 - length] === b[b.length - 1 - length]) length += 1;
  return length;
}
