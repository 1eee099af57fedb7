import type { Vault } from '../vault.js';
import { createLinkResolver } from './create-link-resolver.js';
import { findLinkingNotes } from './find-linking-notes.js';
import type { LinkBudget } from './link-budget.js';
import { linkOffsets, linkPattern } from './link-pattern.js';
import { listVaultFiles } from './list-vault-files.js';
import { type NoteLink, parseLinks } from './parse-links.js';
import { isNoteOf, nameOf } from './plan-move-links.js';

/** The notes (sorted, other than the file itself) with a link that leads to the file at `path`, as the vault is now. */
export async function findBacklinks(vault: Vault, path: string, budget: LinkBudget): Promise<string[]> {
  const { files, symlinks } = await listVaultFiles(vault, budget.check);
  const resolver = createLinkResolver(files);
  const names = { files: [nameOf(path)], folders: [] };
  const pattern = new RegExp(linkPattern(names), 'gimu');
  const linking: string[] = [];
  const leadsHere = (link: NoteLink, from: string) => {
    const resolved = resolver.resolve(link, from);
    return resolved.kind === 'file' && resolved.path === path;
  };
  await findLinkingNotes(vault, files.filter((file) => file !== path && isNoteOf(vault, file)), symlinks, names, budget, (note) => {
    if (parseLinks(note.text, linkOffsets(note.text, pattern)).some((link) => leadsHere(link, note.path))) linking.push(note.path);
  });
  return linking.sort();
}
