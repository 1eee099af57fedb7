import pMap from 'p-map';
import type { SearchBudget } from '../search/search-budget.js';
import { searchInBackend } from '../search/search-in-backend.js';
import type { SearchedFile } from '../search/search-text.js';
import type { Vault } from '../vault/vault.js';
import { isVaultError } from '../vault/vault-error.js';
import { type LinkNames, linkPattern } from './link-pattern.js';
import type { NotesToRead } from './list-vault-files.js';

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

/** Notes read (or written) at once on the main thread. */
export const notesAtOnce = 16;

/**
 * Which of `notes` may link to a moved file: those with a line matching `linkPattern(names)`; each
 * is loaded and handed to `visit` (and no longer held here), so memory holds only what `visit`
 * keeps. Where the search dispatcher sends a search (`searchInBackend`: a parallel search of a
 * backend with one, such as the Node backend's worker threads, for a vault of `parallelSearchThreshold`
 * notes or more), it finds them among the plain files; symlinked notes, and every note of a smaller
 * vault or on a backend without one, are read here, a few at a time. Gives the notes that could not be
 * read. This is the one lookup a link index can replace.
 */
export async function findLinkingNotes(
  vault: Vault,
  notes: readonly string[],
  { readHere, afterSync }: Pick<NotesToRead, 'readHere' | 'afterSync'>,
  names: LinkNames,
  budget: SearchBudget,
  visit: (note: LoadedNote) => void,
): Promise<UnreadNote[]> {
  const pattern = linkPattern(names);
  const plain = notes.filter((path) => !readHere.has(path)).map((path) => ({ path, source: path }));
  // The pattern's literals (the names) let a backend's search pass over every note without one.
  const query = { query: pattern, regex: true, caseSensitive: false };
  const searched = await searchInBackend(vault, plain, { query, contextLines: 0, maxShown: 0, budget, ownPattern: true, afterSync });
  const candidates = searched ? candidatesOf(searched) : { paths: [], unread: [] };
  const oneByOne = searched ? notes.filter((path) => readHere.has(path)) : notes;
  const unread: UnreadNote[] = [...candidates.unread];
  const lookFor = new RegExp(pattern, 'imu');
  const load = async (path: string) => {
    budget.check();
    const note = await loadNote(vault, path);
    // Gone since the listing (removed, or moved by another call): it links to nothing any more.
    if ('reason' in note && note.reason === 'NOT_FOUND') return;
    if (!('reason' in note)) {
      if (lookFor.test(note.text)) visit(note);
    } else if (note.reason !== 'NOT_TEXT' || lookFor.test(new TextDecoder().decode(await vault.fs.readFile(path)))) {
      // A note that is not UTF-8 is named only when it may link to what moved; it is never rewritten.
      unread.push(note);
    }
  };
  await pMap([...candidates.paths, ...oneByOne], load, { concurrency: notesAtOnce });
  return unread;
}

/** The notes a search found, to read: a note too large to search is named; one that is not UTF-8 is read here, to see whether it may link. */
function candidatesOf(found: readonly SearchedFile[]): { paths: string[]; unread: UnreadNote[] } {
  const candidates: { paths: string[]; unread: UnreadNote[] } = { paths: [], unread: [] };
  for (const file of found) {
    if ('skipped' in file && file.skipped === 'FILE_TOO_LARGE') candidates.unread.push({ path: file.path, reason: 'FILE_TOO_LARGE' });
    else candidates.paths.push(file.path);
  }
  return candidates;
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
