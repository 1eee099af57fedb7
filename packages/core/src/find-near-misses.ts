/** A place where `oldString` almost matches, and what differs there. Never applied by itself. */
export interface NearMiss {
  /** 1-based line where the near match starts. */
  line: number;
  /** What differs: `case`, `whitespace` (tabs vs spaces, runs of spaces, trailing spaces), `typography` (curly quotes, dashes). */
  differences: string[];
  /** The file's actual first line there, cut to 200 characters. */
  text: string;
}

type Normalizer = { name: string; apply: (line: string) => string };

const normalizers: Normalizer[] = [
  { name: 'whitespace', apply: (line) => line.replace(/[ \t\u00a0\r]+/g, ' ').trimEnd() },
  {
    name: 'typography',
    apply: (line) =>
      line
        .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
        .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
        .replace(/[\u2010-\u2015\u2212]/g, '-')
        .replace(/\u2026/g, '...'),
  },
  { name: 'case', apply: (line) => line.toLowerCase() },
];

/** Every combination of normalizers, fewest first, so each place is reported with its smallest difference. */
const combinations: Normalizer[][] = [1, 2, 4, 3, 5, 6, 7].map((mask) => normalizers.filter((_, index) => mask & (1 << index)));

/**
 * Finds where `needle` would match `text` (both with LF line breaks) if case, whitespace or
 * typography were ignored, smallest difference first, at most `limit` places.
 */
export function findNearMisses(text: string, needle: string, limit = 5): NearMiss[] {
  const lines = text.split('\n');
  const needleLines = needle.split('\n');
  const found = new Map<number, string[]>();
  for (const combination of combinations) {
    const normalize = (line: string) => combination.reduce((value, normalizer) => normalizer.apply(value), line);
    const wanted = needleLines.map(normalize);
    if (wanted.every((line) => line.trim() === '')) continue;
    const haystack = lines.map(normalize);
    for (let start = 0; start + wanted.length <= haystack.length && found.size < limit; start += 1) {
      if (!found.has(start) && matchesAt(haystack, wanted, start)) found.set(start, combination.map((normalizer) => normalizer.name));
    }
  }
  return [...found]
    .sort(([a], [b]) => a - b)
    .map(([start, differences]) => ({ line: start + 1, differences, text: lines[start]!.slice(0, 200) }));
}

function matchesAt(haystack: string[], wanted: string[], start: number): boolean {
  if (wanted.length === 1) return haystack[start]!.includes(wanted[0]!);
  const last = wanted.length - 1;
  if (!haystack[start]!.endsWith(wanted[0]!) || !haystack[start + last]!.startsWith(wanted[last]!)) return false;
  for (let offset = 1; offset < last; offset += 1) {
    if (haystack[start + offset] !== wanted[offset]) return false;
  }
  return true;
}

/** True when every line of the text starts with a TextRead line-number prefix (`12: `). */
export function hasLineNumberPrefixes(text: string): boolean {
  return text.split('\n').every((line) => /^\s*\d+: /.test(line));
}
