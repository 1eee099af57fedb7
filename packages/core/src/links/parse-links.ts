import { codeAndMathSpans } from './code-and-math-spans.js';
import { frontMatterEnd } from './front-matter-end.js';
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
  /** A URL path written `<between angle brackets>`; `plain` for every other. */
  form: 'plain' | 'angle';
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
  if (bodyStart > 0 && holdsNear(0, bodyStart)) scanWikilinks(0, bodyStart, true, links);
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

/** Whether the range [from, to) holds one of `offsets` (increasing), for ranges asked in increasing order. */
function createRangeTest(offsets: readonly number[]): (from: number, to: number) => boolean {
  let next = 0;
  return (from, to) => {
    while (next < offsets.length && offsets[next]! < from) next += 1;
    return next < offsets.length && offsets[next]! < to;
  };
}
