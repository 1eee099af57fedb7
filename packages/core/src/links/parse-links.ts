import { codeAndMathSpans } from './code-and-math-spans.js';
import { frontMatterEnd } from './front-matter-end.js';
import { type FrontMatterScalars, frontMatterScalars, type ScalarQuoting, unquotedPath } from './front-matter-scalars.js';
import { proseRanges } from './prose-ranges.js';
import { scanUrlLinks } from './scan-url-links.js';
import { createWikilinkScanner } from './scan-wikilinks.js';

/**
 * How a link is written. `wikilink`, `embed` (`![[...]]`) and `frontmatter` (a wikilink in a front
 * matter value) name their target Obsidian's way; `markdown` (`[text](path)`), `image`
 * (`![alt](path)`) and `definition` (`[id]: path`) with a URL path.
 */
export type LinkKind = 'wikilink' | 'embed' | 'frontmatter' | 'markdown' | 'image' | 'definition';

/** One link of a note, with where it is written: offsets in the note's text (UTF-16 code units, BOM left out). */
export interface NoteLink {
  kind: LinkKind;
  /** The target's path as it resolves, without `#subpath` or alias: percent escapes and backslash escapes undone for a URL path. */
  path: string;
  /** Where that path is written; a rewrite replaces exactly `[pathStart, pathEnd)` and nothing else. */
  pathStart: number;
  pathEnd: number;
  /** The whole link (`![[T#H|a]]`, `[text](T.md "t")`), for reports. */
  linkStart: number;
  linkEnd: number;
  /**
   * How the path is written: a URL path `<between angle brackets>`; a front matter link inside a
   * single- or double-quoted YAML scalar (its path read as YAML reads it); `plain` for every other.
   */
  form: 'plain' | 'angle' | ScalarQuoting;
}

/**
 * Every link of a note, in the order of their paths in the text: wikilinks and embeds, markdown
 * links and images, reference definitions, and wikilinks in front matter; nothing inside code
 * (fences, inline code) or math (`$$` blocks, `$$...$$`, Obsidian's `$...$`). A hand-written scanner,
 * linear in the text (see docs/decisions/0013-links.md for why not a CommonMark parser).
 *
 * With `near` (offsets in increasing order), only the links of the paragraphs (and front matter)
 * holding one of those offsets: no link spans two paragraphs, so these are exactly the links the
 * whole parse finds there, and the rest of the text is only split into paragraphs.
 */
export function parseLinks(text: string, near?: readonly number[]): NoteLink[] {
  const links: NoteLink[] = [];
  const scanWikilinks = createWikilinkScanner(text);
  const holdsNear = near === undefined ? () => true : createRangeTest(near);
  const bodyStart = frontMatterEnd(text);
  if (bodyStart > 0 && holdsNear(0, bodyStart)) {
    scanWikilinks(0, bodyStart, true, links);
    if (links.length > 0) readAsYaml(links, frontMatterScalars(text, bodyStart));
  }
  for (const [from, to] of proseRanges(text, bodyStart)) {
    if (!holdsNear(from, to)) continue;
    const skips = codeAndMathSpans(text, from, to);
    let start = from;
    for (const [skipStart, skipEnd] of [...skips, [to, to]]) {
      scanWikilinks(start, skipStart!, false, links);
      start = skipEnd!;
    }
    scanUrlLinks(text, from, to, skips, links);
  }
  return links.sort((a, b) => a.pathStart - b.pathStart);
}

/** Front matter links as YAML reads them: inside a quoted scalar, the path unquoted (`'[[Bob''s]]'` links to `Bob's`). */
function readAsYaml(links: NoteLink[], { scalars }: FrontMatterScalars): void {
  let next = 0;
  for (const link of links) {
    while (next < scalars.length && scalars[next]!.end <= link.pathStart) next += 1;
    const scalar = scalars[next];
    if (!scalar || scalar.start > link.pathStart || scalar.quoting === 'plain') continue;
    link.form = scalar.quoting;
    link.path = unquotedPath(link.path, scalar.quoting);
  }
}

/** Whether the range [from, to) holds one of `offsets` (increasing), for ranges asked in increasing order. */
function createRangeTest(offsets: readonly number[]): (from: number, to: number) => boolean {
  let next = 0;
  return (from, to) => {
    while (next < offsets.length && offsets[next]! < from) next += 1;
    return next < offsets.length && offsets[next]! < to;
  };
}
