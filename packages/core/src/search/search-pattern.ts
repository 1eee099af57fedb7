import { classLiterals } from './class-literals.js';
import { characterBoundary, firstCharacters } from '../text/character-boundary.js';
import { findAll, indexOfLinear } from '../text/find-all.js';
import { nextLongLine } from '../text/next-long-line.js';
import { countCandidateLines, countLinesHolding, countLinesMatched } from './count-lines.js';
import { createEngineBudget, type EngineBudget } from './engine-budget.js';
import { leastRegexOf } from './least-match.js';
import { linearOnV8, squareAtMostOnV8, takesSomethingEach } from './linear-on-v8.js';
import { readAlikeByEngines } from './read-alike-by-engines.js';
import { foldsOntoAscii, readsAlikeWithoutUnicode } from './without-unicode-flag.js';
import { prefilterOf } from './prefilter-of.js';
import { foldedForRe2, re2SourceOf } from './re2-source.js';
import { alternativesOf, classEnd, closingOf, escapeEnd, structureOf, withoutEscapes } from './regex-source.js';
import { VaultError } from '../vault/vault-error.js';

/** Where a query matches in a line: UTF-16 offsets, `end` exclusive. */
export interface MatchRange {
  start: number;
  end: number;
}

/** Tests one line of text, and says where in it the query matches. */
export interface LineMatcher {
  test(line: string): boolean;
  /** The non-empty matches in the line, left to right, up to the first that starts at `until` or later, at most `most` of them. */
  ranges(line: string, until: number, most?: number): MatchRange[];
  /** Whether a whole text may have a matching line (false means none has), tested in one pass over it; left out when that cannot be told. */
  mayMatch?(text: string): boolean;
  /** How many lines of a whole text match, counted in one pass over it; left out when that cannot be told. */
  countLines?(text: string): number;
}

/** Longest query: longer ones are refused before any engine compiles them (V8 overflows its stack on huge patterns). */
export const maxQueryLength = 10_000;
/** From this length on, a literal is long enough for V8's engine to be superlinear on periodic text ("a" x 1000 + "b" + "a" x 1000 in 4 MB of "a": 2 s). */
export const longLiteral = 32;

/** How a query is compiled: `caseSensitive` overrides smart case; `linear` is for a search on the main thread. */
export interface SearchPatternOptions {
  caseSensitive?: boolean;
  linear?: boolean;
}

/** A TextSearch query as a backend's search gets it: checked, its case settled. */
export interface SearchQuery {
  query: string;
  regex: boolean;
  caseSensitive: boolean;
}

/** A query checked where it was asked, compiled only where it runs: `compileHere` builds its matcher for a search on this thread (`linear`). */
export interface CheckedQuery extends SearchQuery {
  compileHere(): Promise<LineMatcher>;
}

/**
 * Checks a TextSearch query without building its matcher: refuses what `compileSearchPattern` refuses,
 * and settles smart case. A regex is parsed (V8 compiles one at its first match); one shaped for
 * catastrophic backtracking is compiled on RE2, the only way to know that RE2 can run it. The rest is
 * compiled where the search runs: in a backend's workers, or on this thread by `compileHere`.
 */
export async function checkSearchQuery(query: string, regex: boolean, options: { caseSensitive?: boolean } = {}): Promise<CheckedQuery> {
  const checked = await checkPattern(query, regex, options.caseSensitive);
  return { query, regex, caseSensitive: checked.caseSensitive, compileHere: () => matcherOf(query, regex, checked, true) };
}

/**
 * Turns a TextSearch query into the matcher that tests each line. Smart case unless `caseSensitive`
 * says: the search ignores case unless the query has an upper-case letter (in a regex, escapes such
 * as \W or \S do not count).
 *
 * A regex runs on JavaScript's engine, except one shaped for catastrophic backtracking (a repeated
 * group, or several open-ended repeats), which runs on RE2's linear-time engine instead: JavaScript
 * cannot interrupt a RegExp stuck on one long line. With `linear` (a search on the main thread, where
 * no time budget can stop a stuck RegExp) every regex RE2 can run runs on RE2, and so does a long literal.
 */
export async function compileSearchPattern(
  query: string,
  regex: boolean,
  options: SearchPatternOptions = {},
): Promise<{ matcher: LineMatcher; caseSensitive: boolean }> {
  const checked = await checkPattern(query, regex, options.caseSensitive);
  return { matcher: await matcherOf(query, regex, checked, options.linear ?? false), caseSensitive: checked.caseSensitive };
}

/** A query checked: its case settled; for a regex, the regex parsed and, for one shaped for backtracking, its matcher on RE2. */
interface CheckedPattern {
  caseSensitive: boolean;
  native?: RegExp;
  backtracking?: LineMatcher;
}

