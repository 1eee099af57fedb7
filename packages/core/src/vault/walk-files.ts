import type { Vault } from './vault.js';
import { joinVaultPath } from './vault-path.js';
import { readListedFolder } from './read-listed-folder.js';

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
    const listings = await Promise.all(level.map(async (folder) => ({ folder, entries: await readListedFolder(vault.fs, folder.path, { sizes: false }) })));
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

/**
 * Path order, segment by segment (a folder's files come right after it: `docs/atl/x.md` before
 * `docs/atl-mfc/y.md`), each segment in code-unit order: the same on every platform and locale.
 */
export function comparePaths(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    // "/" sorts before every character a name can hold.
    if (x !== y) return (x === 47 ? -1 : x) - (y === 47 ? -1 : y);
  }
  return a.length - b.length;
}
