import { parallelSearchThreshold, skipReasons } from '../search-file.js';
import { maxQueryLength } from '../search-pattern.js';
import type { Vault } from '../vault.js';
import { isVaultError } from '../vault-error.js';
import type { LinkBudget } from './link-budget.js';
import { urlEscapedName } from './write-link-path.js';

/** A note loaded for link rewriting: its text (BOM left out), whether it had a BOM, and the bytes read (the stale check of the write). */
export interface LoadedNote {
  path: string;
  text: string;
  bom: boolean;
  bytes: Uint8Array;
}

/** A note that could not be loaded, and why (a VaultError's code). */
export interface UnreadNote {
  path: string;
  reason: string;
}

/** Notes read at once on the main thread. */
const batchSize = 16;
const anyLink = String.raw`\[\[|\]\(|\]:`;
/** What ends a link's path right after a name: `]`, `|`, `\|`, `#` (a wikilink's), `)`, `>` (a URL's), or the end of the line (a definition's). */
const pathEnd = String.raw`[\]|#)>\\\r]|$`;

/** What a link to a moved file must hold (lower-case): a file's name (a note's without `.md`), or a folder's name followed by `/`. */
export interface LinkNames {
  files: readonly string[];
  folders: readonly string[];
}

/** A name as written, with `%20` for its spaces, and with all a URL link must escape escaped (as a Move writes it). */
function formsOf(name: string): string[] {
  return [...new Set([name, name.replaceAll(' ', '%20'), urlEscapedName(name)])];
}

/**
 * The pattern (for a case-insensitive search, line by line) of a link that may lead to a moved
 * file: a file's name (as written or with `%20`), `.md` if the link has it, then what ends a link's
 * path (a space too after `.md` or an extension: a title may follow); or a folder's name and `/`.
 * A name in prose (`the overview of`) does not match, so a common name does not make every note a
 * candidate.
 */
export function linkPattern({ files, folders }: LinkNames): string {
  const escaped = (names: readonly string[]) => names.flatMap(formsOf).map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const all = escaped(files);
  const dotted = escaped(files.filter((name) => name.includes('.')));
  const pattern = [
    ...(all ? [String.raw`(?:${all})(?:\.md)?(?:${pathEnd})`, String.raw`(?:${all})\.md\s`] : []),
    ...(dotted ? [String.raw`(?:${dotted})\s`] : []),
    ...(folders.length > 0 ? [`(?:${escaped(folders)})/`] : []),
  ].join('|');
  // Past the longest query a search takes, a note is a candidate when it holds any link syntax at all.
  return pattern.length > maxQueryLength ? anyLink : pattern;
}

/**
 * Which of `notes` may link to a moved file: those with a line matching `linkPattern(names)`; each
 * is loaded. A backend with a parallel search (`VaultFs.searchFiles`, the Node backend's worker
 * threads) finds them among the plain files of a vault of `parallelSearchThreshold` notes or more;
 * symlinked notes, and every note of a smaller vault or on a backend without one, are read here, a
 * batch at a time. This is the one lookup a link index can replace.
 */
export async function findLinkingNotes(
  vault: Vault,
  notes: readonly string[],
  symlinks: ReadonlySet<string>,
  names: LinkNames,
  budget: LinkBudget,
): Promise<{ found: LoadedNote[]; unread: UnreadNote[] }> {
  const pattern = linkPattern(names);
  const searched = vault.fs.searchFiles && notes.length >= parallelSearchThreshold ? notes.filter((path) => !symlinks.has(path)) : [];
  const candidates = searched.length > 0 ? await searchCandidates(vault, searched, names, pattern, budget) : { paths: [], unread: [] };
  const readHere = searched.length > 0 ? notes.filter((path) => symlinks.has(path)) : notes;
  const found: LoadedNote[] = [];
  const unread: UnreadNote[] = [...candidates.unread];
  const lookFor = new RegExp(pattern, 'im');
  const load = async (path: string) => {
    const note = await loadNote(vault, path);
    if (!('reason' in note)) {
      if (lookFor.test(note.text)) found.push(note);
    } else if (note.reason !== 'NOT_TEXT' || lookFor.test(new TextDecoder().decode(await vault.fs.readFile(path)))) {
      // A note that is not UTF-8 is named only when it may link to what moved; it is never rewritten.
      unread.push(note);
    }
  };
  const work = [...candidates.paths, ...readHere];
  for (let start = 0; start < work.length; start += batchSize) {
    budget.check();
    await Promise.all(work.slice(start, start + batchSize).map(load));
  }
  return { found, unread };
}

/** Most names searched one literal at a time (a literal search is several times faster than a pattern's). */
const maxLiteralSearches = 4;
/** Past this many notes holding a name, the pattern's search picks among them on the workers, rather than each being read here. */
const maxLiteralHits = 256;

/**
 * The notes a backend's search finds (case-insensitive), and those it could not search: for a few
 * names, the notes holding one of them (one literal search each), and among many of those the
 * notes matching the pattern (a name common in prose); for more names, the pattern's search.
 */
async function searchCandidates(vault: Vault, paths: readonly string[], names: LinkNames, pattern: string, budget: LinkBudget) {
  const forms = [...new Set([...names.files, ...names.folders].flatMap(formsOf))];
  const search = async (among: readonly string[], query: string, regex: boolean) => {
    const results = await vault.fs
      .searchFiles!(among, { query, regex, caseSensitive: false, contextLines: 0, maxShown: 0, maxFileSize: vault.options.maxFileSize, timeout: budget.remaining(), signal: budget.signal })
      .catch((error: unknown) => {
        throw isVaultError(error) && error.code === 'TIMEOUT' ? budget.timedOut() : error;
      });
    const found = { paths: new Set<string>(), unread: new Map<string, UnreadNote>() };
    for (const result of results) {
      // A note too large to search is named; one that is not UTF-8 is read here, to see whether it may link.
      if ('skipped' in result && result.skipped === skipReasons.FILE_TOO_LARGE) found.unread.set(result.path, { path: result.path, reason: 'FILE_TOO_LARGE' });
      else found.paths.add(result.path);
    }
    return found;
  };
  if (forms.length > maxLiteralSearches) return flat(await search(paths, pattern, true));
  const hits = { paths: new Set<string>(), unread: new Map<string, UnreadNote>() };
  for (const form of forms) {
    const found = await search(paths, form, false);
    for (const path of found.paths) hits.paths.add(path);
    for (const [path, note] of found.unread) hits.unread.set(path, note);
  }
  if (hits.paths.size <= maxLiteralHits) return flat(hits);
  const picked = await search([...hits.paths], pattern, true);
  return { paths: [...picked.paths], unread: [...hits.unread.values(), ...picked.unread.values()] };
}

function flat(found: { paths: Set<string>; unread: Map<string, UnreadNote> }): { paths: string[]; unread: UnreadNote[] } {
  return { paths: [...found.paths], unread: [...found.unread.values()] };
}

/** A note's text and bytes, or why it cannot be read (not UTF-8, too large, gone). */
export async function loadNote(vault: Vault, path: string): Promise<LoadedNote | UnreadNote> {
  try {
    const { text, bom, bytes } = await vault.readText(path);
    return { path, text, bom, bytes };
  } catch (error) {
    if (!isVaultError(error)) throw error;
    return { path, reason: error.code };
  }
}
