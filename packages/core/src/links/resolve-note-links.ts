import { createLineCounter } from './create-line-counter.js';
import type { LinkResolver, Resolution } from './create-link-resolver.js';
import type { LinkAt } from './find-links-to.js';
import { parseLinks } from './parse-links.js';
import { detached } from './plan-note-links.js';

/** A link of a note with where it leads: its path as written (no `#subpath`, escapes undone) and what that resolves to. */
export interface ResolvedLink extends LinkAt {
  path: string;
  resolution: Resolution;
}

/** Every link of the note at `path` (SPEC 10: none in code or math), in order, each resolved against the vault's files. */
export function resolveNoteLinks(path: string, text: string, resolver: LinkResolver): ResolvedLink[] {
  const lines = createLineCounter(text);
  return parseLinks(text).map((link) => ({
    file: path,
    line: lines(link.pathStart),
    link: detached(text.slice(link.linkStart, link.linkEnd)),
    path: link.path,
    resolution: resolver.resolve(link, path),
  }));
}
