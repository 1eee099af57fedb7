import type { WindowLine } from '../../text/line-window.js';
import { createPieces, type Pieces } from './create-pieces.js';
import { type ChangedLines, maxSnippetLines, snippetContext, snippetOf } from './snippet-of.js';
import type { SplicedText } from './splicing.js';

/**
 * The changed lines of a new text given in pieces, and its snippet: what `snippetOf` gives on the
 * whole text, from only the part the snippet shows (the lines from two before the change to the
 * snippet's longest extent), joined. A deletion at the very end of a text that ends in a line break is
 * on its last line.
 */
export function shownChange({ chunks, startOffset, endOffset }: SplicedText): ChangedLines & { snippet: WindowLine[] } {
  const text = createPieces(chunks);
  const anchor = startOffset === text.length && text.charAt(text.length - 1) === '\n' ? startOffset - 1 : startOffset;
  const { from, to } = snippetSpan(text, anchor);
  const before = text.count('\n', 0, from);
  const startLine = 1 + before + text.count('\n', from, anchor);
  const endLine = endOffset > startOffset ? startLine + text.count('\n', startOffset, endOffset - 1) : startLine;
  const snippet = snippetOf(text.slice(from, to), { anchor: anchor - from, startLine: startLine - before, endLine: endLine - before });
  return { anchor, startLine, endLine, snippet: snippet.map((line) => ({ ...line, number: line.number + before })) };
}

/**
 * The part of a text its snippet may show, the only part `shownChange` joins: from the start of the
 * line `snippetContext` lines before the one holding `anchor`, `maxSnippetLines` lines at most.
 */
export function snippetSpan(text: Pieces, anchor: number): { from: number; to: number } {
  let from = anchor === 0 ? 0 : text.lastIndexOf('\n', anchor - 1) + 1;
  for (let back = 0; back < snippetContext && from > 0; back += 1) from = from >= 2 ? text.lastIndexOf('\n', from - 2) + 1 : 0;
  let to = from;
  for (let line = 0; line < maxSnippetLines && to < text.length; line += 1) {
    const newline = text.indexOf('\n', to);
    to = newline === -1 ? text.length : newline + 1;
  }
  return { from, to };
}
