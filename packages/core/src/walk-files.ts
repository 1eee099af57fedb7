import type { Vault } from './vault.js';
import { joinVaultPath } from './vault-path.js';

/** A file found by a walk: its path as listed, and where it really is (the same path, unless a symlink leads there). */
export interface WalkedFile {
  path: string;
  /** The vault-relative path with no symlink on the way: what a backend opens to read the file. */
  source: string;
}

/**
 * Every listed file below `directory` (hidden paths and other extensions left out, symlinked
 * folders not entered), sorted by path. `realDirectory` is where `directory` really is, when a
 * symlink leads there. The folders of one level are read at once; `checkDeadline` runs once per level.
 */
export async function walkFiles(vault: Vault, directory: string, checkDeadline: () => void, realDirectory = directory): Promise<WalkedFile[]> {
  const files: WalkedFile[] = [];
  let level = [{ path: directory, source: realDirectory }];
  while (level.length > 0) {
    checkDeadline();
    const listings = await Promise.all(level.map(async (folder) => ({ folder, entries: await vault.fs.readDirectory(folder.path, { sizes: false }) })));
    level = [];
    for (const { folder, entries } of listings) {
      for (const entry of entries) {
        const path = joinVaultPath(folder.path, entry.name);
        if (!vault.isListed(path, entry.kind, entry.target)) continue;
        const source = entry.target ?? joinVaultPath(folder.source, entry.name);
        if (entry.kind === 'file') files.push({ path, source });
        else if (!entry.symlink) level.push({ path, source });
      }
    }
  }
  return files.sort((a, b) => comparePaths(a.path, b.path));
}

/** Code-unit order, the same on every platform and locale. */
export function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
