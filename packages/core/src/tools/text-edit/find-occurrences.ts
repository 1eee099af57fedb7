import { findAll } from '../../text/find-all.js';
import { nextTurn, occurrencesPerTurn } from './next-turn.js';

/** Occurrences an AMBIGUOUS_MATCH error names (`ambiguousMatch`). */
const maxShownMatches = 20;

/** How often `oldString` occurs, and where the first `maxShownMatches` start. */
export interface Occurrences {
  count: number;
  first: number[];
}

/**
 * How often `needle` occurs in `text` (overlapping occurrences too, or only non-overlapping ones), and
 * where the first few start; with `within`, only the occurrences that lie wholly in `[from, to)`.
 * Every million occurrences other calls get a turn, and a cancelled call stops.
 */
export async function findOccurrences(
  text: string,
  needle: string,
  overlapping: boolean,
  signal: AbortSignal,
  within: { from: number; to: number } = { from: 0, to: text.length },
): Promise<Occurrences> {
  const first: number[] = [];
  let count = 0;
  for (const index of findAll(text, needle, { overlapping, from: within.from })) {
    if (index + needle.length > within.to) break;
    count += 1;
    if (first.length < maxShownMatches) first.push(index);
    if (count % occurrencesPerTurn === 0) await nextTurn(signal);
  }
  return { count, first };
}
