import { classEnd, closingOf, escapeEnd } from './regex-source.js';

/**
 * A regex's prefilter: the source of a regex of fixed length, each of its parts one character, such that
 * every line the regex matches holds a match of it (`weight`: how many characters it matches, the least
 * over its alternatives). It runs fast on V8 (no repeat, so no backtracking) and finds the lines worth
 * trying when a regex's literals are short or missing: `[A-Z]{2,}_[A-Z]+` gives `[A-Z]{2}_[A-Z]`.
 */
export interface Prefilter {
  source: string;
  weight: number;
  held: string[];
  /** Whether a line holds a match of the prefilter exactly when it holds one of the regex (see `runsOf`): the prefilter's lines are the regex's. */
  exact: boolean;
}

/** Most characters a prefilter matches, and most copies of one repeated part (a longer run of them holds these). */
const longestRun = 64;
const mostCopies = 16;

/**
 * The prefilter of a regex (see `Prefilter`), or `undefined` when an alternative has no run of two
 * characters or more. Read off the regex's structure, each alternative on its own: a run is a sequence of
 * parts that each match one character (a plain ASCII character, an escaped punctuation mark, `.`, `\\d`,
 * `\\w`, `\\s`, a class of ASCII characters that is not negated), each repeated an exact number of times.
 * A part repeated `{m,n}` (or `+`, `{m,}`) may end one run and start the next with its `m` copies: a match
 * repeats it at least `m` times, and the copies beside the rest are in the match. A part that may be
 * missing (`*`, `?`, `{0,n}`), a group, a backreference and anything not listed end the run, so the run
 * never claims what a match may lack; zero-width assertions (`\\b`, `\\B`, `^`, `$`) are left out (a match
 * of the parts around them still holds the parts). Where the engines differ, a part is written so that it
 * matches at least what the line matcher matches: `.` as any character but a line feed (V8's `.` leaves out
 * CR and U+2028, RE2's does not), `\\s` as V8's (RE2's is ASCII) but the line feed. Of a regex without
 * alternatives, the other runs of two parts or more are `held`: a matching line holds each of them too.
 */
export function prefilterOf(query: string): Prefilter | undefined {
  const alternatives: Runs[] = [];
  let start = 0;
  for (let index = 0; index <= query.length; index += 1) {
    const char = query[index];
    if (index === query.length || char === '|') {
      const run = runsOf(query, start, index);
      if (run === undefined) return undefined;
      alternatives.push(run);
      start = index + 1;
    } else if (char === '\\') index += 1;
    else if (char === '(' || char === '[') {
      index = closingOf(query, index);
      if (index === -1) return undefined;
    }
  }
  const weight = Math.min(...alternatives.map((runs) => runs.longest.length));
  if (weight < 2) return undefined;
  const held = alternatives.length === 1 ? alternatives[0]!.others.filter((run) => run.length >= 2).map((run) => run.join('')) : [];
  const exact = alternatives.length === 1 && alternatives[0]!.exact;
  return { source: alternatives.map((runs) => runs.longest.join('')).join('|'), weight, held, exact };
}

/** The runs of one alternative: the longest, the others, and whether the longest is the whole alternative as a line holds it. */
interface Runs {
  longest: string[];
  others: string[][];
  exact: boolean;
}

/**
 * The runs of one alternative, `query[from, to)` (see `prefilterOf`), each a list of parts. The longest is
 * `exact` when the alternative is only parts that match what the line matcher's match (none widened, none
 * cut short by a bound), the first and the last of them alone repeated more or less: a line holding a match
 * then holds one with each of those two at its least count (drop the copies at either end), which is the run.
 */
