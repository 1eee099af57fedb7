import { comparePaths } from './compare-paths.js';
import type { Vault } from './vault.js';
import { joinVaultPath, parentOf } from './vault-path.js';
import type { VaultError } from './vault-error.js';
import { walkVault } from './walk-vault.js';

/** A file found by a walk: its path as listed, and where it really is (the same path, unless a symlink leads there). */
export interface WalkedFile {
  path: string;
  /** The vault-relative path with no symlink on the way: what a backend opens to read the file. */
  source: string;
}

export interface WalkFilesOptions {
  /** Runs once per folder level: throws to stop the walk (a time budget). */
  checkDeadline: () => void;
  /** Where `directory` really is, when a symlink leads there. Default: `directory`. */
  realDirectory?: string;
  /** The caller passed `VaultFs.sync` with `true` (see `WalkOptions.afterSync`). Default false. */
  afterSync?: boolean;
}

/** What a walk found: the files, and the folders it could not read for want of permission (passed over), each sorted by path. */
export interface WalkedFiles {
  files: WalkedFile[];
  unreadable: string[];
}

/**
 * Every listed file below `directory` (hidden paths and other extensions left out, symlinked
 * folders not entered), sorted by path. The folders of one level are read at once. A folder the
 * backend refuses to list (`PERMISSION_DENIED`) is passed over and named, so that a search answers
 * for the rest of the vault; `directory` itself is not (its error is the answer).
 */
export async function walkFiles(
  vault: Vault,
  directory: string,
  { checkDeadline, realDirectory = directory, afterSync }: WalkFilesOptions,
): Promise<WalkedFiles> {
  const files: WalkedFile[] = [];
  const unreadable: string[] = [];
  const sources = new Map([[directory, realDirectory]]);
  const enter = ({ path }: { path: string }) => sources.has(path);
  const passOver = (folder: string, error: VaultError) => folder !== directory && error.code === 'PERMISSION_DENIED' && unreadable.push(folder) > 0;
  for await (const { path, entry } of walkVault(vault.fs, directory, { enter, checkDeadline, afterSync, passOver })) {
    if (!vault.isListed(path, entry.kind, entry.target)) continue;
    const source = entry.target ?? joinVaultPath(sources.get(parentOf(path))!, entry.name);
    if (entry.kind === 'file') files.push({ path, source });
    else sources.set(path, source);
  }
  return { files: files.sort((a, b) => comparePaths(a.path, b.path)), unreadable: unreadable.sort(comparePaths) };
}
