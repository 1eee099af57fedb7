import type { Vault } from '../vault/vault.js';
import { VaultError } from '../vault/vault-error.js';
import { type WalkedEntry, walkVault } from '../vault/walk-vault.js';

/** Most files a link-aware Move looks at; a larger vault is told to move without updating links. */
export const maxVaultFiles = 1_000_000;

/** The files links can name, and which of them are symlinks, with the vault path each really is. */
export interface VaultFiles {
  files: string[];
  symlinks: Map<string, string>;
  /** Whether the backend's watch passed a sync point before the listing (see `VaultFs.sync`), so what it keeps is current. */
  afterSync: boolean;
}

/** The notes whose links to read, each once, where it really is, and which of them to read one by one (never by a backend's parallel search). */
export interface NotesToRead {
  notes: string[];
  readHere: Set<string>;
  /** As the listing's (`VaultFiles.afterSync`). */
  afterSync: boolean;
}

/**
 * Every file of the vault that links can name, whatever its extension (attachments too): all but
 * hidden paths (`.obsidian`, `.trash`, which Obsidian leaves out as well). Symlinked folders are not
 * entered. `checkDeadline` runs once per folder level.
 */
export async function listVaultFiles(vault: Vault, checkDeadline: () => void): Promise<VaultFiles> {
  const afterSync = (await vault.fs.sync?.()) ?? false;
  const found: VaultFiles = { files: [], symlinks: new Map(), afterSync };
  const enter = ({ entry }: WalkedEntry) => !entry.name.startsWith('.');
  for await (const walked of walkVault(vault.fs, '', { enter, checkDeadline, afterSync })) {
    const { path, entry } = walked;
    if (entry.kind === 'directory' || !enter(walked)) continue;
    found.files.push(path);
    if (entry.symlink) found.symlinks.set(path, entry.target ?? path);
    if (found.files.length > maxVaultFiles) {
      throw new VaultError(
        'FILE_TOO_LARGE',
        `The vault holds more than ${maxVaultFiles} files, too many to update links on a move. Move with \`updateLinks: false\`.`,
      );
    }
  }
  return found;
}

/**
 * The notes among `files` whose links to read (those `isNote` takes), each once and where it really
 * is: a note reached through a symlink is one note with one place, so a symlink is read at the path
 * it really is (its relative links lead from there, and a rewrite is written there once), and not at
 * all when that path is listed too. Those read through a symlink are read one by one.
 */
export function notesToRead({ files, symlinks, afterSync }: VaultFiles, isNote: (path: string) => boolean): NotesToRead {
  const listed = new Set(files);
  const found: NotesToRead = { notes: [], readHere: new Set(), afterSync };
  for (const file of files) {
    if (!isNote(file)) continue;
    const real = symlinks.get(file);
    if (real === undefined) found.notes.push(file);
    else if ((real === file || !listed.has(real)) && !found.readHere.has(real)) {
      found.notes.push(real);
      found.readHere.add(real);
    }
  }
  return found;
}
