import { comparePaths } from './compare-paths.js';
import type { Vault } from './vault.js';
import { joinVaultPath, parentOf } from './vault-path.js';
import { walkVault } from './walk-vault.js';

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
  const sources = new Map([[directory, realDirectory]]);
  const enter = ({ path }: { path: string }) => sources.has(path);
  for await (const { path, entry } of walkVault(vault.fs, directory, { enter, checkDeadline })) {
    if (!vault.isListed(path, entry.kind, entry.target)) continue;
    const source = entry.target ?? joinVaultPath(sources.get(parentOf(path))!, entry.name);
    if (entry.kind === 'file') files.push({ path, source });
    else sources.set(path, source);
  }
  return files.sort((a, b) => comparePaths(a.path, b.path));
}
