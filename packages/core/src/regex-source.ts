/**
 * Linear scans of a regex's source, for the decisions made before it runs (smart case, the engine).
 * Hand-written rather than regexes over the source: a regex such as `\\p\{[^}]*\}` retried at each
 * of 200,000 `\p{` without a closing brace is quadratic.
 */

/** The source with every escape (`\W`, `\p{Lu}`, `\u{1F600}`) left out: what is left are the letters the regex names itself. */
export function withoutEscapes(source: string): string {
  let kept = '';
  let nextBrace = -1;
  for (let index = 0; index < source.length; index += 1) {
    if (source[index] !== '\\') {
      kept += source[index];
      continue;
    }
    index += 1;
    if (/[pPu]/.test(source[index] ?? '') && source[index + 1] === '{') {
      // Where the next "}" is, found once and reused: with none left, every later \p{ is a plain escape.
      if (nextBrace !== -2 && nextBrace <= index) {
        const found = source.indexOf('}', index);
        nextBrace = found === -1 ? -2 : found;
      }
      if (nextBrace >= 0) index = nextBrace;
    }
  }
  return kept;
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
