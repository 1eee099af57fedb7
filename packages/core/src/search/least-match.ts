import { classEnd } from './regex-source.js';

/**
 * A regex that matches in the very lines the query matches in, with fewer characters to match: a
 * repeated character at the start (`\\w+`, `[A-Z]{2,}`, `.*`) or a repeat at the end (`\\w+`, `(ab)+`)
 * taken at its fewest. A line holding `\\w+\\(` holds `\\w\\(` (the last word character before the
 * bracket) and the other way round; V8 retries a leading `\\w+` at each character of a word, each time
 * to its end, so on long words the shorter regex costs far less. Only for telling whether a line
 * matches: where it matches, and how far, is the query's.
 */
export function leastMatch(query: string): string {
  return leastAtEnd(leastAtStart(query));
}

/** The least match of a compiled regex (`native`, compiled from `query`): `query` itself when it is not shorter, or not valid. */
export function leastRegexOf(query: string, native: RegExp): { source: string; regex: RegExp } {
  const least = leastMatch(query);
  if (least === query) return { source: query, regex: native };
  try {
    return { source: least, regex: new RegExp(least, native.flags) };
  } catch {
    return { source: query, regex: native };
  }
}

/** `query` with a leading `X+`, `X*`, `X{n,}` or `X{n,m}` (X one character: `\\w`-like escape, `.` or a class) at its fewest: `X`, nothing, `X{n}`. */
function leastAtStart(query: string): string {
  const atomEnd = query[0] === '.' ? 1 : query[0] === '\\' && /[wWdDsS]/.test(query[1] ?? '') ? 2 : query[0] === '[' ? classEnd(query, 0) + 1 : 0;
  if (atomEnd === 0) return query;
  const atom = query.slice(0, atomEnd);
  const repeat = /^(?:\+|\*|\{(\d+),\d*\})(?![?+*{])/.exec(query.slice(atomEnd));
  if (repeat === null) return query;
  const rest = query.slice(atomEnd + repeat[0].length);
  // Nothing after the repeat: left as it is (an empty regex is no cheaper, and matches an empty line alike).
  if (rest === '') return query;
  if (repeat[0] === '+') return `${atom}${rest}`;
  if (repeat[0] === '*') return rest;
  const least = Number(repeat[1]);
  return least === 0 ? rest : `${atom}{${least}}${rest}`;
}

/** `query` with a trailing greedy `+` left out and a trailing `{n,}` or `{n,m}` made `{n}`: the match of the fewest repeats ends a match too. */
function leastAtEnd(query: string): string {
  if (query.endsWith('+') && !escaped(query, query.length - 1) && query.length > 1 && !/[+*?}]/.test(query.at(-2)!)) return query.slice(0, -1);
  const repeat = /\{(\d+),\d*\}$/.exec(query);
  if (repeat === null || repeat.index === 0 || escaped(query, repeat.index) || /[({|]/.test(query[repeat.index - 1]!)) return query;
  return `${query.slice(0, repeat.index)}{${repeat[1]}}`;
}

/** Whether the character at `index` is escaped: an odd number of backslashes just before it. */
function escaped(query: string, index: number): boolean {
  let backslashes = 0;
  while (index - backslashes - 1 >= 0 && query[index - backslashes - 1] === '\\') backslashes += 1;
  return backslashes % 2 === 1;
}
