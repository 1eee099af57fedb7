import { indexOfLinear } from './find-all.js';
import { countOf } from './line-endings.js';
import { nextTurn } from './next-turn.js';

/** A place where `oldString` almost matches, and what differs there. Never applied by itself. */
export interface NearMiss {
  /** 1-based line where the near match starts. */
  line: number;
  /** What differs: `case`, `whitespace` (tabs vs spaces, runs of spaces, trailing spaces), `typography` (curly quotes, dashes). */
  differences: string[];
  /** The file's actual first line there, cut to 200 characters. */
  text: string;
}

/** The near misses found, and whether the search stopped at its budget before trying every kind of difference. */
export interface NearMissSearch {
  candidates: NearMiss[];
  stopped: boolean;
}

/** A normalizer works on a whole text and keeps its line breaks, so a match in the normalized text is on the same line. */
type Normalizer = { name: string; apply: (text: string) => string };

const normalizers: Normalizer[] = [
  { name: 'whitespace', apply: (text) => text.replace(/[ \t\u00a0\r]+/g, ' ').replace(/ (?=\n|$)/g, '') },
  {
    name: 'typography',
    apply: (text) =>
      text
        .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
        .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
        .replace(/[\u2010-\u2015\u2212]/g, '-')
        .replace(/\u2026/g, '...'),
  },
  { name: 'case', apply: (text) => text.toLowerCase() },
];

/** Every combination of normalizers, fewest first, so each place is reported with its smallest difference. */
const combinations: Normalizer[][] = [1, 2, 4, 3, 5, 6, 7].map((mask) => normalizers.filter((_, index) => mask & (1 << index)));

/**
 * Finds where `needle` would match `text` (both with LF line breaks) if case, whitespace or
 * typography were ignored, smallest difference first, at most `limit` places. Linear in the text
 * for each kind of difference; between them it lets other work run, and `checkBudget` (which
 * returns false past the budget, or throws to cancel) can end it early with what it found.
 */
export async function findNearMisses(text: string, needle: string, checkBudget: () => boolean = () => true, limit = 5): Promise<NearMissSearch> {
  const found = new Map<number, string[]>();
  for (const combination of combinations) {
    if (found.size >= limit) break;
    await nextTurn();
    if (!checkBudget()) return { candidates: candidatesAt(text, found), stopped: true };
    const normalize = (value: string) => combination.reduce((normalized, normalizer) => normalizer.apply(normalized), value);
    const wanted = normalize(needle);
    if (wanted.trim() === '') continue;
    const haystack = normalize(text);
    let line = 1;
    let counted = 0;
    // After a hit, the next place worth finding starts on a later line.
    for (let index = indexOfLinear(haystack, wanted); index !== -1 && found.size < limit; ) {
      line += countOf(haystack, '\n', counted, index);
      counted = index;
      if (!found.has(line)) found.set(line, combination.map((normalizer) => normalizer.name));
      const nextLine = haystack.indexOf('\n', index);
      index = nextLine === -1 ? -1 : indexOfLinear(haystack, wanted, nextLine + 1);
    }
  }
  return { candidates: candidatesAt(text, found), stopped: false };
}

/** The near misses at the lines found, in line order, each with the line's text cut to 200 characters. */
function candidatesAt(text: string, found: Map<number, string[]>): NearMiss[] {
  const candidates: NearMiss[] = [];
  let lineStart = 0;
  let lineNumber = 1;
  for (const [line, differences] of [...found].sort(([a], [b]) => a - b)) {
    for (; lineNumber < line; lineNumber += 1) lineStart = text.indexOf('\n', lineStart) + 1;
    const lineEnd = text.indexOf('\n', lineStart);
    candidates.push({ line, differences, text: text.slice(lineStart, Math.min(lineEnd === -1 ? text.length : lineEnd, lineStart + 200)) });
  }
  return candidates;
}

/** True when every line of the text starts with a TextRead line-number prefix (`12: `). */
export function hasLineNumberPrefixes(text: string): boolean {
  return text.split('\n').every((line) => /^\s*\d+: /.test(line));
}
