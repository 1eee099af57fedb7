import { fileHash } from '../../text/file-hash.js';
import type { Vault } from '../../vault/vault.js';

/**
 * With history, the fileHash of the file right before the latest change that touched it (maybe made
 * on another server sharing the remote); `undefined` without history, or when it had no file then.
 */
export async function hashBeforeLastChange(vault: Vault, path: string): Promise<string | undefined> {
  const history = vault.fs.history;
  if (history === undefined) return undefined;
  const [last] = (await history.log({ path, offset: 0, maxResults: 1, shows: () => true })).changes;
  if (last === undefined) return undefined;
  const before = (await history.filesOf(last.id, vault.options.maxFileSize)).files.find((file) => file.path === path)?.before;
  return before && fileHash(before, vault.fs);
}
