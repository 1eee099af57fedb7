import { VaultError, type ErrorCode } from '@vault/core';

/** What each errno means for a tool, with the next step. Anything else is an IO_ERROR. */
const errnoCodes: Record<string, [ErrorCode, string]> = {
  ENOENT: ['NOT_FOUND', 'does not exist. Check the path with ListFiles or TextSearch.'],
  EEXIST: ['ALREADY_EXISTS', 'already exists. Choose another path.'],
  ENOTDIR: ['NOT_A_DIRECTORY', 'has a file where a folder is expected. Check the path.'],
  EISDIR: ['NOT_A_FILE', 'is a folder, not a file. Pass a file path.'],
  EACCES: ['PERMISSION_DENIED', 'is not accessible with the permissions the server runs with. Fix the permissions or choose another path.'],
  EPERM: ['PERMISSION_DENIED', 'may not be changed (operation not permitted). Fix the permissions or choose another path.'],
  EROFS: ['PERMISSION_DENIED', 'is on a read-only file system. Choose another place.'],
  ENAMETOOLONG: ['INVALID_ARGUMENT', 'is too long a name for the file system. Choose a shorter name.'],
  ELOOP: ['IO_ERROR', 'goes through a loop of symlinks. Fix or remove the symlink.'],
  ENOSPC: ['IO_ERROR', 'could not be written: the disk is full. Free some space and retry.'],
  EMFILE: ['IO_ERROR', 'could not be opened: too many open files. Retry in a moment.'],
};

/**
 * The one place where Node's errors become `VaultError`s. Messages name the vault-relative path
 * only, never the host's layout.
 */
export function toVaultError(error: unknown, relativePath: string): unknown {
  const errno = (error as NodeJS.ErrnoException | undefined)?.code;
  // A VaultError stays as it is; so does a bug (no errno), for the adapter to log and report as IO_ERROR.
  if (error instanceof VaultError || typeof errno !== 'string') return error;
  const [code, explanation] = errnoCodes[errno] ?? ['IO_ERROR', `could not be accessed (${errno}). Retry, or check the disk.`];
  return new VaultError(code, `${relativePath || 'The vault root'} ${explanation}`, { errno });
}

/** Runs `work`; an errno it fails with becomes a `VaultError` naming `relativePath` (see `toVaultError`). */
export async function withErrorsTranslated<T>(relativePath: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toVaultError(error, relativePath);
  }
}
