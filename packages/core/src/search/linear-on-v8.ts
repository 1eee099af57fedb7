import { classEnd } from './regex-source.js';

/** One character a regex consumes: its source (a character, an escape, `.` or a class), whether its count may vary, whether it may take none, and its largest fixed count (1 for a repeat without one). */
interface Atom {
  source: string;
  varies: boolean;
  optional: boolean;
  width: number;
}

/**
 * Whether V8's backtracking engine tests a line with `source` (compiled with `flags`) in time linear in
 * the line's length: `source` is a sequence of single characters, escapes (`\\w`, `\\.`), `.` and classes,
 * each maybe repeated greedily (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`), with `\\b`, `\\B`, `^` and `$`
 * between them, no group or alternation, and each repeat whose count may vary follows an atom that
 * (1) takes at least one character and (2) shares no character with it (`\\w\\.\\w+\\(`,
 * `\\w\\s*=\\s*\\w`, `void\\s+\\w+\\(`: not `[a-z]\\w+\\(`, nor `a\\s*\\w+`).
 *
 * Why linear: by (1) and (2), the character just before a varying repeat's run is one it does not take,
 * so each run it tries cannot extend to the left: two runs of one repeat are the same or apart. The
 * first varying repeat starts at a fixed distance from the regex's start, so different starts try
 * runs apart; an atom after a repeat that shares no character with it goes on only after the whole run
 * (after a shorter count the next character is the repeat's), one that shares some goes on from each
 * count, but each time at another position. So each position of a line is tried a bounded number of
 * times by each atom: O(line × atoms). Where (2) fails, a start at each letter of a run scans the run
 * to its end: quadratic (`[a-z]\\w+\\(` on 100,000 letters, decision 0027); where (1) fails, the atom
 * before may take nothing (`a\\s*\\w+` on `aaa…`, each start scanning to the run's end).
 */
export function linearOnV8(source: string, flags: string): boolean {
  const atoms = atomsOf(source);
  // The bound's constant is the regex's own size: a long one stays on RE2 (` a+` written 3,300 times took V8 34 s on a
  // 100,000-character line, RE2 no time; `\\.\\w+` then `\\w{16}` written 63 times, 0.9 s).
  if (atoms === undefined || atoms.length > mostAtoms || atoms.reduce((sum, atom) => sum + atom.width, 0) > widest) return false;
  // Tries that start only where no other try's run can reach: at the line's start alone (`^#+ `), or at a word's start, the atoms
  // up to the first varying repeat taking word characters only (`\\b[A-Z]{3,}\\b`, `\\bget\\w*\\(`: one start in each word).
  const lead = /^(?:\^|\\[bB])*/.exec(source)![0];
  // At the line's start, a line's one try costs at most the line times the regex's width where each varying repeat but the last
  // goes on only from its whole run (`^\\s*\\d+\\.\\s`, see `squareAtMostOnV8`).
  if (lead.includes('^') && squareAtMostOnV8(source, flags)) return true;
  const firstVarying = atoms.findIndex((atom) => atom.varies);
  const startsApart = lead.includes('^') || (lead.includes('\\b') && atoms.slice(0, firstVarying + 1).every((atom) => wordOnly(atom.source, flags)));
  return atoms.every((atom, index) => {
    if (!atom.varies) return true;
    if (index === firstVarying && startsApart) return true;
    const before = atoms[index - 1];
    return before !== undefined && !before.optional && disjoint(before.source, atom.source, flags);
  });
}

/**
 * Whether V8 tests a line with `source` (compiled with `flags`) in at most about the square of the line's length: a sequence as
 * `linearOnV8` reads it whose varying repeats, but the last, are each followed by an atom that takes at least one character and
 * none of the repeat's (`\\[[^\\]]*\\]\\(`, `[A-Z]\\w+::\\w`). Why: after such a repeat the next atom matches only where the
 * repeat's run ends, so each start goes on from it once, having backed off through its run one step at a time (each step failing
 * at once); the last varying repeat goes on from each of its counts through atoms of fixed width. A start thus costs at most the
 * line's length times the regex's width. Two repeats that both go on from each count (`\\w+\\s*=`) multiply: refused.
 */
export function squareAtMostOnV8(source: string, flags: string): boolean {
  const atoms = atomsOf(source);
  if (atoms === undefined || atoms.length > mostAtoms || atoms.reduce((sum, atom) => sum + atom.width, 0) > widest) return false;
  const varying = atoms.flatMap((atom, index) => (atom.varies ? [index] : []));
  return varying.slice(0, -1).every((index) => {
    const next = atoms[index + 1];
    return next !== undefined && !next.optional && disjoint(atoms[index]!.source, next.source, flags);
  });
}

