import { VaultError } from './vault-error.js';

/**
 * Turns a TextSearch query into the RegExp that tests each line. Smart case: the search ignores
 * case unless the query has an upper-case letter (in a regex, escapes such as \W or \S do not count).
 */
export function compileSearchPattern(query: string, regex: boolean): { pattern: RegExp; caseSensitive: boolean } {
  if (query === '') throw new VaultError('INVALID_ARGUMENT', 'query is empty. Pass the text (or regular expression) to search for.');
  const caseSensitive = /\p{Lu}/u.test(regex ? query.replace(/\\p\{[^}]*\}|\\./g, '') : query);
  const flags = caseSensitive ? '' : 'i';
  if (!regex) return { pattern: new RegExp(escapeRegExp(query), `${flags}u`), caseSensitive };
  if (hasNestedQuantifier(query)) {
    throw new VaultError(
      'INVALID_ARGUMENT',
      `The regex ${query} repeats a group that itself repeats (like (a+)+), which can take exponential time in JavaScript's regex engine. Rewrite it without the nested repetition, for example (a+)+ as a+.`,
    );
  }
  try {
    return { pattern: new RegExp(query, `${flags}u`), caseSensitive };
  } catch {
    try {
      // Not valid in Unicode mode (e.g. an identity escape like \-): fall back to the classic syntax.
      return { pattern: new RegExp(query, flags), caseSensitive };
    } catch (error) {
      throw new VaultError('INVALID_ARGUMENT', `The regex ${query} is invalid: ${(error as Error).message}. Fix it, or set regex to false to search for the literal text.`);
    }
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

/** A quantified group whose body also holds a quantifier: the shape behind catastrophic backtracking. */
function hasNestedQuantifier(pattern: string): boolean {
  return /\((?:[^()\\]|\\.)*(?:[*+]|\{\d+,\d*\})(?:[^()\\]|\\.)*\)(?:[*+]|\{\d+,\d*\})/.test(pattern.replace(/\[(?:[^\]\\]|\\.)*\]/g, 'x'));
}
