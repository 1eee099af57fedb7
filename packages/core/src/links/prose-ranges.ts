import { codeBlockCloser } from '../text/code-block-closer.js';

const blockMark = /[`~$]/;
const nonBlank = /\S/;

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
    const lineBreak = text.indexOf('\n', start);
    const end = lineBreak === -1 ? text.length : lineBreak + 1;
    const line = text.slice(start, lineBreak === -1 ? end : text.charCodeAt(lineBreak - 1) === 13 && lineBreak > start ? lineBreak - 1 : lineBreak);
    if (closing) {
      if (closing(line)) closing = undefined;
    } else {
      // Only a line with a backtick, a tilde or a dollar can open a block.
      closing = blockMark.test(line) ? codeBlockCloser(line) : undefined;
      const prose = closing === undefined && nonBlank.test(line);
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