/** Whether every atom of `source` (as `linearOnV8` reads it) takes at least one character: a match of it is never empty. */
export function takesSomethingEach(source: string): boolean {
  return atomsOf(source)?.every((atom) => !atom.optional) ?? false;
}

/** The largest count `{n}`, `{n,m}` taken: V8 tries each atom of a count as many times, for every count of a repeat before it it backs off through. */
const largestCount = 16;
/** Most atoms, and most characters their largest fixed counts add up to (an atom without one counts 1), in a regex tested on V8. */
const mostAtoms = 32;
const widest = 64;

/** The atoms of `source`, assertions left out; `undefined` when it holds anything else (a group, `|`, a lazy repeat, a backreference). */
function atomsOf(source: string): Atom[] | undefined {
  const atoms: Atom[] = [];
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    let end = index;
    if (char === '^' || char === '$') continue;
    if (char > '\x7e') return undefined;
    if (char === '\\') {
      const next = source[index + 1];
      if (next === 'b' || next === 'B') {
        index += 1;
        continue;
      }
      if (next === undefined || !/[dDwWsS]|[^\p{L}\p{N}]/u.test(next)) return undefined;
      end = index + 1;
    } else if (char === '[') {
      end = classEnd(source, index);
      if (end === -1) return undefined;
    } else if ('()|*+?{}'.includes(char)) return undefined;
    const atom = source.slice(index, end + 1);
    const count = /^(?:[*+?]|\{(\d+)(,\d*)?\})/.exec(source.slice(end + 1));
    index = end + (count?.[0].length ?? 0);
    if (/[*+?{]/.test(source[index + 1] ?? '')) return undefined;
    // A large count is tried once a count V8 backs off through (`\\.\\w+\\w{1000}\\s+x`: 0.7 s on a 100,000-letter line, RE2 2 ms).
    if (count?.[1] !== undefined && Math.max(Number(count[1]), Number(count[2]?.slice(1) || 0)) > largestCount) return undefined;
    const varies = count !== null && (count[1] === undefined || count[2] !== undefined);
    const optional = count !== null && (count[0] === '*' || count[0] === '?' || Number(count[1]) === 0);
    if (optional && !varies) return undefined;
    atoms.push({ source: atom, varies, optional, width: Math.max(1, Number(count?.[2]?.slice(1) || count?.[1] || 1)) });
  }
  return atoms;
}

/** Escapes of classes that share no character, under any flags (`\\w` and `\\d` hold no space, with or without U+017F and U+212A). */
const apart = new Set(['\\w \\s', '\\d \\s', '\\s \\S', '\\w \\W', '\\d \\D', '\\d \\W']);

/** Whether every character `atom` takes is a word character as `\\w` and `\\b` read one under `flags` (ignoring case with `u`, U+017F and U+212A are). */
function wordOnly(atom: string, flags: string): boolean {
  if (atom === '\\w' || atom === '\\d') return true;
  if (!single(atom) && !asciiClass.test(atom)) return false;
  const word = new RegExp('\\w', flags);
  const one = new RegExp(atom, flags);
  return asciiTaken.every((char) => !one.test(char) || word.test(char));
}

/** Every character an ASCII character or class of them may match: ASCII, and ignoring case with `u`, U+017F and U+212A (which fold onto `s` and `k`). */
const asciiTaken = [...Array.from({ length: 128 }, (_, unit) => String.fromCharCode(unit)), '\u017f', '\u212a'];

/** An atom of one character: not `.`, not a class, not an escape of one (`\\d`, `\\W`). */
const single = (atom: string) => (atom.length === 1 && atom !== '.') || (atom.length === 2 && atom[0] === '\\' && !/[dDwWsS]/.test(atom[1]!));
/** A class of printable ASCII characters, none escaped. */
const asciiClass = /^\[[\x20-\x5b\x5d\x5f-\x7e]+\]$/;

/**
 * Whether no character matches both atoms: one is a single character the other does not match
 * (ignoring case, V8 matches a character when its case-folded form matches, so testing the character
 * answers for every character folding alike), or both are classes known apart, or one is a class of
 * printable ASCII characters and no character it may match (`asciiTaken`) matches the other.
 */
function disjoint(first: string, second: string, flags: string): boolean {
  const character = (atom: string) => atom.at(-1)!;
  if (single(first)) return !new RegExp(second, flags).test(character(first));
  if (single(second)) return !new RegExp(first, flags).test(character(second));
  if (apart.has(`${first} ${second}`) || apart.has(`${second} ${first}`)) return true;
  if (!asciiClass.test(first) && !asciiClass.test(second)) return false;
  const one = new RegExp(first, flags);
  const other = new RegExp(second, flags);
  return asciiTaken.every((char) => !one.test(char) || !other.test(char));
}
