import { characterBoundary, firstCharacters } from '../../text/character-boundary.js';
import { indexOfLinear } from '../../text/find-all.js';
import { countOf } from '../../text/line-endings.js';
import { nextTurn } from './next-turn.js';

/** A place where `oldString` almost matches, and what differs there. Never applied by itself. */
export interface NearMiss {
  /** 1-based line where the near match starts. */
  line: number;
  /** What differs: `case`, `whitespace` (tabs vs spaces, runs of spaces, trailing spaces), `typography` (curly quotes, dashes). */
  differences: string[];
  /** The file's text around the first difference, with it marked: `…can[file: "’" | oldString: "'"]t…`. */
  text: string;
  /** The file's own text where it almost matches, to copy into `oldString`, when it is at most `maxExactLength` characters. */
  exact?: string;
}

/** The near misses found, and whether the search stopped at its budget before trying every kind of difference. */
export interface NearMissSearch {
  candidates: NearMiss[];
  stopped: boolean;
}

/**
 * A normalizer replaces what `pattern` (global) matches with `replace`'s result. It keeps line breaks,
 * so a match in a normalized text is on the same line; and it works the same on a part of a text,
 * which lets a near match found in the whole text be traced back to the file's own characters.
 */
interface Normalizer {
  name: string;
  pattern: RegExp;
  replace: (match: string, trailing?: string) => string;
}

const normalizers: Normalizer[] = [
  // A run of blanks becomes one space; at the end of a line, nothing.
  { name: 'whitespace', pattern: /([ \t\u00a0\r]+(?=\n|$))|[ \t\u00a0\r]+/g, replace: (_, trailing) => (trailing ? '' : ' ') },
  { name: 'typography', pattern: /[\u2018\u2019\u201a\u201b\u2032\u201c\u201d\u201e\u201f\u2033\u2010-\u2015\u2212\u2026]/g, replace: typographyOf },
  { name: 'case', pattern: /[\p{Lu}\p{Lt}]/gu, replace: (letter) => letter.toLowerCase() },
];

function typographyOf(mark: string): string {
  if (/[\u2018\u2019\u201a\u201b\u2032]/.test(mark)) return "'";
  if (/[\u201c\u201d\u201e\u201f\u2033]/.test(mark)) return '"';
  return mark === '\u2026' ? '...' : '-';
}

/** Every combination of normalizers, fewest first, so each place is reported with its smallest difference. */
const combinations: Normalizer[][] = [1, 2, 4, 3, 5, 6, 7].map((mask) => normalizers.filter((_, index) => mask & (1 << index)));

/** Characters of the file shown before and after the first difference, and of each differing part. */
const contextLength = 60;
const differenceLength = 40;
/** Longest near match given whole, so the agent can copy it without reading the file. */
const maxExactLength = 500;

/** Characters of the text (whole lines, a quarter of a megabyte) normalized at a time: between two pieces other work runs and the budget is checked, and memory holds a piece's copies, not the file's. */
const pieceLength = 1 << 18;

/**
 * Finds where `needle` would match `text` (both with LF line breaks) if case, whitespace or
 * typography were ignored, smallest difference first, at most `limit` places. Linear in the text
 * for each kind of difference, a piece of whole lines at a time (`piece` characters, each searched with the lines after it a
 * match starting in it reaches); between pieces it lets other work run, and `checkBudget` (which returns false past the
 * budget, or throws to cancel) can end it early with what it found.
 */
export async function findNearMisses(
  text: string,
  needle: string,
  checkBudget: () => boolean = () => true,
  limit = 5,
  piece = pieceLength,
): Promise<NearMissSearch> {
  const found = new Map<number, Normalizer[]>();
  const needleLines = countOf(needle, '\n', 0, needle.length);
  for (const combination of combinations) {
    if (found.size >= limit) break;
    const wanted = normalize(needle, combination);
    if (wanted.trim() === '') continue;
    let pieceLine = 1;
    for (let start = 0; start < text.length && found.size < limit; ) {
      await nextTurn();
      if (!checkBudget()) return { candidates: candidatesAt(text, needle, found), stopped: true };
      const end = lineEnd(text, start + piece - 1);
      const ownLines = countOf(text, '\n', start, end);
      let reach = end;
      for (let more = 0; more < needleLines; more += 1) reach = lineEnd(text, reach);
      const haystack = normalize(text.slice(start, reach), combination);
      let line = 0;
      let counted = 0;
      // After a hit, the next place worth finding starts on a later line; a hit starting past the piece's own lines is the next piece's.
      for (let index = indexOfLinear(haystack, wanted); index !== -1 && found.size < limit; ) {
        line += countOf(haystack, '\n', counted, index);
        counted = index;
        if (line >= ownLines && end < text.length) break;
        if (!found.has(pieceLine + line)) found.set(pieceLine + line, combination);
        const nextLine = haystack.indexOf('\n', index);
        index = nextLine === -1 ? -1 : indexOfLinear(haystack, wanted, nextLine + 1);
      }
      pieceLine += ownLines;
      start = end;
    }
  }
  return { candidates: candidatesAt(text, needle, found), stopped: false };
}

