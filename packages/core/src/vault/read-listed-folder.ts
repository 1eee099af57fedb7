import { isVaultError } from './vault-error.js';
import type { VaultDirectoryEntry, VaultFs } from './vault-fs.js';

/**
 * The entries of a folder a walk has found (in a listing, or checked before the walk): none when it
 * is gone since (removed or moved by another call), as if it had been listed a moment later. A walk
 * never fails with NOT_FOUND for a folder nobody named.
 */
export async function readListedFolder(fs: VaultFs, path: string, options?: { sizes?: boolean }): Promise<VaultDirectoryEntry[]> {
  try {
    return await fs.readDirectory(path, options);
  } catch (error) {
    if (isVaultError(error) && error.code === 'NOT_FOUND') return [];
    throw error;
  }
}
