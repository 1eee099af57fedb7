import { indexIn } from './index-in.js';
import type { NoteLink } from './parse-links.js';

/**
 * The wikilinks (`[[T]]`, `[[T#H|alias]]`, `[[T\|alias]]` in a table) and embeds (`![[T]]`) in
 * `text[from, to)`, one line at a time: a wikilink never spans lines. For each `]]` the link starts
 * at the last `[[` before it, so every character is looked at a bounded number of times: linear,
 * whatever the brackets.
 */
export function scanWikilinks(text: string, from: number, to: number, inFrontMatter: boolean, links: NoteLink[]): void {
  let lineStart = from;
  while (lineStart < to) {
    let lineEnd = lineStart;
    while (lineEnd < to && text.charCodeAt(lineEnd) !== 10 && text.charCodeAt(lineEnd) !== 13) lineEnd += 1;
    scanLine(text, lineStart, lineEnd, inFrontMatter, links);
    lineStart = lineEnd + 1;
  }
}

function scanLine(text: string, from: number, to: number, inFrontMatter: boolean, links: NoteLink[]): void {
  let position = from;
  while (position < to) {
    const close = indexIn(text, ']]', position, to);
    if (close === -1) return;
    const open = lastIndexIn(text, '[[', position, close);
    if (open !== -1) {
      const link = wikilinkAt(text, open, close, from, inFrontMatter);
      if (link) links.push(link);
    }
    position = close + 2;
  }
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

/** The last `needle` that starts at or after `from` and ends by `to`, or -1. */
function lastIndexIn(text: string, needle: string, from: number, to: number): number {
  for (let index = to - needle.length; index >= from; index -= 1) {
    if (text.startsWith(needle, index)) return index;
  }
  return -1;
}
