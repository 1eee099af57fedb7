import type { Vault } from '../vault.js';
import { VaultError } from '../vault-error.js';
import { joinVaultPath } from '../vault-path.js';
import { readListedFolder } from '../read-listed-folder.js';

/** Most files a link-aware Move looks at; a larger vault is told to move without updating links. */
export const maxVaultFiles = 1_000_000;

/** The files links can name, and which of them are symlinks (read one by one, never by a backend's parallel search). */
export interface VaultFiles {
  files: string[];
  symlinks: Set<string>;
}

/**
 * Every file of the vault that links can name, whatever its extension (attachments too): all but
 * hidden paths (`.obsidian`, `.trash`, which Obsidian leaves out as well). Symlinked folders are not
 * entered. `checkDeadline` runs once per folder level.
 */
export async function listVaultFiles(vault: Vault, checkDeadline: () => void): Promise<VaultFiles> {
  const found: VaultFiles = { files: [], symlinks: new Set() };
  let level = [''];
  while (level.length > 0) {
    checkDeadline();
    const listings = await Promise.all(level.map(async (folder) => ({ folder, entries: await readListedFolder(vault.fs, folder, { sizes: false }) })));
    level = [];
    for (const { folder, entries } of listings) {
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue;
        const path = joinVaultPath(folder, entry.name);
        if (entry.kind === 'directory') {
          if (!entry.symlink) level.push(path);
          continue;
        }
        found.files.push(path);
        if (entry.symlink) found.symlinks.add(path);
      }
    }
    if (found.files.length > maxVaultFiles) {
      throw new VaultError('FILE_TOO_LARGE', `The vault holds more than ${maxVaultFiles} files, too many to update links on a move. Move with \`updateLinks: false\`.`);
    }
  }
  return found;
}
