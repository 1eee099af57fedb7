import type { LineIndex } from './stream-window.js';
import type { VaultFs } from '../vault/vault-fs.js';

/** Files whose line index a backend keeps, the most recently read ones. */
const maxIndexes = 16;

const caches = new WeakMap<VaultFs, Map<string, { version: string; index: LineIndex }>>();

/**
 * The line indexes of the large files read last, per backend, each under the version its backend
 * gave the file when the scan began (see `VaultFs.version`): a file changed since has another
 * version, and is scanned again.
 */
export const lineIndexCache = {
  get(fs: VaultFs, path: string, version: string): LineIndex | undefined {
    const cached = caches.get(fs)?.get(path);
    return cached?.version === version ? cached.index : undefined;
  },
  set(fs: VaultFs, path: string, version: string, index: LineIndex): void {
    const cache = caches.get(fs) ?? new Map<string, { version: string; index: LineIndex }>();
    caches.set(fs, cache);
    cache.delete(path);
    cache.set(path, { version, index });
    if (cache.size > maxIndexes) cache.delete(cache.keys().next().value!);
  },
};
