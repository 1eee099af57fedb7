/**
 * Linear scans of a regex's source, for the decisions made before it runs (smart case, the engine).
 * Hand-written rather than regexes over the source: a regex such as `\\p\{[^}]*\}` retried at each
 * of 200,000 `\p{` without a closing brace is quadratic.
 */

/** The source with every escape (`\W`, `\p{Lu}`, `\u{1F600}`, `\x41`, `\cJ`) left out: what is left are the letters the regex names itself. */
export function withoutEscapes(source: string): string {
  let kept = '';
  for (let index = 0; index < source.length; index += 1) {
    if (source[index] !== '\\') kept += source[index];
    else index = Math.max(index + 1, escapeEnd(source, index));
  }
  return kept;
}

/** Longest tail of an escape looked for (`\p{Script_Extensions=...}`, `\k<name>`): a bound, so a scan of many unclosed ones stays linear. */
const maxEscapeTail = 256;

/**
 * Where the escape whose backslash is at `backslash` ends (the index of its last character): the
 * whole of `\x41`, `\u00e9`, `\u{1F600}`, `\cJ`, `\p{L}`, `\k<name>` and `\12`, else the one character
 * after the backslash. -1 when a `{` or `<` it opens is not closed within `maxEscapeTail` characters.
 */
export function escapeEnd(source: string, backslash: number): number {
  const letter = backslash + 1;
  const closing = (open: string, close: string) => {
    if (source[letter + 1] !== open) return letter;
    for (let index = letter + 2; index < Math.min(source.length, letter + 2 + maxEscapeTail); index += 1) if (source[index] === close) return index;
    return -1;
  };
  const hexRun = (most: number) => {
    let end = letter;
    while (end - letter < most && /[0-9a-fA-F]/.test(source[end + 1] ?? '')) end += 1;
    return end;
  };
  switch (source[letter]) {
    case 'x':
      return hexRun(2);
    case 'u':
      return source[letter + 1] === '{' ? closing('{', '}') : hexRun(4);
    case 'c':
      return /[A-Za-z]/.test(source[letter + 1] ?? '') ? letter + 1 : letter;
    case 'p':
    case 'P':
      return closing('{', '}');
    case 'k':
      return closing('<', '>');
    default: {
      let end = letter;
      if (/\d/.test(source[letter] ?? '')) while (/\d/.test(source[end + 1] ?? '')) end += 1;
      return end;
    }
  }
}

/** The source with every escape and every character class replaced by `x`: its structure (groups, quantifiers) only. */
export function structureOf(source: string): string {
  let structure = '';
  for (let index = 0; index < source.length; index += 1) {
    const character = source[index];
    if (character === '\\') {
      index += 1;
      structure += 'x';
    } else if (character === '[') {
      // A class runs to the first "]" that is not escaped (in JavaScript, even right after "[").
      for (index += 1; index < source.length && source[index] !== ']'; index += 1) if (source[index] === '\\') index += 1;
      structure += 'x';
    } else {
      structure += character;
    }
  }
  return structure;
}

/** Where the group or class opened at `open` closes (escapes and classes inside skipped), or -1. */
export function closingOf(query: string, open: number): number {
  if (query[open] === '[') return classEnd(query, open);
  let depth = 0;
  for (let index = open; index < query.length; index += 1) {
    const char = query[index];
    if (char === '\\') index += 1;
    else if (char === '[') {
      index = classEnd(query, index);
      if (index === -1) return -1;
    } else if (char === '(') depth += 1;
    else if (char === ')' && --depth === 0) return index;
  }
  return -1;
}

/** Where the class opened at `open` closes, or -1 (`[]` is an empty class in JavaScript). */
export function classEnd(query: string, open: number): number {
  for (let index = open + 1; index < query.length; index += 1) {
    if (query[index] === '\\') index += 1;
    else if (query[index] === ']') return index;
  }
  return -1;
}

/** The ranges `[from, to)` of the alternatives of `query[from, to)` at its own level (`|` outside groups and classes), or undefined when a group or class is not closed. */
export function alternativesOf(query: string, from: number, to: number): [number, number][] | undefined {
  const ranges: [number, number][] = [];
  let start = from;
  for (let index = from; index <= to; index += 1) {
    const char = query[index];
    if (index === to || char === '|') {
      ranges.push([start, index]);
      start = index + 1;
    } else if (char === '\\') index += 1;
    else if (char === '(' || char === '[') {
      index = closingOf(query, index);
      if (index === -1) return undefined;
    }
  }
  return ranges;
}
