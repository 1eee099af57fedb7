import { shownChange } from '../shown-change.js';
import type { ChangedLines } from '../snippet-of.js';

/** The lines of `text` that the change from `startOffset` to `endOffset` (exclusive) covers: `shownChange` on the whole text, without its snippet. */
export function changedLines(text: string, startOffset: number, endOffset: number): ChangedLines {
  const { anchor, startLine, endLine } = shownChange({ chunks: [text], startOffset, endOffset });
  return { anchor, startLine, endLine };
}