/** Where the line holding `from` ends: after its line feed, or at the text's end. */
function lineEnd(text: string, from: number): number {
  const lineFeed = from >= text.length ? -1 : text.indexOf('\n', from);
  return lineFeed === -1 ? text.length : lineFeed + 1;
}

function normalize(text: string, combination: readonly Normalizer[]): string {
  return combination.reduce((normalized, normalizer) => normalized.replace(normalizer.pattern, normalizer.replace), text);
}

/** The near misses at the lines found, in line order, each shown around its first difference. */
function candidatesAt(text: string, needle: string, found: Map<number, Normalizer[]>): NearMiss[] {
  const candidates: NearMiss[] = [];
  const needleLines = countOf(needle, '\n', 0, needle.length);
  let lineStart = 0;
  let lineNumber = 1;
  for (const [line, combination] of [...found].sort(([a], [b]) => a - b)) {
    for (; lineNumber < line; lineNumber += 1) lineStart = text.indexOf('\n', lineStart) + 1;
    // The lines the near match can span, with the line break after them (a normalizer tells a line's end by it).
    let regionEnd = lineStart;
    for (let count = 0; count <= needleLines && regionEnd !== -1; count += 1) regionEnd = text.indexOf('\n', regionEnd + (count === 0 ? 0 : 1));
    const region = text.slice(lineStart, regionEnd === -1 ? text.length : regionEnd + 1);
    candidates.push({ line, differences: combination.map((normalizer) => normalizer.name), ...markedDifference(region, needle, combination) });
  }
  return candidates;
}

/**
 * The region's text around where it first differs from the needle, the difference marked. The near
 * match is found in the normalized region and traced back to the region's own characters.
 */
function markedDifference(region: string, needle: string, combination: readonly Normalizer[]): { text: string; exact?: string } {
  const { text: normalized, origin } = normalizeTraced(region, combination);
  const at = indexOfLinear(normalized, normalize(needle, combination));
  const lineEnd = region.indexOf('\n') === -1 ? region.length : region.indexOf('\n');
  if (at === -1) return { text: cut(region, 0, lineEnd, 0) };
  const start = origin[at]!;
  const end = Math.min(region.length, origin[at + normalize(needle, combination).length] ?? region.length);
  const found = region.slice(start, end);
  // The same first and last characters, whole: two characters that share their first half differ whole.
  let prefix = 0;
  while (prefix < Math.min(found.length, needle.length) && found[prefix] === needle[prefix]) prefix += 1;
  prefix = characterBoundary(found, prefix);
  let suffix = 0;
  while (suffix < Math.min(found.length, needle.length) - prefix && found[found.length - 1 - suffix] === needle[needle.length - 1 - suffix]) suffix += 1;
  suffix = found.length - characterBoundary(found, found.length - suffix, 'after');
  const differs = start + prefix;
  const before = cut(region, Math.max(0, differs - contextLength), differs, 0);
  // The region's last line break is no text of the file's to show.
  const shownEnd = region.endsWith('\n') ? region.length - 1 : region.length;
  const after = cut(region, Math.min(start + found.length - suffix, shownEnd), Math.min(shownEnd, start + found.length - suffix + contextLength), shownEnd);
  const file = shorten(found.slice(prefix, found.length - suffix));
  const wanted = shorten(needle.slice(prefix, needle.length - suffix));
  const text = `${differs - contextLength > 0 ? '…' : ''}${before}[file: ${JSON.stringify(file)} | oldString: ${JSON.stringify(wanted)}]${after}`;
  return found.length <= maxExactLength ? { text, exact: found } : { text };
}

/** A slice of the text, never half a character, with … where the text goes on past `end` (up to `limit`). */
function cut(text: string, start: number, end: number, limit: number): string {
  const from = characterBoundary(text, start);
  const to = characterBoundary(text, end);
  return `${text.slice(from, to)}${to < limit ? '…' : ''}`;
}

function shorten(part: string): string {
  return part.length <= differenceLength ? part : `${firstCharacters(part, differenceLength)}…`;
}

/** The text normalized, and for each of its positions (and its end) the position in `text` it came from. */
function normalizeTraced(text: string, combination: readonly Normalizer[]): { text: string; origin: number[] } {
  let current = text;
  let origin = Array.from({ length: text.length + 1 }, (_, index) => index);
  for (const normalizer of combination) {
    let next = '';
    const nextOrigin: number[] = [];
    let copied = 0;
    const copy = (until: number) => {
      next += current.slice(copied, until);
      for (; copied < until; copied += 1) nextOrigin.push(origin[copied]!);
    };
    for (const match of current.matchAll(normalizer.pattern)) {
      copy(match.index);
      const replacement = normalizer.replace(match[0], match[1]);
      next += replacement;
      for (let index = 0; index < replacement.length; index += 1) nextOrigin.push(origin[match.index]!);
      copied = match.index + match[0].length;
    }
    copy(current.length);
    nextOrigin.push(origin[current.length]!);
    current = next;
    origin = nextOrigin;
  }
  return { text: current, origin };
}

/** True when every line of the text starts with a TextRead line-number prefix (`12: `). */
export function hasLineNumberPrefixes(text: string): boolean {
  return text.split('\n').every((line) => /^\s*\d+: /.test(line));
}
