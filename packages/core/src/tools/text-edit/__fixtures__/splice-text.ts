import { normalizeLineEndings } from '../../../text/line-endings.js';
import { changeOf } from '../change-of.js';
import { withLineFeeds } from '../check-strings.js';
import { splicing } from '../splicing.js';

/** An edit's new text, and where the changed region starts and ends in it (UTF-16 offsets, `endOffset` exclusive). */
export interface Splice {
  text: string;
  startOffset: number;
  endOffset: number;
}

/**
 * `original` with `oldString` replaced by `newString` as TextEdit replaces it (the first occurrence,
 * or with `all` every non-overlapping one; a CRLF in either string stands for a line break), or
 * `undefined` when `oldString` does not occur: `splicing` run through, its pieces joined, for tests.
 */
export function spliceText(original: string, oldString: string, newString: string, { all = false } = {}): Splice | undefined {
  const normalized = normalizeLineEndings(original);
  const needle = withLineFeeds(oldString);
  const first = normalized.text.indexOf(needle);
  if (first === -1) return undefined;
  const steps = splicing(original, normalized, needle, changeOf(needle, withLineFeeds(newString), normalized.newline), { first, all });
  for (;;) {
    const step = steps.next();
    if (step.done) return { text: step.value.chunks.join(''), startOffset: step.value.startOffset, endOffset: step.value.endOffset };
  }
}
