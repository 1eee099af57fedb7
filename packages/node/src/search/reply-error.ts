import { VaultError } from '@vault/core';
import { toVaultError } from '../disk/to-vault-error.js';

/** The error a search worker reported for one file of a batch (an errno, untranslated), as the backend reports it. */
export function replyError({ message, code, path }: { message: string; code?: string; path: string }): unknown {
  // ELOOP: the worker refused a symlink that appeared after the walk.
  if (code === 'ELOOP') return new VaultError('IO_ERROR', `${path} became a symlink during the search, and the search does not follow it there. Search again.`);
  // A query the worker could not compile: refused as core refuses it.
  if (code === 'INVALID_ARGUMENT') return new VaultError(code, message);
  return toVaultError(Object.assign(new Error(message), code ? { code } : {}), path);
}
