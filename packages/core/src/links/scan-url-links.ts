import { indexIn } from './index-in.js';
import type { LinkKind, NoteLink } from './parse-links.js';

/**
 * The markdown links `[text](path "title")`, images `![alt](path)` and reference definitions
 * `[id]: path` of the paragraph `text[from, to)`, `skips` (code, math) left out. Brackets pair up on
 * a stack; a link's destination and title are read no further than the next `](`, so that no
 * character is read twice: linear in the paragraph.
 */
export function scanUrlLinks(text: string, from: number, to: number, skips: readonly [number, number][], links: NoteLink[]): void {
  // Each `[` open, and whether only indentation or `>` stands before it on its line (a definition's label).
  const opens: { at: number; lineStart: boolean }[] = [];
  let skip = 0;
  let nextMark = from;
  let lineStart = true;
  for (let index = from; index < to; index += 1) {
    while (skip < skips.length && skips[skip]![1] <= index) skip += 1;
    if (skip < skips.length && skips[skip]![0] <= index) {
      index = skips[skip]![1] - 1;
      lineStart = false;
      continue;
    }
    const code = text.charCodeAt(index);
    if (code === 10) lineStart = true;
    else if (code !== 32 && code !== 9 && code !== 62 && code !== 13) {
      const label = lineStart;
      lineStart = false;
      if (code === 92) index += 1;
      else if (code === 91) opens.push({ at: index, lineStart: label });
    }
    if (code === 93 && opens.length > 0) {
      const { at: open, lineStart: labelAtLineStart } = opens.pop()!;
      if (text.charCodeAt(index + 1) === 40) {
        if (nextMark !== -1 && nextMark < index + 2) nextMark = indexIn(text, '](', index + 2, to);
        const limit = Math.min(nextMark === -1 ? to : nextMark, skip < skips.length ? skips[skip]![0] : to);
        const link = resource(text, open, index, limit);
        if (!link) continue;
        links.push(link);
        if (link.kind === 'markdown') opens.length = 0;
        index = link.linkEnd - 1;
      } else if (text.charCodeAt(index + 1) === 58 && labelAtLineStart && index > open + 1) {
        const link = definition(text, open, index, to);
        if (link) {
          links.push(link);
          index = link.linkEnd - 1;
        }
      }
    }
  }
}

/** `[text](destination "title")` with `[` at `open` and `]` at `close`, read before `limit`; undefined when it is none. */
function resource(text: string, open: number, close: number, limit: number): NoteLink | undefined {
  let position = spaces(text, close + 2, limit);
  const destination = destinationAt(text, position, limit, true);
  if (!destination) return undefined;
  position = spaces(text, destination.next, limit);
  const quote = text[position];
  if ((quote === '"' || quote === "'" || quote === '(') && position > destination.next) {
    const end = closingOf(text, position + 1, limit, quote === '(' ? ')' : quote);
    if (end === -1) return undefined;
    position = spaces(text, end + 1, limit);
  }
  if (text[position] !== ')' || position >= limit) return undefined;
  const image = open > 0 && text[open - 1] === '!';
  return urlLink(text, destination, image ? 'image' : 'markdown', image ? open - 1 : open, position + 1);
}

/** `[id]: destination "title"`, read on its line (or the next): the link runs to the end of that line. */
function definition(text: string, open: number, close: number, to: number): NoteLink | undefined {
  const destination = destinationAt(text, spaces(text, close + 2, to), to, false);
  if (!destination || destination.end === destination.start) return undefined;
  let lineEnd = text.indexOf('\n', destination.next);
  if (lineEnd === -1 || lineEnd > to) lineEnd = to;
  const rest = text.slice(destination.next, lineEnd).trim();
  if (rest !== '' && !/^["'(]/.test(rest)) return undefined;
  return urlLink(text, destination, 'definition', open, destination.next + text.slice(destination.next, lineEnd).trimEnd().length);
}

/** Where a destination is written: `<...>` (no line break, no unescaped `<`), or a run without spaces or control characters whose parentheses pair up. */
export interface Destination {
  start: number;
  end: number;
  angle: boolean;
  /** Just past it (past the `>`). */
  next: number;
}

function destinationAt(text: string, start: number, limit: number, inParentheses: boolean): Destination | undefined {
  if (text[start] === '<') {
    for (let index = start + 1; index < limit; index += 1) {
      const character = text[index];
      if (character === '\\') index += 1;
      else if (character === '>') return { start: start + 1, end: index, angle: true, next: index + 1 };
      else if (character === '<' || character === '\n' || character === '\r') return undefined;
    }
    return undefined;
  }
  let depth = 0;
  let index = start;
  for (; index < limit; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 92 && index + 1 < limit) index += 1;
    else if (code <= 32 || code === 127) break;
    else if (code === 40) depth += 1;
    else if (code === 41) {
      if (depth === 0 && inParentheses) break;
      depth -= 1;
    }
  }
  return depth === 0 ? { start, end: index, angle: false, next: index } : undefined;
}

/** Spaces and tabs, and at most one line break among them. */
function spaces(text: string, start: number, limit: number): number {
  let index = start;
  let breaks = 0;
  while (index < limit) {
    const character = text[index];
    if (character === '\n') breaks += 1;
    if (breaks > 1 || (character !== ' ' && character !== '\t' && character !== '\n' && character !== '\r')) break;
    index += 1;
  }
  return index;
}

/** The unescaped `closer` from `start` on, before `limit`, or -1. */
function closingOf(text: string, start: number, limit: number, closer: string): number {
  for (let index = start; index < limit; index += 1) {
    if (text[index] === '\\') index += 1;
    else if (text[index] === closer) return index;
  }
  return -1;
}

/** A scheme (`https:`, `mailto:`, `obsidian:`): the URL leads out of the vault. */
const scheme = /^[a-z][a-z\d+.-]*:/i;

/** The link a destination writes (its path before any `#fragment`), or undefined for a URL with a scheme or a bare `#fragment`. */
function urlLink(text: string, destination: Destination, kind: LinkKind, linkStart: number, linkEnd: number): NoteLink | undefined {
  const written = text.slice(destination.start, destination.end);
  const hash = written.indexOf('#');
  const pathText = hash === -1 ? written : written.slice(0, hash);
  if (pathText === '' || scheme.test(pathText)) return undefined;
  return {
    kind,
    path: decodeUrlPath(pathText),
    pathStart: destination.start,
    pathEnd: destination.start + pathText.length,
    linkStart,
    linkEnd,
    form: destination.angle ? 'angle' : 'plain',
  };
}

/** A URL path as a file path: backslash escapes, then percent escapes undone (kept as written where they are not valid UTF-8). */
export function decodeUrlPath(written: string): string {
  const unescaped = written.replace(/\\([!-/:-@[-`{-~])/g, '$1');
  try {
    return decodeURIComponent(unescaped);
  } catch {
    return unescaped;
  }
}
