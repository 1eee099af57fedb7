import { codeBlockCloser } from '../code-block-closer.js';

/**
 * The paragraphs of `text` from `from` on, where links can be: runs of non-blank lines outside
 * code fences (``` or ~~~, closed by a line of the same character at least as long, or open to
 * the end) and `$$` math blocks. Offsets are [start, end) of the text; each line is read once.
 */
export function proseRanges(text: string, from: number): [number, number][] {
  const ranges: [number, number][] = [];
  let paragraph = -1;
  let closing: ((line: string) => boolean) | undefined;
  for (let start = from; start < text.length; ) {
    let end = text.indexOf('\n', start);
    end = end === -1 ? text.length : end + 1;
    const line = text.slice(start, end).replace(/\r?\n$/, '');
    if (closing) {
      if (closing(line)) closing = undefined;
    } else {
      closing = codeBlockCloser(line);
      const prose = closing === undefined && line.trim() !== '';
      if (prose && paragraph === -1) paragraph = start;
      if (!prose && paragraph !== -1) {
        ranges.push([paragraph, start]);
        paragraph = -1;
      }
    }
    start = end;
  }
  if (paragraph !== -1) ranges.push([paragraph, text.length]);
  return ranges;
}