function runsOf(query: string, from: number, to: number): Runs | undefined {
  const runs: string[][] = [];
  let run: string[] = [];
  let whole = true;
  const end = (next: string[] = []) => {
    if (run.length > 0) runs.push(run);
    run = next;
  };
  // Parts read so far, and which of them a quantifier repeats more or less.
  let parts = 0;
  const loose: number[] = [];
  // The last part added to the run, which a quantifier after it repeats; undefined after anything else.
  let last: string | undefined;
  for (let index = from; index < to; index += 1) {
    const char = query[index]!;
    const part = partAt(query, index);
    if (part !== undefined) {
      if (run.length === longestRun) end();
      if (run.length === 0 && parts > 0) whole = false;
      if (part.widened) whole = false;
      parts += 1;
      run.push(part.source);
      last = part.source;
      index = part.end;
      continue;
    }
    const repeat = '*+?{'.includes(char) ? repeatAt(query, index) : undefined;
    if (repeat !== undefined) {
      index = repeat.end;
      if (repeat.least > mostCopies || last === undefined) whole = false;
      if (repeat.least !== repeat.most) loose.push(parts - 1);
      if (last === undefined) end();
      else if (repeat.least === repeat.most) {
        // An exact count: the part that many times in the run (none: as if it were not there).
        if (repeat.least === 0) run.pop();
        else run.push(...Array<string>(Math.min(repeat.least, mostCopies) - 1).fill(last));
        if (run.length > longestRun) {
          run = run.slice(0, longestRun);
          whole = false;
        }
      } else {
        run.pop();
        const copies = Array<string>(Math.min(repeat.least, mostCopies)).fill(last);
        run.push(...copies);
        end(copies);
      }
      last = undefined;
      continue;
    }
    last = undefined;
    whole = false;
    if (char === '\\' && 'bB'.includes(query[index + 1] ?? '')) index += 1;
    else if (char === '^' || char === '$') continue;
    else {
      // Anything else ends the run: a group (and whatever repeats it), an escape not listed, a character beyond ASCII.
      end();
      if (char === '(') index = closingOf(query, index);
      else if (char === '\\') index = escapeEnd(query, index);
      else if (char === '[') index = classEnd(query, index);
      if (index === -1) return undefined;
    }
  }
  end();
  if (runs.length === 0) return undefined;
  const longest = runs.reduce((best, each) => (each.length > best.length ? each : best));
  const exact = whole && runs.length <= 3 && loose.every((at) => at === 0 || at === parts - 1);
  return { longest, others: runs.filter((each) => each !== longest), exact };
}

/** The part of a run that starts at `index` (see `prefilterOf`) and where it ends, or `undefined`. */
function partAt(query: string, index: number): { source: string; end: number; widened?: boolean } | undefined {
  const char = query[index]!;
  if (char === '.') return { source: '[^\\n]', end: index, widened: true };
  if (char === '[') return classPartAt(query, index);
  if (char === '\\') {
    const next = query[index + 1] ?? '';
    const escaped: Record<string, string> = { d: '\\d', w: '\\w', s: '[^\\S\\n]' };
    if (escaped[next] !== undefined) return { source: escaped[next], end: index + 1, ...(next === 's' ? { widened: true } : {}) };
    return punctuation.test(next) ? { source: literalSource(next, ''), end: index + 1 } : undefined;
  }
  return /^[ -~]$/.test(char) && !'()[]{}|*+?^$.\\'.includes(char) ? { source: char, end: index } : undefined;
}

/** A class of ASCII characters, ranges, `\\d`, `\\w` and escaped punctuation, not negated, as a part; `undefined` for any other. */
function classPartAt(query: string, open: number): { source: string; end: number } | undefined {
  const close = classEnd(query, open);
  if (close === -1 || close === open + 1 || query[open + 1] === '^') return undefined;
  let source = '[';
  for (let index = open + 1; index < close; index += 1) {
    const char = query[index]!;
    if (!/^[ -~]$/.test(char)) return undefined;
    if (char !== '\\') source += char;
    else {
      const next = query[index + 1] ?? '';
      if (next === 'd' || next === 'w') source += `\\${next}`;
      else if (punctuation.test(next)) source += literalSource(next, '\\]-^');
      else return undefined;
      index += 1;
    }
  }
  return { source: `${source}]`, end: close };
}

/** The quantifier at `index`: the least and most repeats (`Infinity` for no bound), and where it ends (a lazy `?` included); `undefined` for a `{` that is no quantifier. */
function repeatAt(query: string, index: number): { least: number; most: number; end: number } | undefined {
  const char = query[index]!;
  let found: { least: number; most: number; end: number } | undefined;
  if (char === '*') found = { least: 0, most: Number.POSITIVE_INFINITY, end: index };
  else if (char === '+') found = { least: 1, most: Number.POSITIVE_INFINITY, end: index };
  else if (char === '?') found = { least: 0, most: 1, end: index };
  else {
    const count = /\{(\d+)(,(\d*))?\}/y;
    count.lastIndex = index;
    const match = count.exec(query);
    if (match === null) return undefined;
    const least = Number(match[1]);
    const most = match[2] === undefined ? least : match[3] === '' ? Number.POSITIVE_INFINITY : Number(match[3]);
    found = { least, most, end: index + match[0].length - 1 };
  }
  return query[found.end + 1] === '?' ? { ...found, end: found.end + 1 } : found;
}

const punctuation = /^[!-/:-@[-`{-~]$/;

/** An ASCII punctuation mark as a regex matches it, valid with the `u` flag and without: escaped only where it is syntax (in a class, `also` too). */
function literalSource(char: string, also: string): string {
  return '\\^$.*+?()[]{}|/'.includes(char) || also.includes(char) ? `\\${char}` : char;
}