async function checkPattern(query: string, regex: boolean, caseSensitive: boolean | undefined): Promise<CheckedPattern> {
  if (query === '') throw new VaultError('INVALID_ARGUMENT', '`query` is empty. Pass the text (or regular expression) to search for.');
  if (query.length > maxQueryLength) {
    throw new VaultError(
      'INVALID_ARGUMENT',
      `\`query\` is ${query.length} characters long, over the limit of ${maxQueryLength}. Search for a shorter, telling part of the text.`,
    );
  }
  const settled = caseSensitive ?? /\p{Lu}/u.test(regex ? withoutEscapes(query) : query);
  if (!regex) return { caseSensitive: settled };
  // Parsed here (a syntax error is the caller's to fix), compiled by V8 only where it runs: compiling
  // some patterns (a? repeated 56 times, case-insensitive) takes V8 longer than running them.
  const native = compileNative(query, settled ? '' : 'i');
  if (!mayBacktrack(query)) return { caseSensitive: settled, native };
  const backtracking = await linearMatcher(query, settled, native.flags.includes('u'));
  if (backtracking === undefined) {
    throw new VaultError(
      'INVALID_ARGUMENT',
      `The regex ${query} repeats a group (or has several unbounded repeats), which can take exponential time, and it uses what the linear-time engine lacks (backreferences, lookaround, repeat counts over 1000, or, in a regex not valid with the u flag, an astral character repeated or in a class). Rewrite it without those, or without the nested repetition.`,
    );
  }
  return { caseSensitive: settled, native, backtracking };
}

/** The matcher of a checked query, built where the search runs. */
function matcherOf(query: string, regex: boolean, checked: CheckedPattern, linear: boolean): Promise<LineMatcher> {
  return regex ? regexMatcher(query, checked, linear) : literalSearchMatcher(query, checked.caseSensitive, linear);
}

async function literalSearchMatcher(query: string, caseSensitive: boolean, linear: boolean): Promise<LineMatcher> {
  if (linear && query.length > longLiteral) {
    // V8's engine is superlinear on a long literal in periodic text, and RE2JS looks for a
    // case-sensitive literal with V8's indexOf: on the main thread, the linear finder, or RE2 ignoring case.
    return caseSensitive ? literalMatcher(query) : (await linearMatcher(escapeRegExp(query), false, true))!;
  }
  // A line contains the literal only if the whole text does, so a file without it is passed over in one scan.
  const pattern = compiled(escapeRegExp(query), `${caseSensitive ? '' : 'i'}u`, query);
  const everywhere = new RegExp(pattern.source, `${pattern.flags}g`);
  const literal = nativeMatcher(pattern);
  const lineBreakFree = !/[\r\n]/.test(query);
  return { ...literal, mayMatch: literal.test, ...(lineBreakFree ? { countLines: (text: string) => countLinesMatched(text, everywhere) } : {}) };
}

