import pMap from 'p-map';
import type { SearchBudget } from '../search/search-budget.js';
import { comparePaths } from '../vault/compare-paths.js';
import type { Vault } from '../vault/vault.js';
import { createLinkResolver } from './create-link-resolver.js';
import { loadNote, notesAtOnce, type UnreadNote } from './find-linking-notes.js';
import { listVaultFiles, notesToRead } from './list-vault-files.js';
import { isNoteOf } from './plan-move-links.js';
import { type ResolvedLink, resolveNoteLinks } from './resolve-note-links.js';

/** What the notes below a folder hold that leads nowhere, or to several files. */
export interface LinkProblems {
  /** Broken and ambiguous links, by note (path order) and line. */
  problems: ResolvedLink[];
  notesChecked: number;
  unread: UnreadNote[];
  /** Every file of the vault links can name. */
  files: string[];
}

/**
 * Every link in the notes below `directory` ('' for the whole vault) that resolves to no file or to
 * several, against every file of the vault. Each note is read once, a few at a time, and parsed
 * whole (linear in its text); the time budget is checked before each.
 */
export async function findLinkProblems(vault: Vault, directory: string, budget: SearchBudget): Promise<LinkProblems> {
  const vaultFiles = await listVaultFiles(vault, budget.check);
  const resolver = createLinkResolver(vaultFiles.files);
  const below = (path: string) => directory === '' || path.startsWith(`${directory}/`);
  const notes = notesToRead(vaultFiles, (file) => isNoteOf(vault, file))
    .notes.filter(below)
    .sort(comparePaths);
  const unread: UnreadNote[] = [];
  const perNote = await pMap(
    notes,
    async (path) => {
      budget.check();
      const note = await loadNote(vault, path);
      if ('reason' in note) {
        if (note.reason !== 'NOT_FOUND') unread.push(note);
        return [];
      }
      return resolveNoteLinks(path, note.text, resolver).filter((link) => link.resolution.kind !== 'file');
    },
    { concurrency: notesAtOnce },
  );
  unread.sort((a, b) => comparePaths(a.path, b.path));
  return { problems: perNote.flat(), notesChecked: notes.length, unread, files: vaultFiles.files };
}
