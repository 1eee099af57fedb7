import type { LinkKind } from './parse-links.js';

/** Where a link leads: one file, none, or several it could mean (then it is not rewritten, only reported). */
export type Resolution = { kind: 'file'; path: string } | { kind: 'none' } | { kind: 'ambiguous'; candidates: string[] };

/** Resolves links against one list of the vault's files (vault-relative paths). */
export interface LinkResolver {
  resolve(link: { kind: LinkKind; path: string }, source: string): Resolution;
}

const none: Resolution = { kind: 'none' };

/**
 * Obsidian's resolution (SPEC 10), on the files given: `/path` from the vault root; `./` and `../`
 * from the linking note's folder; a URL path (markdown link, image, definition) from the note's
 * folder first; then the vault path itself; then a path-suffix match on the basename (`[[T]]`,
 * `[[folder/T]]`), case-insensitive. Each try accepts the path as written and with `.md` added.
 * Several files at one step make the link ambiguous. Each call costs the candidates of one name.
 */
export function createLinkResolver(files: Iterable<string>): LinkResolver {
  const exact = new Set<string>();
  const byLowerPath = new Map<string, string[]>();
  const byLowerName = new Map<string, string[]>();
  for (const file of files) {
    exact.add(file);
    const lower = file.toLowerCase();
    push(byLowerPath, lower, file);
    push(byLowerName, lower.slice(lower.lastIndexOf('/') + 1), file);
  }

  function atPath(path: string | undefined): Resolution {
    if (path === undefined || path === '') return none;
    if (exact.has(path)) return { kind: 'file', path };
    return oneOf(byLowerPath.get(path.toLowerCase()) ?? []);
  }

  function atPathOrNote(path: string | undefined): Resolution {
    const found = atPath(path);
    return found.kind !== 'none' || path === undefined || path.toLowerCase().endsWith('.md') ? found : atPath(`${path}.md`);
  }

  function bySuffix(path: string): Resolution {
    const lower = path.toLowerCase();
    const name = lower.slice(lower.lastIndexOf('/') + 1);
    const found = [...matching(byLowerName.get(name), lower)];
    if (found.length === 0 && !lower.endsWith('.md')) for (const file of matching(byLowerName.get(`${name}.md`), `${lower}.md`)) found.push(file);
    return oneOf(found);
  }

  return {
    resolve({ kind, path }, source) {
      if (path.startsWith('/')) return atPathOrNote(normalize(path.slice(1)));
      const folder = source.slice(0, Math.max(0, source.lastIndexOf('/')));
      if (isRelative(path)) return atPathOrNote(normalize(join(folder, path)));
      if (kind === 'markdown' || kind === 'image' || kind === 'definition') {
        const beside = atPathOrNote(normalize(join(folder, path)));
        if (beside.kind !== 'none') return beside;
      }
      const normalized = normalize(path);
      if (normalized === undefined) return none;
      const rooted = atPathOrNote(normalized);
      return rooted.kind !== 'none' ? rooted : bySuffix(normalized);
    },
  };
}

/** Written relative to the note's folder: `./x`, `../x`, `.` or `..`. */
export function isRelative(path: string): boolean {
  return path.startsWith('./') || path.startsWith('../') || path === '.' || path === '..';
}

function* matching(files: readonly string[] | undefined, lowerSuffix: string): Iterable<string> {
  for (const file of files ?? []) {
    const lower = file.toLowerCase();
    if (lower === lowerSuffix || lower.endsWith(`/${lowerSuffix}`)) yield file;
  }
}

function oneOf(files: readonly string[]): Resolution {
  if (files.length === 0) return none;
  return files.length === 1 ? { kind: 'file', path: files[0]! } : { kind: 'ambiguous', candidates: [...files].sort() };
}

function join(folder: string, path: string): string {
  return folder === '' ? path : `${folder}/${path}`;
}

/** A path with `.`, `..` and empty segments worked out; undefined when it climbs above the vault root. */
export function normalize(path: string): string | undefined {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment !== '..') segments.push(segment);
    else if (segments.pop() === undefined) return undefined;
  }
  return segments.join('/');
}

function push(map: Map<string, string[]>, key: string, value: string) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