async function regexMatcher(query: string, checked: CheckedPattern, linear: boolean): Promise<LineMatcher> {
  const onRe2 = checked.backtracking ?? (linear ? await linearMatcher(query, checked.caseSensitive, checked.native!.flags.includes('u')) : undefined);
  if (onRe2 && linear) return onRe2;
  const native = checked.native!;
  // Lines are told by the regex with its repeats at either end at their fewest (the same lines, see `leastMatch`).
  const least = leastRegexOf(query, native);
  // Ignoring case, V8 runs a regex several times faster without `u`: alike in a text holding neither U+017F nor U+212A (see `readsAlikeWithoutUnicode`).
  const withoutU = readsAlikeWithoutUnicode(least.source, least.regex) ? least.regex.flags.replace('u', '') : undefined;
  const ascii = withoutU === undefined ? undefined : new RegExp(least.source, withoutU);
  const testLine = (line: string) => (ascii && !foldsOntoAscii(line) ? ascii : least.regex).test(line);
  if (onRe2) {
    // One whose least match V8 runs in linear time on any text (`\w+\.\w+\(` as `\w\.\w+\(`, see `linearOnV8`) tests lines on V8; RE2 gives the ranges.
    const alike = readAlikeByEngines(query, native);
    const onV8 = alike && linearOnV8(least.source, native.flags);
    // Without a repeat that may take nothing, or anchored at the line's start, it is run as V8's regexes are below, over whole texts too
    // (over the corpus `\w+\.\w+\(` 65 -> 41 ms, `^\s*\d+\.\s` 55 -> 49 ms); one with a repeat that may take nothing would be entered at
    // every start (`\w\s*=` at every letter: 60 -> 257 ms), so it stays line by line.
    if (onV8 && (takesSomethingEach(least.source) || least.source.startsWith('^')))
      return scannedMatcher({ ...onRe2, test: testLine }, query, native, least.source, withoutU);
    // One whose least match V8 may take the square of a line on (`[A-Z]\w+::\w+` as `[A-Z]\w+::\w`, `\[[^\]]*\]\([^)]*\)`, see `squareAtMostOnV8`),
    // tests its lines up to `longestLineOnV8` on V8 while V8 keeps to its budget (see `createEngineBudget`), the others on RE2 (over the
    // corpus, its 39,592 lines holding `::` in 24 ms against RE2's 49).
    const budget = alike && squareAtMostOnV8(least.source, native.flags) ? createEngineBudget(testLine, onRe2.test) : undefined;
    const test = onV8 ? testLine : budget ? (line: string) => (line.length > longestLineOnV8 ? onRe2.test(line) : budget.test(line)) : onRe2.test;
    // RE2 is slow on every line: on a worker, only the lines holding a literal every match holds are tried.
    return withCandidateLines({ ...onRe2, test }, candidatesOf(query, checked.caseSensitive ? 'u' : 'iu'), true);
  }
  const plain = nativeMatcher(native, testLine);
  // A repeat V8 cannot vouch for (`linearOnV8`) may cost it the square of a line's length (`[a-z]\w*\(` on 400,000 letters,
  // `[a-z]\w{0,1000}\(` a thousand steps a letter): lines longer than `longestLineOnV8` are tried on RE2, where RE2 can run the
  // regex, and the others on V8 while it keeps to its budget (`createEngineBudget`: many lines just under the bound).
  const quadratic = (source: string) => /[*+]|\{\d+,\d*\}/.test(structureOf(source)) && !linearOnV8(source, native.flags);
  const testSquare = quadratic(least.source);
  const rangesSquare = quadratic(query);
  const safe = testSquare || rangesSquare ? await linearMatcher(query, checked.caseSensitive, native.flags.includes('u')) : undefined;
  if (safe === undefined) return scannedMatcher(plain, query, native, least.source, withoutU);
  const long = (line: string) => line.length > longestLineOnV8;
  const budget = testSquare ? createEngineBudget(plain.test, safe.test) : undefined;
  const matcher: LineMatcher = {
    test: budget ? (line) => (long(line) ? safe.test(line) : budget.test(line)) : plain.test,
    ranges: rangesSquare ? (line, until, most) => (long(line) ? safe : plain).ranges(line, until, most) : plain.ranges,
  };
  return scannedMatcher(matcher, query, native, least.source, withoutU, budget);
}

/** Longest line V8 tries with a regex it may take the square of a line's length on: about 10^6 steps at most. */
const longestLineOnV8 = 1_000;
/** Characters of lines scanned at a time under a budget (see `createEngineBudget`): V8 takes at most about 60 ms on a piece before its time is looked at. */
const piece = 16_384;
/** An empty match at each line's start (after a line feed, or at the text's start), to try every line. */
const everyLine = /(?<![^\n])/g;

/**
 * A regex's matcher whose lines may match are found in one fast scan of the whole text, and only those tried: the words
 * of an alternation, a literal every match holds, or its least match (`leastSource`) run over the text itself.
 */
