import type { Vault } from './vault.js';
import { joinVaultPath } from './vault-path.js';

/** A file found by a walk, and whether it is a symlink (to an allowed file inside the vault). */
export interface WalkedFile {
  path: string;
  symlink: boolean;
}

/**
 * Every listed file below `directory` (hidden paths and other extensions left out, symlinked
 * folders not entered), sorted by path. The folders of one level are read at once; `checkDeadline`
 * runs once per level.
 */
export async function walkFiles(vault: Vault, directory: string, checkDeadline: () => void): Promise<WalkedFile[]> {
  const files: WalkedFile[] = [];
  let level = [directory];
  while (level.length > 0) {
    checkDeadline();
    const listings = await Promise.all(level.map(async (folder) => ({ folder, entries: await vault.fs.readDirectory(folder, { sizes: false }) })));
    level = [];
    for (const { folder, entries } of listings) {
      for (const entry of entries) {
        const path = joinVaultPath(folder, entry.name);
        if (!vault.isListed(path, entry.kind, entry.target)) continue;
        if (entry.kind === 'file') files.push({ path, symlink: entry.symlink });
        else if (!entry.symlink) level.push(path);
      }
    }
  }
  return files.sort((a, b) => comparePaths(a.path, b.path));
}

/** Code-unit order, the same on every platform and locale. */
export function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
