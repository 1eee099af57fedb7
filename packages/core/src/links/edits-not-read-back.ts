import type { LinkResolver } from './create-link-resolver.js';
import { frontMatterEnd } from './front-matter-end.js';
import { frontMatterScalars } from './front-matter-scalars.js';
import { type NoteLink, parseLinks } from './parse-links.js';

/** A link to rewrite: the link as read, the text written in place of its path, and the file it must lead to. */
export interface LinkEdit {
  link: NoteLink;
  written: string;
  target: string;
}

/** Most rewrites of one note read back one at a time, when together they change what the parser finds. */
const maxEditsReadAlone = 64;

/**
 * When rewrites together change what the parser finds around them (another link, a code span, the
 * front matter's YAML), the edits that do so alone (all, past `maxEditsReadAlone`): each is read back on its own.
 */
export function editsBreakingAlone(text: string, edits: readonly LinkEdit[], after: LinkResolver, source: string): Set<number> {
  const starts = edits.map((edit) => edit.link.pathStart);
  if (edits.length > maxEditsReadAlone) return new Set(starts);
  return new Set(starts.filter((_, index) => (editsNotReadBack(text, [edits[index]!], after, source)?.size ?? 1) > 0));
}

/** The edits whose link does not read back from the text they make; undefined when they change what else the parser finds (or break the YAML), and none can be blamed. */
export function editsNotReadBack(text: string, edits: readonly LinkEdit[], after: LinkResolver, source: string): Set<number> | undefined {
  if (edits.length === 0) return new Set();
  const shifts: number[] = [];
  const pieces: string[] = [];
  let shift = 0;
  let copied = 0;
  for (const { link, written: path } of edits) {
    shifts.push(shift);
    shift += path.length - (link.pathEnd - link.pathStart);
    pieces.push(text.slice(copied, link.pathStart), path);
    copied = link.pathEnd;
  }
  const written = pieces.join('') + text.slice(copied);
  const read = parseLinks(
    text,
    edits.map((edit) => edit.link.pathStart),
  );
  const readBack = parseLinks(
    written,
    edits.map((edit, index) => edit.link.pathStart + shifts[index]!),
  );
  if (read.length !== readBack.length) return undefined;
  // Only a rewrite in the front matter writes there: the front matter's YAML is theirs to keep (one of several to blame: none can be).
  const inFrontMatter = edits.filter((edit) => edit.link.kind === 'frontmatter');
  const yamlBroken = inFrontMatter.length > 0 && !frontMatterReadsBack(text, written);
  if (yamlBroken && inFrontMatter.length > 1) return undefined;
  const refused = new Set(yamlBroken ? [inFrontMatter[0]!.link.pathStart] : []);
  let next = 0;
  for (const [index, old] of read.entries()) {
    while (next < edits.length && edits[next]!.link.pathStart < old.pathStart) next += 1;
    const edit = edits[next]?.link.pathStart === old.pathStart ? edits[next] : undefined;
    const now = readBack[index]!;
    const start = old.pathStart + (next < edits.length ? shifts[next]! : shift);
    if (now.pathStart !== start || now.kind !== old.kind || (!edit && now.path !== old.path)) return undefined;
    const found = edit && now.pathEnd === start + edit.written.length ? after.resolve(now, source) : undefined;
    if (edit && (found?.kind !== 'file' || found.path !== edit.target)) refused.add(old.pathStart);
  }
  return refused;
}

/** Whether the front matter still parses as it did, with as many scalars. */
function frontMatterReadsBack(text: string, written: string): boolean {
  const before = frontMatterScalars(text, frontMatterEnd(text));
  const now = frontMatterScalars(written, frontMatterEnd(written));
  return (now.valid || !before.valid) && now.scalars.length === before.scalars.length;
}
