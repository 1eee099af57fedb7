import { maxQueryLength } from '../search/search-pattern.js';
import { quotedPath } from './front-matter-scalars.js';
import { angleEscapedName, urlEscapedName } from './write-link-path.js';

const anyLink = String.raw`\[\[|\]\(|\]:`;
/** What ends a link's path right after a name: `]`, `|`, `\|`, `#` (a wikilink's), `)`, `>` (a URL's), or the end of the line (a definition's). */
const pathEnd = String.raw`[\]|#)>\\\r]|$`;
/** The same after spaces (`[[ Note ]]`, any white space a wikilink's path is trimmed of), or a title's opening after them (`[a](note "t")`). */
const spacedPathEnd = String.raw`\s*(?:[\]|#)>\\\r"'(]|$)`;

/** What a link to a moved file must hold (as the file is named; links may write it in any case): a file's name (a note's without `.md`), or a folder's name followed by `/`. */
export interface LinkNames {
  files: readonly string[];
  folders: readonly string[];
}

/**
 * A name as links write it: as it is; with `%20` for its spaces; with all a URL link must escape
 * escaped, in `<...>` or not, and quoted inside a YAML scalar (as a Move writes it); percent-encoded the way tools that encode every non-ASCII character
 * write it (`encodeURI`, `encodeURIComponent`). Other spellings (a letter percent-encoded for no
 * reason, a backslash before punctuation) are not looked for: docs/decisions/0013-links.md.
 */
function linkForms(name: string): string[] {
  // Percent escapes of a letter differ by its case (Ü is %C3%9C, ü %C3%BC), which no case-insensitive match can bridge.
  const encoded = [name, name.toLowerCase()].flatMap((spelling) => [encodeURI(spelling), encodeURIComponent(spelling)]);
  const written = [urlEscapedName(name), angleEscapedName(name), quotedPath(name, 'single-quoted'), quotedPath(name, 'double-quoted')];
  return [...new Set([name, name.replaceAll(' ', '%20'), ...written, ...encoded])];
}

/**
 * The pattern (for a case-insensitive search, line by line, flags `imu`) of a link that may lead to
 * a moved file: a file's name (in the spellings of `linkForms`), `.md` if the link has it, then what
 * ends a link's path (after white space too: a wikilink's trimmed spaces, a title); or a folder's
 * name and `/`.
 * A name in prose (`the overview of`) does not match, so a common name does not make every note a
 * candidate.
 */
export function linkPattern({ files, folders }: LinkNames): string {
  const escaped = (names: readonly string[], after = '') =>
    [...new Set(names.flatMap(linkForms))].map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + after).join('|');
  const all = escaped(files);
  // One quantifier, no repeated group (a search runs it on JavaScript's engine), and the names, a folder's with its `/`, are its literals (see requiredLiterals).
  const pattern = [
    ...(all ? [String.raw`(?:${all})(?:${spacedPathEnd}|\.md(?:${pathEnd}|\s))`] : []),
    ...(folders.length > 0 ? [`(?:${escaped(folders, '/')})`] : []),
  ].join('|');
  // Past the longest query a search takes, a note is a candidate when it holds any link syntax at all.
  return pattern.length > maxQueryLength ? anyLink : pattern;
}

/** The offsets where `pattern` (global, from `linkPattern`) matches in `text`: where a link to a moved file may be. */
export function linkOffsets(text: string, pattern: RegExp): number[] {
  return Array.from(text.matchAll(pattern), (match) => match.index);
}
