import { codeAndMathSpans } from './code-and-math-spans.js';
import { frontMatterEnd } from './front-matter-end.js';
import { proseRanges } from './prose-ranges.js';

/** A block id of a note (`^id` at the end of a line, after a space): the id without `^`, and where it is written. */
export interface BlockId {
  id: string;
  start: number;
  end: number;
}

/** What a block id may hold, as Obsidian writes them. */
export const blockIdPattern = /^[A-Za-z0-9-]+$/;

/** The block ids of a note, in order: none inside code fences, inline code or math, nor in front matter. */
export function blockIds(text: string): BlockId[] {
  const found: BlockId[] = [];
  for (const [from, to] of proseRanges(text, frontMatterEnd(text))) {
    const skips = codeAndMathSpans(text, from, to);
    const marker = /(?:^|[ \t])\^([A-Za-z0-9-]+)[ \t]*\r?$/gm;
    const paragraph = text.slice(from, to);
    let skip = 0;
    for (const match of paragraph.matchAll(marker)) {
      const start = from + match.index + match[0].indexOf('^') + 1;
      while (skip < skips.length && skips[skip]![1] <= start) skip += 1;
      if (skip < skips.length && skips[skip]![0] <= start) continue;
      found.push({ id: match[1]!, start, end: start + match[1]!.length });
    }
  }
  return found;
}
