import { fileHash } from '../../text/file-hash.js';
import type { Vault } from '../../vault/vault.js';
import { VaultError } from '../../vault/vault-error.js';

/** Refuses with STALE_FILE when the file's bytes no longer have the `expectedHash` the agent read. */
export async function checkHash(vault: Vault, path: string, bytes: Uint8Array, expectedHash: string | undefined): Promise<void> {
  if (expectedHash === undefined || (await fileHash(bytes, vault.fs)) === expectedHash.toLowerCase()) return;
  throw new VaultError(
    'STALE_FILE',
    `${path} has changed since you read it (its fileHash is no longer ${expectedHash}), so the edit was not applied. Read the file again with TextRead and redo the edit on its current content.`,
  );
}
