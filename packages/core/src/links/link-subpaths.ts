import { codeAndMathSpans } from './code-and-math-spans.js';
import { indexIn } from './index-in.js';
import { frontMatterEnd } from './front-matter-end.js';
import type { NoteLink } from './parse-links.js';
import { proseRanges } from './prose-ranges.js';

/** Where a link's `#subpath` is written: the text after the `#` (`Heading`, `H1#H2`, `^block`, a URL fragment), `[start, end)`; `url` for a URL link's fragment. */
export interface Subpath {
  start: number;
  end: number;
  url: boolean;
  /** The whole link, for reports. */
  linkStart: number;
  linkEnd: number;
}

/** The `#subpath` of a link that `parseLinks` found, or undefined when it has none. */
export function subpathOf(text: string, link: NoteLink): Subpath | undefined {
  const url = link.kind === 'markdown' || link.kind === 'image' || link.kind === 'definition';
  let hash = link.pathEnd;
  // A wikilink's path is trimmed: `[[Note #Heading]]`.
  if (!url) while (text[hash] === ' ' || text[hash] === '\t') hash += 1;
  if (text[hash] !== '#') return undefined;
  const start = hash + 1;
  const end = url ? fragmentEnd(text, start, link) : wikiSubpathEnd(text, start, link.linkEnd - 2);
  return { start, end, url, linkStart: link.linkStart, linkEnd: link.linkEnd };
}

/** A wikilink's subpath ends at its alias (`|`, or `\|` in a table) or at `]]`. */
function wikiSubpathEnd(text: string, start: number, close: number): number {
  // Looked for within the link only: a search to the end of the text for each link would be quadratic.
  let bar = start;
  while (bar < close && text[bar] !== '|') bar += 1;
  if (bar >= close) return close;
  return text[bar - 1] === '\\' ? bar - 1 : bar;
}

/** A URL's fragment ends at `>` in `<...>`, else at white space or the link's `)`. */
function fragmentEnd(text: string, start: number, link: NoteLink): number {
  let end = start;
  if (link.form === 'angle') {
    while (end < link.linkEnd && text[end] !== '>') end += 1;
    return end;
  }
  while (end < link.linkEnd && text.charCodeAt(end) > 32 && text[end] !== ')') end += 1;
  return end;
}

/**
 * The links of a note to a place in itself, which name no file (`[[#Heading]]`, `![[#^block]]`,
 * `[text](#fragment)`): their subpaths, none inside code or math, nor in front matter.
 */
export function ownSubpaths(text: string): Subpath[] {
  const found: Subpath[] = [];
  for (const [from, to] of proseRanges(text, frontMatterEnd(text))) {
    const skips = codeAndMathSpans(text, from, to);
    let skip = 0;
    const inCode = (index: number) => {
      while (skip < skips.length && skips[skip]![1] <= index) skip += 1;
      return skip < skips.length && skips[skip]![0] <= index;
    };
    // The next `]]`, line break and `)` are remembered: marks come in order, so no stretch is read twice.
    const closes = createFinder(text, ']]', to);
    const breaks = createFinder(text, '\n', to);
    const parens = createFinder(text, ')', to);
    for (const mark of ownLinkMarks(text, from, to)) {
      if (inCode(mark.at)) continue;
      const subpath = mark.url ? urlOwnSubpath(text, mark.at, parens(mark.at + 3)) : wikiOwnSubpath(text, mark.at, closes(mark.at + 3), breaks(mark.at));
      if (subpath) found.push(subpath);
    }
  }
  return found;
}

/** Each `[[#` and `](#` of a paragraph, in order. */
function* ownLinkMarks(text: string, from: number, to: number): Generator<{ at: number; url: boolean }> {
  let wiki = indexIn(text, '[[#', from, to);
  let url = indexIn(text, '](#', from, to);
  while ((wiki !== -1 && wiki < to) || (url !== -1 && url < to)) {
    if (url === -1 || url >= to || (wiki !== -1 && wiki < url)) {
      yield { at: wiki, url: false };
      wiki = indexIn(text, '[[#', wiki + 3, to);
    } else {
      yield { at: url, url: true };
      url = indexIn(text, '](#', url + 3, to);
    }
  }
}

function wikiOwnSubpath(text: string, open: number, close: number, lineEnd: number): Subpath | undefined {
  if (open > 0 && text[open - 1] === '\\') return undefined;
  if (close === -1 || (lineEnd !== -1 && lineEnd < close)) return undefined;
  const linkStart = open > 0 && text[open - 1] === '!' ? open - 1 : open;
  return { start: open + 3, end: wikiSubpathEnd(text, open + 3, close), url: false, linkStart, linkEnd: close + 2 };
}

/** Longest `#fragment` of a link to a place in the note itself that is read. */
const maxFragment = 2000;

/** How far back a report looks for the text of a `[text](#fragment)` link. */
const maxShownText = 200;

/** `[text](#fragment)`, its `](#` at `mark`, `close` the next `)`: a fragment runs to it, with no white space. */
function urlOwnSubpath(text: string, mark: number, close: number): Subpath | undefined {
  // A fragment longer than a heading can be is none (and no mark reads far ahead).
  if (close === -1 || close - mark > maxFragment) return undefined;
  for (let index = mark + 3; index < close; index += 1) if (text.charCodeAt(index) <= 32) return undefined;
  // The link's text is looked for a little way back only (it is for reports): no mark is read back far.
  let open = mark;
  while (open > Math.max(0, mark - maxShownText) && text[open] !== '[') open -= 1;
  return { start: mark + 3, end: close, url: true, linkStart: text[open] === '[' ? open : mark, linkEnd: close + 1 };
}

/** The first `needle` at or after a position, before `to`, for positions that never decrease: each search starts where the last ended. */
function createFinder(text: string, needle: string, to: number): (from: number) => number {
  let found = -2;
  return (from) => {
    if (found === -1 || found >= from) return found;
    found = indexIn(text, needle, from, to);
    return found;
  };
}
