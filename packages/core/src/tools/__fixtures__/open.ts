import { createMemoryFs, type VaultSeed } from '../../vault/memory-fs.js';
import { createVault, type VaultOptions } from '../../vault/vault.js';

/** A vault on the in-memory backend seeded from a plain object: the backend, to assert on with `toJSON()`, and the vault. */
export function open(seed: VaultSeed = {}, options: VaultOptions = {}) {
  const fs = createMemoryFs(seed);
  return { fs, vault: createVault(fs, options) };
}
