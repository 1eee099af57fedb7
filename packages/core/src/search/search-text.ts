import { characterBoundary } from '../text/character-boundary.js';
import { headingPaths } from '../text/heading-paths.js';
import type { ErrorCode } from '../vault/vault-error.js';
import type { LineMatcher, MatchRange } from './search-pattern.js';

/** Longest line text a search result shows; longer lines are cut. */
export const maxResultLineLength = 500;

export interface SearchLine {
  number: number;
  text: string;
  /** True for a matching line shown as a result, false for a context line. */
  match: boolean;
  /** Set when the line is longer than `text`: a long matching line is shown as a window around its first match. */
  cut?: boolean;
  /** When cut: where `text` starts in the line (UTF-16 offset, 0 unless windowed around a match), and the line's full length. */
  column?: number;
  length?: number;
  /** On a matching line, where the query matches in `text` (UTF-16 offsets, `end` exclusive). */
  ranges?: MatchRange[];
  /** On a matching line of a markdown note, the headings it sits under: `## Setup > ### Linux`. */
  heading?: string;
}

/** Notes whose matching lines carry their heading path. */
const markdownPath = /\.(?:md|markdown|mdx)$/i;

/** Why a search left a file (or a folder it could not list) out: the code reading it would have failed with (the words are the answer's, see TextSearch's render). */
export type SkipCode = Extract<ErrorCode, 'NOT_TEXT' | 'FILE_TOO_LARGE' | 'PERMISSION_DENIED'>;

const skipCodes: readonly ErrorCode[] = ['NOT_TEXT', 'FILE_TOO_LARGE', 'PERMISSION_DENIED'];

/** Whether a file whose reading failed with `code` is skipped by a search of many files (and named), rather than failing it. */
export function isSkipCode(code: ErrorCode): code is SkipCode {
  return skipCodes.includes(code);
}

/** One searched file: its count of matching lines and the lines to show, or why it was skipped. */
export type SearchedFile = { path: string; matches: number; lines: SearchLine[] } | { path: string; skipped: SkipCode };

/** What a search shows of a file's matching lines. */
export interface ShownLinesOptions {
  /** Lines of context around each shown match. */
  contextLines: number;
  /** How many matching lines to show at most (0 when only counts are wanted). */
  maxShown: number;
  /** Called every 1,000 lines; throws to stop the search. */
  checkDeadline?: () => void;
}

/** Searches a file's text line by line; `undefined` when no line matches. */
export function searchText(path: string, text: string, matcher: LineMatcher, options: ShownLinesOptions): SearchedFile | undefined {
  // Counting only: one scan counts (a text without a match counts 0), with no pass before it to say whether it may match.
  if (options.maxShown === 0 && matcher.countLines) {
    const matches = matcher.countLines(text);
    return matches === 0 ? undefined : { path, matches, lines: [] };
  }
  if (matcher.mayMatch && !matcher.mayMatch(text)) return undefined;
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  const matching: number[] = [];
  for (const [index, line] of lines.entries()) {
    if (index % 1000 === 999) options.checkDeadline?.();
    if (matcher.test(line)) matching.push(index);
  }
  if (matching.length === 0) return undefined;
  const shown = matching.slice(0, options.maxShown);
  const headings = markdownPath.test(path) ? headingPaths(lines, shown) : [];
  return { path, matches: matching.length, lines: linesToShow(lines, shown, options.contextLines, matcher, headings) };
}

/**
 * A file's shown lines cut down to its first `count` matches and their context, as if only those
 * had been shown: later matches inside that context become context lines.
 */
export function keepFirstMatches(lines: readonly SearchLine[], count: number, contextLines: number): SearchLine[] {
  const kept: SearchLine[] = [];
  let matches = 0;
  let last = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    if (line.number > last) break;
    if (line.match && matches === count) {
      const { ranges: _, heading: __, ...context } = line;
      kept.push({ ...context, match: false });
      continue;
    }
    if (line.match) matches += 1;
    if (line.match && matches === count) last = line.number + contextLines;
    kept.push(line);
  }
  return kept;
}

/** The shown matches with their context; `headings[i]`, when given, is the heading path of the match at `shown[i]`. */
function linesToShow(
  lines: readonly string[],
  shown: readonly number[],
  context: number,
  matcher: LineMatcher,
  headings: readonly (string | undefined)[],
): SearchLine[] {
  const matching = new Map(shown.map((index, at) => [index, headings[at]]));
  const wanted = new Set<number>();
  for (const index of shown) {
    for (let near = Math.max(0, index - context); near <= Math.min(lines.length - 1, index + context); near += 1) wanted.add(near);
  }
  return [...wanted]
    .sort((a, b) => a - b)
    .map((index) => {
      const line = shownLine(index + 1, lines[index]!, matching.has(index), matcher);
      const heading = matching.get(index);
      return heading === undefined ? line : { ...line, heading };
    });
}

/** A line as a search result: whole when short; else its start, or for a match a window that starts a little before the first match. */
function shownLine(number: number, text: string, match: boolean, matcher: LineMatcher): SearchLine {
  if (text.length <= maxResultLineLength) {
    return match ? { number, text, match, ranges: shownRanges(text, matcher.ranges(text, text.length)) } : { number, text, match };
  }
  // Only the first match places the window (a line of 120 MB may hold millions).
  const first = match ? matcher.ranges(text, text.length, 1)[0] : undefined;
  // Never half a character at either end of the window.
  const column = characterBoundary(text, first ? Math.max(0, Math.min(first.start - 100, text.length - maxResultLineLength)) : 0);
  const shown = text.slice(column, characterBoundary(text, column + maxResultLineLength));
  const line: SearchLine = { number, text: shown, match, cut: true, column, length: text.length };
  if (!match) return line;
  const ranges = matcher
    .ranges(text, column + shown.length)
    .filter((range) => range.end > column)
    .map((range) => ({ start: Math.max(0, range.start - column), end: range.end - column }));
  return { ...line, ranges: shownRanges(shown, ranges) };
}

/** Ranges within the shown text, widened to whole code points (a classic-mode regex can match half of one) and merged where they overlap. */
function shownRanges(shown: string, ranges: readonly MatchRange[]): MatchRange[] {
  const merged: MatchRange[] = [];
  for (const range of ranges) {
    const start = characterBoundary(shown, range.start);
    const end = Math.min(characterBoundary(shown, range.end, 'after'), shown.length);
    const previous = merged.at(-1);
    if (previous && start < previous.end) previous.end = Math.max(previous.end, end);
    else merged.push({ start, end });
  }
  return merged;
}
