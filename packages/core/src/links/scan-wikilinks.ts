import type { NoteLink } from './parse-links.js';

/** Scans ranges of one text, in increasing order, for wikilinks: see `createWikilinkScanner`. */
export type WikilinkScanner = (from: number, to: number, inFrontMatter: boolean, links: NoteLink[]) => void;

/**
 * A scanner of the wikilinks (`[[T]]`, `[[T#H|alias]]`, `[[T\|alias]]` in a table) and embeds
 * (`![[T]]`) in ranges of `text`, called with ranges in increasing order. A wikilink never spans
 * lines; for each `]]` the link starts at the last `[[` before it on its line. The next `]]`, `[[`
 * and line break are found with the native `indexOf` and remembered, and every search starts past
 * the last: linear in the text, whatever the brackets and however many ranges.
 */
export function createWikilinkScanner(text: string): WikilinkScanner {
  const closes = createFinder(text, ']]');
  const opens = createFinder(text, '[[');
  const breaks = createFinder(text, '\n');
  return (from, to, inFrontMatter, links) => {
    let position = from;
    let lineStart = from;
    let lastOpen = -1;
    let nextOpen = opens(from);
    let nextBreak = breaks(from);
    for (let close = closes(position); close !== -1 && close + 2 <= to; close = closes(position)) {
      while (nextBreak !== -1 && nextBreak < close) {
        lineStart = nextBreak + 1;
        nextBreak = breaks(lineStart);
      }
      while (nextOpen !== -1 && nextOpen + 2 <= close) {
        lastOpen = nextOpen;
        nextOpen = opens(nextOpen + 1);
      }
      if (lastOpen >= Math.max(position, lineStart)) {
        const link = wikilinkAt(text, lastOpen, close, Math.max(from, lineStart), inFrontMatter);
        if (link) links.push(link);
      }
      position = close + 2;
    }
  };
}

/** The first `needle` at or after a position, for positions that never decrease: each search starts where the last ended. */
function createFinder(text: string, needle: string): (from: number) => number {
  let found = -2;
  return (from) => {
    if (found === -1 || (found >= from && found !== -2)) return found;
    found = text.indexOf(needle, from);
    return found;
  };
}

/** The link `[[...]]` with `[[` at `open` and `]]` at `close`; undefined when it names no file (`[[#Heading]]`, `[[]]`). */
function wikilinkAt(text: string, open: number, close: number, lineStart: number, inFrontMatter: boolean): NoteLink | undefined {
  // `\[[T]]` is no wikilink.
  if (open > lineStart && text[open - 1] === '\\') return undefined;
  const start = open + 2;
  let end = start;
  while (end < close && text[end] !== '|' && text[end] !== '#') end += 1;
  // In a table, `[[T\|alias]]`: the backslash escapes the pipe and is no part of the path.
  if (text[end] === '|' && end > start && text[end - 1] === '\\') end -= 1;
  const raw = text.slice(start, end);
  const path = raw.trim();
  if (path === '') return undefined;
  const embed = open > lineStart && text[open - 1] === '!';
  const pathStart = start + raw.indexOf(path);
  return {
    kind: inFrontMatter ? 'frontmatter' : embed ? 'embed' : 'wikilink',
    path,
    pathStart,
    pathEnd: pathStart + path.length,
    linkStart: embed ? open - 1 : open,
    linkEnd: close + 2,
    form: 'plain',
  };
}
