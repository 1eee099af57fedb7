import type { Vault } from '../vault/vault.js';
import { VaultError } from '../vault/vault-error.js';
import { keptWalkFiles } from '../vault/kept-walk-files.js';
import type { WalkedFiles } from '../vault/walk-files.js';
import { compileGlob } from './text-search/compile-glob.js';

/** Where a search looks: below a folder (default the root, the trash when asked), the files a glob takes. */
export interface SearchScope {
  directoryPath?: string | undefined;
  filePattern?: string | undefined;
}

/**
 * The listed files below `directoryPath` whose paths `filePattern` matches (a pattern without "/"
 * is matched against the file name, so "*.md" finds files at any depth), sorted by path, and the
 * folders below it that could not be read (`unreadable`, whatever the pattern: what they hold is not known).
 * `ofAFile` is the NOT_A_DIRECTORY message when `directoryPath` is a file. After a sync point of the
 * backend's watch (`afterSync`), the walk of an unchanged folder is the one kept (`keptWalkFiles`).
 */
export async function filesBelow(
  vault: Vault,
  scope: SearchScope,
  { checkDeadline, afterSync = false }: { checkDeadline: () => void; afterSync?: boolean },
  ofAFile: (path: string) => string,
): Promise<WalkedFiles> {
  const directory = vault.resolvePath(scope.directoryPath ?? '', { trash: 'read' });
  const stat = await vault.statExisting(directory);
  if (stat.kind !== 'directory') throw new VaultError('NOT_A_DIRECTORY', ofAFile(directory));
  const found = await keptWalkFiles(vault, directory, { checkDeadline, realDirectory: stat.target, afterSync });
  if (scope.filePattern === undefined || scope.filePattern === '') return found;
  const matches = await compileGlob(scope.filePattern);
  const subject = scope.filePattern.includes('/') ? (path: string) => path : (path: string) => path.slice(path.lastIndexOf('/') + 1);
  return { files: found.files.filter((file) => matches(subject(file.path))), unreadable: found.unreadable };
}

/** The folders a walk could not list, as an answer names them among the files it skipped: `folder/`, for want of permission. */
export function skippedFolders(unreadable: readonly string[]): { path: string; reason: 'PERMISSION_DENIED' }[] {
  return unreadable.map((folder) => ({ path: `${folder}/`, reason: 'PERMISSION_DENIED' }));
}
