import { createMemoryFs, type MemoryFs, type VaultSeed } from '../../vault/memory-fs.js';
import { VaultError } from '../../vault/vault-error.js';

/** A memory backend whose rename loses a race once: another removal takes the name first (its file appears there) and the rename is refused, as a no-replace rename would. */
export function createRacingFs(seed: VaultSeed): MemoryFs & { renames: string[] } {
  const inner = createMemoryFs(seed);
  const renames: string[] = [];
  return {
    ...inner,
    renames,
    async rename(from, to) {
      renames.push(to);
      if (renames.length === 1) {
        await inner.writeFile(to, new TextEncoder().encode('taken by another removal'));
        throw new VaultError('ALREADY_EXISTS', `${to} already exists.`);
      }
      await inner.rename(from, to);
    },
  };
}