function scannedMatcher(
  matcher: LineMatcher,
  query: string,
  native: RegExp,
  leastSource: string,
  withoutU: string | undefined,
  budget?: EngineBudget,
): LineMatcher {
  // A matching line holds one of these words (or the literal every match holds): one fast scan of the
  // whole text finds the lines that may match, and only those are tried. The user's own regex runs over a
  // whole text only as a scan nothing in which matches a line feed (`lineScanOf`): it never backtracks across lines.
  const alternatives = alternativeWords(query);
  if (alternatives !== undefined) return wordsMatcher(matcher, query, alternatives, native.flags);
  // A literal of two characters is looked for too when the regex starts with `\b` or `\B`: V8 has no first character to skip to
  // (`\b[a-z]+_t\b` scanned 160 ms over the corpus, the lines holding `_t` tried 48).
  const words = requiredLiterals(query, /^\\[bB]/.test(leastSource) ? 2 : 3);
  if (words !== undefined) return withCandidateLines(matcher, literalsScan(words, native.flags));
  // Literals of punctuation every match holds one of, rare in lines (see `rareNeedles`): the lines holding one, found by `indexOf`,
  // are tried, each once, rather than the regex run over the whole text (over the corpus `^\\s*-` 84 -> 17 ms, `\\w+->\\w+` 28 -> 12).
  const rare = rareNeedles(requiredLiterals(query, 1), leastSource);
  if (rare !== undefined) return withCandidateLines(matcher, literalsScan(rare, native.flags));
  const scan = lineScanOf(leastSource);
  if (scan === undefined) return withCandidateLines(matcher, candidatesOf(query, native.flags));
  // Nothing in it can match a line feed, so over a text without CR it finds the very matches it finds line
  // by line; with a CR, it also finds some beside it (the CR of a CRLF is in no line): each line found is tried alone.
  const plain = new RegExp(scan.plain, `${native.flags}gm`);
  const plainAscii = withoutU === undefined ? undefined : new RegExp(scan.plain, `${withoutU}gm`);
  const guarded = new RegExp(scan.guarded, `${native.flags}g`);
  const scanned = (text: string, enough: number) => {
    // Beside U+2028 or U+2029, V8 finds a lookbehind's match in the middle of a surrogate pair: those lines are tried too.
    if (text.includes('\r') || text.includes('\u2028') || text.includes('\u2029')) return countCandidateLines(text, guarded, matcher.test, enough);
    return countLinesMatched(text, plainAscii && !foldsOntoAscii(text) ? plainAscii : plain, enough);
  };
  // With a budget, lines are scanned a piece at a time, each piece timed, and once V8 is out, tried one by one by `matcher` (RE2 for the long ones).
  const scannedInPieces = (text: string, enough: number) => {
    if (budget === undefined) return scanned(text, enough);
    let counted = 0;
    for (let from = 0; from < text.length && counted < enough; ) {
      const lineFeed = text.indexOf('\n', Math.min(from + piece, text.length) - 1);
      const to = lineFeed === -1 ? text.length : lineFeed + 1;
      const part = from === 0 && to === text.length ? text : text.slice(from, to);
      const left = enough - counted;
      counted += budget.out() ? countCandidateLines(part, everyLine, matcher.test, left) : budget.timed(part.length, () => scanned(part, left));
      from = to;
    }
    return counted;
  };
  // A line the scan could take the square of the length of is tried alone, by `matcher`; the runs of lines between are scanned
  // (each starts at a line's start and ends with its line feed, so the scan finds there what it finds in the whole text).
  const count = (text: string, enough = Number.POSITIVE_INFINITY) => {
    let counted = 0;
    let from = 0;
    for (let start = nextLongLine(text, 0, longestLineOnV8); budget && start !== -1; start = nextLongLine(text, from, longestLineOnV8)) {
      counted += scannedInPieces(text.slice(from, start), enough - counted);
      const end = text.indexOf('\n', start);
      const line = end === -1 ? text.slice(start) : text.slice(start, text[end - 1] === '\r' ? end - 1 : end);
      if (counted < enough && matcher.test(line)) counted += 1;
      if (end === -1 || counted >= enough) return counted;
      from = end + 1;
    }
    return counted + scannedInPieces(from === 0 ? text : text.slice(from), enough - counted);
  };
  return { ...matcher, mayMatch: (text) => count(text, 1) > 0, countLines: (text) => count(text) };
}

/**
 * The matcher of an alternation of plain words (see `alternativeWords`). It stays in a line, so it runs
 * over the whole text; there, without the `u` flag, V8 runs it several times faster, with the same
 * matches in a text without U+017F or U+212A: ignoring case under `u`, they are the only characters
 * beyond ASCII that match ASCII letters and that `\\w` and `\\b` take for word characters. In a text with
 * one, the lines holding a word are tried.
 */
function wordsMatcher(matcher: LineMatcher, query: string, words: string[], flags: string): LineMatcher {
  const candidates = withCandidateLines(matcher, literalsScan(words, flags));
  const ascii = new RegExp(query, `${flags.replace('u', '')}g`);
  const asAscii = flags.includes('i') ? (text: string) => !text.includes('\u017f') && !text.includes('\u212a') : () => true;
  return {
    ...matcher,
    mayMatch: (text) => (asAscii(text) ? countLinesMatched(text, ascii, 1) > 0 : candidates.mayMatch!(text)),
    countLines: (text) => (asAscii(text) ? countLinesMatched(text, ascii) : candidates.countLines!(text)),
  };
}

/**
 * How the lines worth trying are found: `scan` (a global regex, none of whose matches holds a line feed)
 * finds them, and a line tried holds every one of `held` first; with `exact`, the lines `scan` finds are
 * the matching lines, and none is tried. With `needles` (literals of punctuation every matching line holds
 * one of, see `punctuationNeedles`), a line is tried only when it holds one of them, found by `indexOf`.
 */
interface CandidateLines {
  scan: RegExp;
  held: RegExp[];
  exact?: boolean;
  needles?: string[];
}

