import type { Vault } from '../vault.js';
import { createLinkResolver } from './create-link-resolver.js';
import { findLinkingNotes } from './find-linking-notes.js';
import { listVaultFiles } from './list-vault-files.js';
import { parseLinks } from './parse-links.js';
import { isNoteOf, nameOf } from './plan-move-links.js';

/** The notes (sorted, other than the file itself) with a link that leads to the file at `path`, as the vault is now. */
export async function findBacklinks(vault: Vault, path: string, checkDeadline: () => void): Promise<string[]> {
  const files = await listVaultFiles(vault, checkDeadline);
  const resolver = createLinkResolver(files);
  const { found } = await findLinkingNotes(vault, files.filter((file) => file !== path && isNoteOf(vault, file)), [nameOf(path)], checkDeadline);
  return found
    .filter((note) => parseLinks(note.text).some((link) => {
      const resolved = resolver.resolve(link, note.path);
      return resolved.kind === 'file' && resolved.path === path;
    }))
    .map((note) => note.path)
    .sort();
}
