import { isRelative, type LinkResolver } from './create-link-resolver.js';
import { quotedPath } from './front-matter-scalars.js';
import type { NoteLink } from './parse-links.js';

/** Obsidian's `newLinkFormat`: how a new link names its target. */
export type LinkFormat = 'shortest' | 'relative' | 'absolute';

/**
 * The text to write in place of `link`'s path (`[pathStart, pathEnd)` of `written`, the note's
 * text) so that, from a note at `source`, it leads to `target`; undefined when no form does (a
 * name a wikilink cannot hold, like `a#b.md`). The link keeps its form: `./`, `../` or `/` as it
 * had, `.md` only if it had it, `<...>` or percent escapes as it had; otherwise the first of the
 * `format`'s forms that leads there alone (shortest: the basename, else the vault path).
 */
export function writeLinkPath(link: NoteLink, written: string, target: string, source: string, resolver: LinkResolver, format: LinkFormat): string | undefined {
  const keepsMd = link.path.toLowerCase().endsWith('.md') || !target.toLowerCase().endsWith('.md');
  const shown = keepsMd ? target : target.slice(0, -3);
  const isUrl = link.kind === 'markdown' || link.kind === 'image' || link.kind === 'definition';
  for (const candidate of formsOf(link.path, shown, source, format)) {
    if (!isUrl && !fitsWikilink(candidate)) continue;
    const found = resolver.resolve({ kind: link.kind, path: candidate }, source);
    if (found.kind === 'file' && found.path === target) return isUrl ? encodeUrlPath(candidate, link, written) : quotedPath(candidate, link.form);
  }
  return undefined;
}

/** The forms to try, best first. */
function formsOf(path: string, shown: string, source: string, format: LinkFormat): string[] {
  const relative = relativePath(source.slice(0, Math.max(0, source.lastIndexOf('/'))), shown);
  const dotted = relative.startsWith('../') ? relative : `./${relative}`;
  if (path.startsWith('/')) return [`/${shown}`];
  if (isRelative(path)) return [dotted];
  const name = shown.slice(shown.lastIndexOf('/') + 1);
  if (format === 'relative') return [relative, dotted];
  if (format === 'absolute') return [shown, `/${shown}`];
  return [name, shown, `/${shown}`];
}

/** `to` as seen from the folder `from` (both vault-relative). */
export function relativePath(from: string, to: string): string {
  const start = from === '' ? [] : from.split('/');
  const end = to.split('/');
  let common = 0;
  while (common < start.length && common < end.length - 1 && start[common] === end[common]) common += 1;
  return [...start.slice(common).map(() => '..'), ...end.slice(common)].join('/');
}

/** A wikilink path ends at `|`, `#` or `]]`, and a bracket (`a]` + `]]` reads as `a`), `^` or a line break would break it. */
function fitsWikilink(path: string): boolean {
  return !/[|#^[\]\r\n]/.test(path) && path.trim() === path;
}

/**
 * A path as a URL link writes it: inside `<...>` with `<`, `>` and `\` escaped, and `%`, `#`, and the
 * backtick and `$` that could open a code span or math around it, percent-escaped (an angle path is
 * percent-decoded, and cut at `#`, like any other); otherwise with what would end or break it (space,
 * parentheses, brackets, `%`, `#`, `?`, `<`, `>`, `\`, backtick, `$`, control characters)
 * percent-escaped, and every non-ASCII character too when the link had escaped one; a colon that would
 * make the path a URL scheme is escaped in both.
 */
function encodeUrlPath(path: string, link: NoteLink, written: string): string {
  if (link.form === 'angle') return notAScheme(angleEscapedName(path));
  const original = written.slice(link.pathStart, link.pathEnd);
  const escapesNonAscii = /%[89a-f][\da-f]/i.test(original);
  return notAScheme(
    [...path].map((character) => (mustEscape(character) || (escapesNonAscii && character > '\u007f') ? percentEncoded(character) : character)).join(''),
  );
}

/** A path whose first segment would read as a URL scheme (`a: b.md` as `a:`), with that colon escaped. */
function notAScheme(path: string): string {
  return /^[a-z][a-z\d+.-]*:/i.test(path) ? path.replace(':', '%3A') : path;
}

/** A name as a rewritten `<...>` link writes it (`C# <1>` as `C%23 \<1\>`). */
export function angleEscapedName(name: string): string {
  return name.replace(/[<>\\]/g, '\\$&').replace(/[%#`$]/g, percentEncoded);
}

/** A name as a rewritten URL link writes it when it escapes only what it must (`a b(1)` as `a%20b%281%29`). */
export function urlEscapedName(name: string): string {
  return [...name].map((character) => (mustEscape(character) ? percentEncoded(character) : character)).join('');
}

/** A character as %XX escapes of its UTF-8 bytes, parentheses too (which `encodeURIComponent` leaves as they are). */
function percentEncoded(character: string): string {
  return encodeURIComponent(character).replace(/[!'()*]/g, (mark) => `%${mark.charCodeAt(0).toString(16).toUpperCase()}`);
}

function mustEscape(character: string): boolean {
  const code = character.charCodeAt(0);
  return code <= 32 || code === 127 || '()[]%#?<>\\`$'.includes(character);
}