/**
 * The lines of a text worth trying with a regex: those holding one of the literals, of any length, every
 * match holds one of (see `literalsOfMatches`), or those holding the regex's prefilter and the runs every
 * match holds beside it (see `prefilterOf`), when it matches more characters than the shortest literal;
 * `undefined` when there are neither.
 */
function candidatesOf(query: string, flags: string): CandidateLines | undefined {
  const literals = alternativeWords(query) ?? requiredLiterals(query, 1);
  const prefilter = prefilterOf(query);
  const shortest = literals === undefined ? 0 : Math.min(...literals.map((literal) => literal.length));
  if (prefilter === undefined || prefilter.weight <= shortest) return literalsScan(literals, flags);
  const needles = prefilter.exact ? undefined : punctuationNeedles(literals);
  const scan = new RegExp(prefilter.source, `${flags}g`);
  return { scan, held: prefilter.held.map((run) => new RegExp(run, flags)), exact: prefilter.exact, ...(needles ? { needles } : {}) };
}

/** A scan for any of `literals` (plain text: it never backtracks across lines), matched with `flags`. */
function literalsScan(literals: string[] | undefined, flags: string): CandidateLines | undefined {
  const needles = punctuationNeedles(literals);
  return literals && { scan: new RegExp(literals.map(escapeRegExp).join('|'), `${flags}g`), held: [], ...(needles ? { needles } : {}) };
}

/**
 * The literals, when each is ASCII punctuation (`=`, `::`, `<`, `->`): matched alike in any case and with or without
 * `u`, rare in a text, so that `indexOf` skips to each (memchr) faster than V8's regex of them or of a prefilter
 * scans (over the corpus, the lines of `\\w+\\s*=\\s*\\w+` counted in 70 ms against 319, `\\w+<\\w+>` 22 against
 * 65); `undefined` for any other (a letter is everywhere in a text, and V8 skips a word's letters as fast).
 */
