import { slug } from 'github-slugger';
import { createHeadingIndex, headingKey, type NoteHeading } from '../text/note-headings.js';
import { quotedPath, type ScalarQuoting } from './front-matter-scalars.js';
import { decodeUrlPath } from './scan-url-links.js';
import { urlEscapedName } from './write-link-path.js';

/** What is renamed in a note: a heading (its text; the note's headings, to read `#H1#H2` paths) or a block id (without `^`). */
export type AnchorRename =
  | { kind: 'heading'; heading: NoteHeading; headings: readonly NoteHeading[]; newName: string }
  | { kind: 'block'; oldName: string; newName: string };

/**
 * A link's `#subpath` (as written: `Old heading`, `H1#Old`, `^id`, a URL fragment `Old%20heading` or
 * its slug `old-heading`) rewritten to name the renamed heading or block by its new name, in the form
 * it had; undefined when it does not name what was renamed. A heading path names it when it leads to
 * it (the first heading it matches, as Obsidian takes it) or through it (`Old#Child`).
 */
export function rewriteSubpath(written: string, url: boolean, rename: AnchorRename, quoting: ScalarQuoting | 'angle' = 'plain'): string | undefined {
  if (rename.kind === 'block') {
    const read = url ? decodeUrlPath(written) : written.trim();
    return read === `^${rename.oldName}` ? `^${rename.newName}` : undefined;
  }
  if (url) {
    const slugged = slug(rename.heading.text);
    if (written === slugged && slugged !== '') return slug(rename.newName);
    const segment = renamedSegment([decodeUrlPath(written)], rename);
    return segment === 0 ? urlEscapedName(rename.newName) : undefined;
  }
  const segments = written.split('#');
  const index = renamedSegment(segments, rename);
  if (index === undefined) return undefined;
  segments[index] = quotedPath(rename.newName, quoting);
  return segments.join('#');
}

/** Per rename, its note's headings indexed (see `createHeadingIndex`), so each link to the note costs its own length, not the note's. */
const headingIndexes = new WeakMap<AnchorRename, ReturnType<typeof createHeadingIndex>>();

/** Which of a heading path's segments names the renamed heading, when the path leads to it or through it. */
function renamedSegment(segments: readonly string[], rename: Extract<AnchorRename, { kind: 'heading' }>): number | undefined {
  if (segments[0]?.trim().startsWith('^')) return undefined;
  const keys = segments.map(headingKey);
  let headingAt = headingIndexes.get(rename);
  if (!headingAt) {
    headingAt = createHeadingIndex(rename.headings);
    headingIndexes.set(rename, headingAt);
  }
  const found = headingAt(keys);
  if (!found) return undefined;
  if (found.heading === rename.heading) return segments.length - 1;
  if (!found.ancestors.includes(rename.heading)) return undefined;
  const index = keys.indexOf(headingKey(rename.heading.text));
  return index === -1 || index === segments.length - 1 ? undefined : index;
}
