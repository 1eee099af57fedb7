import type { Vault } from '../vault/vault.js';
import { createLinkResolver } from './create-link-resolver.js';
import { findLinkingNotes } from './find-linking-notes.js';
import type { SearchBudget } from '../search/search-budget.js';
import { linkOffsets, linkPattern } from './link-pattern.js';
import { listVaultFiles, notesToRead } from './list-vault-files.js';
import { type NoteLink, parseLinks } from './parse-links.js';
import { isNoteOf, nameOf } from './plan-move-links.js';

/** The notes (sorted, other than the file itself) with a link that leads to the file at `path`, as the vault is now. */
export async function findBacklinks(vault: Vault, path: string, budget: SearchBudget): Promise<string[]> {
  const vaultFiles = await listVaultFiles(vault, budget.check);
  const resolver = createLinkResolver(vaultFiles.files);
  const names = { files: [nameOf(path)], folders: [] };
  const pattern = new RegExp(linkPattern(names), 'gimu');
  const linking: string[] = [];
  const leadsHere = (link: NoteLink, from: string) => {
    const resolved = resolver.resolve(link, from);
    return resolved.kind === 'file' && resolved.path === path;
  };
  const { notes, ...reading } = notesToRead(vaultFiles, (file) => isNoteOf(vault, file));
  await findLinkingNotes(
    vault,
    notes.filter((note) => note !== path),
    reading,
    names,
    budget,
    (note) => {
      if (parseLinks(note.text, linkOffsets(note.text, pattern)).some((link) => leadsHere(link, note.path))) linking.push(note.path);
    },
  );
  return linking.sort();
}