function punctuationNeedles(literals: string[] | undefined): string[] | undefined {
  // Each is looked for on every candidate line: a long alternation (799 literals: 425 ms against 34) keeps the regex's scan.
  if (literals === undefined || literals.length > mostNeedles) return undefined;
  return literals.every((literal) => /^[!-/:-@[-`{-~]{1,32}$/.test(literal)) ? literals : undefined;
}

/**
 * Punctuation needles (see `punctuationNeedles`) that a regex's lines are found by, when few lines hold one: any, when the regex
 * is anchored at a line's start (`^\\s*-`, `^\\|`: V8 runs `^` with the `m` flag at every place of a text, a needle's line is tried at
 * one); else two characters or more (`->`, `()`), or one rare in prose (`<`, `=`, `;`). A common one (`.`, `[`, `_`) is on most lines
 * of a text: its lines tried one by one cost more than the regex's one scan (over the corpus `\\d+\\.\\d+` 34 -> 140 ms).
 */
function rareNeedles(literals: string[] | undefined, leastSource: string): string[] | undefined {
  const needles = punctuationNeedles(literals);
  if (needles === undefined) return undefined;
  if (leastSource.startsWith('^')) return needles.every((needle) => needle.length > 1 || !'.,'.includes(needle)) ? needles : undefined;
  return needles.every((needle) => needle.length > 1 || '<>=;{}|&@$%~+\\^'.includes(needle)) ? needles : undefined;
}

/** Most punctuation literals looked for one by one. */
const mostNeedles = 16;

/**
 * The matcher, trying only the candidate lines (see `candidatesOf`); the matcher itself without them. With
 * `slow` (RE2), each line a search tests alone (a file whose lines are shown) is first tested for the
 * scan's match, on V8: a line without one is no match.
 */
function withCandidateLines(matcher: LineMatcher, candidates: CandidateLines | undefined, slow = false): LineMatcher {
  if (candidates === undefined) return matcher;
  const { scan, held } = candidates;
  const mayMatch = (text: string) => {
    scan.lastIndex = 0;
    return scan.test(text);
  };
  const first = new RegExp(scan.source, scan.flags.replace('g', ''));
  const test = slow ? (line: string) => first.test(line) && matcher.test(line) : matcher.test;
  if (candidates.exact) return { ...matcher, test, mayMatch, countLines: (text: string) => countLinesMatched(text, scan) };
  const tried = held.length === 0 ? matcher.test : (line: string) => held.every((run) => run.test(line)) && matcher.test(line);
  const { needles } = candidates;
  // A line holding a needle is tried where `scan` finds a match in it (with the CR before its line feed, as the scan sees it);
  // a matching line holds a needle.
  if (needles) {
    const holding = (text: string, enough?: number) => countLinesHolding(text, needles, (line, raw) => first.test(raw) && tried(line), enough);
    // A text holding a needle but no matching line (`-` in a word, not first in a line) is passed over before its lines are split.
    return { ...matcher, test, mayMatch: (text) => holding(text, 1) > 0, countLines: (text) => holding(text) };
  }
  return { ...matcher, test, mayMatch, countLines: (text: string) => countCandidateLines(text, scan, tried) };
}

/**
 * A regex as it runs over a whole text to find the lines it matches: `plain`, with the `m` flag, for a
 * text without CR, U+2028 or U+2029 (where its `^` and `$` are a line's); `guarded` for any text, `^` as
 * `(?<![^\\n])` (after a line feed or at the start) and `$` as `(?![^\\r\\n])`, never the `m` flag, whose
 * `^` after each lone CR would let a long run of them cost the square of its length.
 */
export interface LineScan {
  plain: string;
  guarded: string;
}

/**
 * How a regex is run over a whole text so that nothing in it matches a line feed, or `undefined`: one
 * made of plain characters (no line break), `.`, groups without lookaround, alternations, quantifiers,
 * `\\b`, `\\B`, `\\d`, `\\w`, `\\S`, escaped punctuation and classes of such (not negated), `^`, `$`, and
 * `\\s` outside a class, written as the spaces but the line feed. No lookaround, no backreferences, no
 * escapes that name a character by number. Conservative: `undefined` whenever in doubt.
 */
export function lineScanOf(query: string): LineScan | undefined {
  // A line break escaped (`\` then a raw line feed: the line feed itself) is one too: the scan would match across lines.
  const allowedEscape = (next: string | undefined) => next !== undefined && !lineBreaks.includes(next) && (/[bBdwS]/.test(next) || !/[\p{L}\p{N}]/u.test(next));
  const scan = { plain: '', guarded: '' };
  const add = (plain: string, guarded = plain) => {
    scan.plain += plain;
    scan.guarded += guarded;
  };
  for (let index = 0; index < query.length; index += 1) {
    const char = query[index]!;
    const from = index;
    if (char === '\\' && query[index + 1] === 's') {
      add('[^\\S\\n]');
      index += 1;
      continue;
    }
    if (char === '^' || char === '$') {
      add(char, char === '^' ? '(?<![^\\n])' : '(?![^\\r\\n])');
      continue;
    }
    if (char === '\\') {
      if (!allowedEscape(query[index + 1])) return undefined;
      index += 1;
    } else if (char === '[') {
      const end = classEnd(query, index);
      if (end === -1 || query[index + 1] === '^') return undefined;
      for (let inner = index + 1; inner < end; inner += 1) {
        if (query[inner] === '\\') {
          // In a class, \b is a backspace: allowed too, like \d and \w.
          if (!allowedEscape(query[inner + 1])) return undefined;
          inner += 1;
        } else if (lineBreaks.includes(query[inner]!)) return undefined;
      }
      // A range of characters written as themselves may span a line break (`[\u0001-~]`, typed raw).
      if (takesLineBreak(query.slice(index, end + 1))) return undefined;
      index = end;
    } else if (char === '(' && query[index + 1] === '?' && query[index + 2] !== ':') return undefined;
    else if (lineBreaks.includes(char)) return undefined;
    add(query.slice(from, index + 1));
  }
  return scan;
}

const lineBreaks = '\r\n\u2028\u2029';

/** Whether a class (valid with or without the `u` flag) takes a line break. */
function takesLineBreak(characterClass: string): boolean {
  let compiled: RegExp;
  try {
    compiled = new RegExp(characterClass);
  } catch {
    compiled = new RegExp(characterClass, 'u');
  }
  return [...lineBreaks].some((lineBreak) => compiled.test(lineBreak));
}

/** A case-sensitive literal matched with the linear finder (`findAll`). */
function literalMatcher(literal: string): LineMatcher {
  const test = (line: string) => indexOfLinear(line, literal) !== -1;
  const ranges = (line: string, until: number, most = Number.POSITIVE_INFINITY) => {
    const found: MatchRange[] = [];
    for (const start of findAll(line, literal, { overlapping: false })) {
      if (start >= until || found.length >= most) break;
      found.push({ start, end: start + literal.length });
    }
    return found;
  };
  return { test, ranges, mayMatch: test };
}

/**
 * The regex on RE2's linear-time engine with JavaScript's meaning (`unicode`: as with the `u` flag), or
 * `undefined` when it uses what RE2 lacks (see `re2SourceOf`).
 */
async function linearMatcher(query: string, caseSensitive: boolean, unicode: boolean): Promise<LineMatcher | undefined> {
  const { RE2JS } = await import('re2js');
  const source = re2SourceOf(query, { unicode, ignoreCase: !caseSensitive });
  if (source === undefined) return undefined;
  let linear: InstanceType<typeof RE2JS>;
  try {
    linear = RE2JS.compile(source, caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE);
  } catch {
    return undefined;
  }
  const read = !caseSensitive && unicode ? foldedForRe2 : (line: string) => line;
  const ranges = (line: string, until: number, most = Number.POSITIVE_INFINITY) => {
    const found: MatchRange[] = [];
    let empty = emptyMatchesLooked(line);
    for (const match = linear.matcher(read(line)); found.length < most && match.find() && match.start() < until; ) {
      if (match.end() > match.start()) found.push({ start: match.start(), end: match.end() });
      else if (--empty < 0) break;
    }
    return found;
  };
  return { test: (line) => linear.test(read(line)), ranges };
}

/**
 * Empty matches a line's ranges pass over before they stop looking: each look may scan to the line's end (`\\W*?x|` on a
 * line of 20,000 dots, every place an empty match: the square of the line, seconds, past any budget). As many as keep the
 * looks within about 2 x 10^6 characters, one at least: every one in a line of up to 1,400 characters. A match a long line holds
 * after them is not shown as a range; the line is found and counted all the same.
 */
const emptyMatchesLooked = (line: string) => Math.max(1, Math.floor(2_000_000 / Math.max(1, line.length)));

/** A literal's RegExp, compiled now (V8 compiles lazily, at the first match), so that one too large for the engine is refused here. */
function compiled(source: string, flags: string, query: string): RegExp {
  try {
    const pattern = new RegExp(source, flags);
    pattern.test('');
    return pattern;
  } catch (error) {
    throw new VaultError(
      'INVALID_ARGUMENT',
      `The query ${firstCharacters(query, 100)} cannot be compiled: ${firstCharacters((error as Error).message, 200)}. Search for a shorter or simpler pattern.`,
    );
  }
}

/** The matcher of a regex: lines tested by `test` (by a regex matching in the same lines), matches found by `pattern`. */
function nativeMatcher(pattern: RegExp, test = (line: string) => pattern.test(line)): LineMatcher {
  const global = new RegExp(pattern.source, `${pattern.flags}g`);
  return {
    test,
    ranges: (line, until, most = Number.POSITIVE_INFINITY) => {
      const found: MatchRange[] = [];
      let empty = emptyMatchesLooked(line);
      for (const match of line.matchAll(global)) {
        if (match.index >= until || found.length >= most) break;
        if (match[0] !== '') found.push({ start: match.index, end: match.index + match[0].length });
        else if (--empty < 0) break;
      }
      return found;
    },
  };
}

/** The regex parsed (not yet compiled: see `compileSearchPattern`). */
function compileNative(query: string, flags: string): RegExp {
  try {
    return new RegExp(query, `${flags}u`);
  } catch {
    try {
      // Not valid in Unicode mode (e.g. an identity escape like \-): fall back to the classic syntax.
      return new RegExp(query, flags);
    } catch (error) {
      throw new VaultError(
        'INVALID_ARGUMENT',
        `The regex ${firstCharacters(query, 200)} is invalid: ${firstCharacters((error as Error).message, 300)}. Fix it, or set \`regex: false\` to search for the literal text.`,
      );
    }
  }
}

/**
 * The words of a regex that is an alternation of plain words, optionally in a group and between word
 * boundaries (`\b(mutex|semaphore)\b`, `TODO|FIXME`): every match holds one of them. Anything else:
 * undefined. The user's own regex is never run over a whole text, where it could backtrack across lines.
 */
function alternativeWords(query: string): string[] | undefined {
  const body = /^(?:\\b)?(?:\((?:\?:)?([\w ]+(?:\|[\w ]+)*)\)|([\w ]+(?:\|[\w ]+)*))(?:\\b)?$/.exec(query);
  return (body?.[1] ?? body?.[2])?.split('|');
}

/**
 * Literals of which every line a query matches holds one, matched as the query matches (ignoring case
 * when it does): the literal itself; for a regex, the words of an alternation of plain words, or the
 * literals every match holds one of (see `requiredLiterals`), or the strings of three characters its atoms
 * take (see `classLiterals`). Undefined when a regex has none. A
 * backend's index can pass over the files that hold none of them.
 */
export function literalsOfMatches(query: string, regex: boolean): string[] | undefined {
  if (!regex) return [query];
  return alternativeWords(query) ?? requiredLiterals(query) ?? classLiterals(query);
}

/**
 * Literals (of `shortest` characters or more, 3 unless told) of which every match of a regex holds
 * one, read off its structure: each of its alternatives gives its own. In an alternative, the runs of plain characters
 * and the groups (neither repeated nor lookaround) whose alternatives all give literals are the
 * candidates, and the one whose shortest literal is longest wins. Classes, escapes of letters and
 * digits, `.` and anchors end a run, and a character made optional or repeated by a quantifier is
 * left out. Undefined when an alternative gives none. It only has to be true of every match: fewer or
 * shorter literals than could be found are fine, a wrong one never.
 */
export function requiredLiterals(query: string, shortest = 3): string[] | undefined {
  return literalsOfAlternatives(query, 0, query.length, 0, shortest);
}

/** Groups nested deeper than this are not looked into (each level reads its text again). */
const maxGroupDepth = 4;

function literalsOfAlternatives(query: string, from: number, to: number, depth: number, least: number): string[] | undefined {
  const alternatives = alternativesOf(query, from, to);
  if (alternatives === undefined) return undefined;
  const found = new Set<string>();
  for (const [start, end] of alternatives) {
    const literals = literalsOfSequence(query, start, end, depth, least);
    if (literals === undefined) return undefined;
    for (const literal of literals) found.add(literal);
  }
  return [...found];
}

/** The literals of one alternative, `query[from, to)` (no `|` at its level): see `requiredLiterals`. */
function literalsOfSequence(query: string, from: number, to: number, depth: number, least: number): string[] | undefined {
  const braces = /\{\d*(?:,\d*)?\}/y;
  let best: string[] | undefined;
  const consider = (literals: string[] | undefined) => {
    if (literals === undefined || literals.length === 0) return;
    const shortest = Math.min(...literals.map((literal) => literal.length));
    if (shortest >= least && (best === undefined || shortest > Math.min(...best.map((literal) => literal.length)))) best = literals;
  };
  let run = '';
  const end = () => {
    consider([run]);
    run = '';
  };
  for (let index = from; index < to; index += 1) {
    const char = query[index]!;
    if (char === '\\') {
      const next = query[index + 1];
      if (next !== undefined && !/[\p{L}\p{N}]/u.test(next)) {
        run += next;
        index += 1;
        continue;
      }
      // A class, an anchor or a character named by number (`\x41`, `\u{1F600}`, `\k<name>`): the run ends, and the whole escape is passed over.
      end();
      index = escapeEnd(query, index);
      if (index === -1) return undefined;
    } else if (char === '(' || char === '[') {
      end();
      const close = closingOf(query, index);
      if (close === -1) return undefined;
      const inner = char === '(' && depth < maxGroupDepth ? groupBodyStart(query, index) : -1;
      const repeated = close + 1 < to && '*+?{'.includes(query[close + 1]!);
      if (inner !== -1 && !repeated) consider(literalsOfAlternatives(query, inner, close, depth + 1, least));
      index = close;
    } else if ('*+?{'.includes(char)) {
      // The last character may be missing (or the quantifier is of a group or class, whose run has ended already).
      run = run.slice(0, characterBoundary(run, run.length - 1));
      end();
      if (char === '{') {
        // The whole of a count, {2} or {2,5}, is the quantifier.
        braces.lastIndex = index;
        index += (braces.exec(query)?.[0].length ?? 1) - 1;
      }
    } else if ('.^$)]}'.includes(char)) end();
    else run += char;
  }
  end();
  return best;
}

/** Where the body of the group opened at `open` starts (after `(`, `(?:` or `(?<name>`), or -1 for lookaround and modifiers. */
function groupBodyStart(query: string, open: number): number {
  if (query[open + 1] !== '?') return open + 1;
  if (query[open + 2] === ':') return open + 3;
  const nameEnd = query[open + 2] === '<' && query[open + 3] !== '=' && query[open + 3] !== '!' ? query.indexOf('>', open) : -1;
  return nameEnd === -1 ? -1 : nameEnd + 1;
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

/**
 * A repeated group, or two or more repeats that can match more or less (`*`, `+`, `?`, `{n,}`,
 * `{n,m}`; `a?` repeated 56 times is as exponential as `(a?){56}`): the shapes behind catastrophic
 * backtracking.
 */
function mayBacktrack(pattern: string): boolean {
  // A "?" right after "(" opens a group's modifier, and after another quantifier makes it lazy: neither is a repeat.
  const plain = structureOf(pattern)
    .replace(/\(\?/g, '(')
    .replace(/([*+?}])\?/g, '$1');
  const repeats = plain.match(/[*+?]|\{\d+,\d*\}/g)?.length ?? 0;
  return /\)(?:[*+?]|\{\d)/.test(plain) || repeats >= 2;
}
