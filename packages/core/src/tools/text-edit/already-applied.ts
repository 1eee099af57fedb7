import { findOccurrences } from './find-occurrences.js';
import { shownChange } from './shown-change.js';

/**
 * Where a TextEdit is already applied, for a call retried after its answer was lost (decision 0019):
 * `oldString` is nowhere in the text (or its section) and `newString`, not empty, is there exactly
 * once. Gives the lines and snippet of that occurrence, or `undefined` when that is not so.
 */
export async function alreadyApplied(
  text: string,
  replacement: string,
  signal: AbortSignal,
  within?: { from: number; to: number },
): Promise<ReturnType<typeof shownChange> | undefined> {
  if (replacement === '') return undefined;
  const found = await findOccurrences(text, replacement, true, signal, within);
  if (found.count !== 1) return undefined;
  const start = found.first[0]!;
  return shownChange({ chunks: [text], startOffset: start, endOffset: start + replacement.length });
}
