/** How a file ends its lines: all LF, all CRLF, a mix, or no line break at all. */
export type LineEnding = 'lf' | 'crlf' | 'mixed' | 'none';

export function lineEndingOf(crlfCount: number, lfCount: number): LineEnding {
  if (crlfCount === 0) return lfCount === 0 ? 'none' : 'lf';
  return lfCount === 0 ? 'crlf' : 'mixed';
}

/**
 * A text with every CRLF turned into LF, and the way back: `toOriginal` maps an offset in the
 * normalised text to the same place in the original, so untouched stretches can be copied from
 * the original byte for byte.
 */
export interface NormalizedText {
  text: string;
  crlfCount: number;
  lfCount: number;
  /** The line break that new lines take: the file's dominant style (LF on a tie). */
  newline: '\n' | '\r\n';
  toOriginal(offset: number): number;
}

export function normalizeLineEndings(original: string): NormalizedText {
  const crlfAt: number[] = [];
  for (let index = original.indexOf('\r\n'); index !== -1; index = original.indexOf('\r\n', index + 2)) {
    crlfAt.push(index - crlfAt.length);
  }
  const text = crlfAt.length === 0 ? original : original.replaceAll('\r\n', '\n');
  const lfCount = countOf(text, '\n') - crlfAt.length;
  return {
    text,
    crlfCount: crlfAt.length,
    lfCount,
    newline: crlfAt.length > lfCount ? '\r\n' : '\n',
    toOriginal: (offset) => offset + countBelow(crlfAt, offset),
  };
}

/** How many of the sorted numbers are below `limit`. */
function countBelow(sorted: readonly number[], limit: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < limit) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Non-overlapping occurrences of `needle` in `text`. */
export function countOf(text: string, needle: string, from = 0, to = text.length): number {
  let count = 0;
  for (let index = text.indexOf(needle, from); index !== -1 && index < to; index = text.indexOf(needle, index + needle.length)) {
    count += 1;
  }
  return count;
}
