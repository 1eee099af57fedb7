import { lineCut, type WindowLine, windowLine } from '../../text/line-window.js';
import { maxLineLength } from '../text-read.js';

/** Lines of context around the change in TextEdit's snippet, and the snippet's longest extent. */
export const snippetContext = 2;
export const maxSnippetLines = 30;
/** How much of a long line the snippet shows before the change, when it starts past a cut line's window. */
const snippetLead = 100;

/** Where a change is, by lines of the new text: its first and last line (1-based), and `anchor`, the offset its snippet is shown around. */
export interface ChangedLines {
  anchor: number;
  startLine: number;
  endLine: number;
}

/**
 * The changed lines of the new text with a little context, at most `maxSnippetLines` lines, each cut
 * like TextRead's; when the change starts past what a cut line shows, every line is shown from a
 * little before the change's column (as TextRead's column would).
 */
export function snippetOf(text: string, { anchor: startOffset, startLine, endLine }: ChangedLines): WindowLine[] {
  let from = startOffset === 0 ? 0 : text.lastIndexOf('\n', startOffset - 1) + 1;
  const changeColumn = startOffset - from;
  const column = changeColumn + snippetLead > maxLineLength ? changeColumn - snippetLead : 0;
  let firstLine = startLine;
  while (firstLine > 1 && firstLine > startLine - snippetContext) {
    from = from >= 2 ? text.lastIndexOf('\n', from - 2) + 1 : 0;
    firstLine -= 1;
  }
  const lastLine = Math.min(endLine + snippetContext, firstLine + maxSnippetLines - 1);
  const snippet: WindowLine[] = [];
  let lineStart = from;
  for (let number = firstLine; number <= lastLine && lineStart <= text.length; number += 1) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    if (newline === -1 && lineStart === text.length && number > firstLine) break;
    const length = lineEnd - lineStart - (text[lineEnd - 1] === '\r' && lineEnd > lineStart ? 1 : 0);
    // A line that ends before the column is shown whole.
    const shown = lineCut(text.slice(lineStart, lineStart + length), length > column ? column : 0, maxLineLength);
    snippet.push(windowLine(number, shown.text, length, shown.column));
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return snippet;
}
