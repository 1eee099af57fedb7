import type { Vault } from '../vault/vault.js';
import { VaultError } from '../vault/vault-error.js';
import { keptWalkFiles } from '../vault/kept-walk-files.js';
import type { WalkedFile } from '../vault/walk-files.js';
import { compileGlob } from './text-search/compile-glob.js';

/** Where a search looks: below a folder (default the root, the trash when asked), the files a glob takes. */
export interface SearchScope {
  directoryPath?: string | undefined;
  filePattern?: string | undefined;
}

/**
 * The listed files below `directoryPath` whose paths `filePattern` matches (a pattern without "/"
 * is matched against the file name, so "*.md" finds files at any depth), sorted by path.
 * `ofAFile` is the NOT_A_DIRECTORY message when `directoryPath` is a file. After a sync point of the
 * backend's watch (`afterSync`), the walk of an unchanged folder is the one kept (`keptWalkFiles`).
 */
export async function filesBelow(
  vault: Vault,
  scope: SearchScope,
  { checkDeadline, afterSync = false }: { checkDeadline: () => void; afterSync?: boolean },
  ofAFile: (path: string) => string,
): Promise<WalkedFile[]> {
  const directory = vault.resolvePath(scope.directoryPath ?? '', { trash: 'read' });
  const stat = await vault.statExisting(directory);
  if (stat.kind !== 'directory') throw new VaultError('NOT_A_DIRECTORY', ofAFile(directory));
  const files = await keptWalkFiles(vault, directory, { checkDeadline, realDirectory: stat.target, afterSync });
  if (scope.filePattern === undefined || scope.filePattern === '') return files;
  const matches = await compileGlob(scope.filePattern);
  const subject = scope.filePattern.includes('/') ? (path: string) => path : (path: string) => path.slice(path.lastIndexOf('/') + 1);
  return files.filter((file) => matches(subject(file.path)));
}
