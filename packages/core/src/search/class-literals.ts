import { alternativesOf, classEnd, closingOf, escapeEnd } from './regex-source.js';

/** Most literals `classLiterals` gives: each is a posting list the search reads. */
const mostClassLiterals = 256;

/** Characters `\s` takes in a line (all but the line feed). */
const spaces = '\t\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
const digits = '0123456789';
const wordCharacters = `${digits}_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ`;

/**
 * Three-character strings of which every match of `query` holds one, compared ignoring case, where the regex holds no literal of
 * its own: three atoms in a row each taking a few characters (`\d`, `\s`, `\w`, a class listing them, a character) give every
 * string they can take (`\d\.\s` as `0. `, `1.\t`, ...), the three of the fewest strings in each alternative, at most
 * `mostClassLiterals` in all; `undefined` when an alternative has no such three (or more than that many). Conservative: anything
 * it does not read (a group, `.`, a negated class, an escape naming a character, a character beyond ASCII) ends a run of atoms,
 * and an atom that may be missing (`?`, `*`, `{0,n}`) is left out and ends it; one repeated a varying count (`+`, `{2,}`) ends
 * the run after its first count and starts the next with its last.
 */
export function classLiterals(query: string): string[] | undefined {
  const found = new Set<string>();
  for (const [from, to] of alternativesOf(query, 0, query.length) ?? []) {
    const literals = literalsOfAlternative(query, from, to);
    if (literals === undefined) return undefined;
    for (const literal of literals) found.add(literal);
    if (found.size > mostClassLiterals) return undefined;
  }
  return found.size === 0 ? undefined : [...found];
}

/** The strings of the three atoms in a row of `query[from, to)` taking the fewest (see `classLiterals`). */
function literalsOfAlternative(query: string, from: number, to: number): string[] | undefined {
  const counts = /(?:[*+?]|\{(\d+)(,\d*)?\})\??/y;
  let best: string[] | undefined;
  let run: string[] = [];
  const end = () => {
    for (let at = 0; at + 3 <= run.length; at += 1) {
      const [first, second, third] = run.slice(at, at + 3) as [string, string, string];
      const count = first.length * second.length * third.length;
      if (count <= mostClassLiterals && (best === undefined || count < best.length)) best = crossOf(first, second, third);
    }
    run = [];
  };
  for (let index = from; index < to; index += 1) {
    const atomEnd = atomEndOf(query, index);
    if (atomEnd === -1) return best;
    const taken = takenBy(query.slice(index, atomEnd + 1));
    counts.lastIndex = atomEnd + 1;
    const count = counts.exec(query);
    index = atomEnd + (count?.[0].length ?? 0);
    // An anchor or `\b` takes no character: the atoms around it are next to each other.
    if (taken === '') continue;
    const least = count === null ? 1 : count[0][0] === '+' ? 1 : count[0][0] === '{' ? Number(count[1]) : 0;
    const varies = count !== null && (count[0][0] !== '{' || count[2] !== undefined);
    if (taken === undefined || least === 0) {
      end();
      continue;
    }
    const copies = Array<string>(Math.min(least, 3)).fill(taken);
    run.push(...copies);
    // Past a varying count, or more copies than a window of three: the next atoms follow its last copies.
    if (varies || least > 3) {
      end();
      run.push(...copies);
    }
  }
  end();
  return best;
}

/** Where the atom starting at `index` ends (its last character): an escape, a class, a group (read as taking anything), one character; -1 when not closed. */
function atomEndOf(query: string, index: number): number {
  const char = query[index];
  if (char === '\\') return escapeEnd(query, index);
  if (char === '[' || char === '(') return closingOf(query, index);
  return index;
}

/**
 * The characters `atom` takes, each once (a class of a few listed characters, `\d`, `\s`, `\w`, an escaped punctuation mark, a
 * printable ASCII character); '' for an anchor or `\b`, `\B`; `undefined` for anything else, read as taking any character.
 */
function takenBy(atom: string): string | undefined {
  if (atom === '^' || atom === '$' || atom === '\\b' || atom === '\\B') return '';
  if (atom.startsWith('[')) return classTakes(atom);
  if (atom.startsWith('\\')) return escapeTakes(atom);
  return atom.length === 1 && atom >= ' ' && atom <= '~' && !'.()|*+?{}'.includes(atom) ? atom : undefined;
}

function escapeTakes(source: string): string | undefined {
  if (source === '\\d') return digits;
  if (source === '\\s') return spaces;
  if (source === '\\w') return wordCharacters;
  const char = source[1];
  return source.length === 2 && char !== undefined && /[!-/:-@[-`{-~]/.test(char) ? char : undefined;
}

/** The characters a class takes: plain printable ASCII characters, ranges of them, `\d`, `\s`, `\w` and escaped punctuation; not negated. */
function classTakes(atom: string): string | undefined {
  if (atom.startsWith('[^') || classEnd(atom, 0) !== atom.length - 1) return undefined;
  const taken = new Set<string>();
  for (let index = 1; index < atom.length - 1; index += 1) {
    let member: string | undefined;
    if (atom[index] === '\\') {
      member = escapeTakes(atom.slice(index, index + 2));
      index += 1;
    } else member = atom[index]! >= ' ' && atom[index]! <= '~' ? atom[index] : undefined;
    if (member === undefined) return undefined;
    const to = atom[index + 2];
    if (atom[index + 1] === '-' && index + 2 < atom.length - 1) {
      // A range of two plain characters; one with an escape at either end is not read.
      if (member.length !== 1 || atom[index] === '\\' || to === '\\' || to === undefined || to < member || to > '~') return undefined;
      for (let code = member.charCodeAt(0); code <= to.charCodeAt(0); code += 1) taken.add(String.fromCharCode(code));
      index += 2;
    } else for (const char of member) taken.add(char);
  }
  return [...taken].join('');
}

function crossOf(first: string, second: string, third: string): string[] {
  const strings: string[] = [];
  for (const a of first) for (const b of second) for (const c of third) strings.push(a + b + c);
  return strings;
}
