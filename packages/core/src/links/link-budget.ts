import type { Vault } from '../vault.js';
import { VaultError } from '../vault-error.js';

/**
 * The time budget of a link-aware Move's reading (the search's budget): the returned check throws
 * `TIMEOUT` past it, before anything moved, or the signal's reason once the call is cancelled.
 */
export function linkBudget(vault: Vault, signal: AbortSignal): () => void {
  const deadline = Date.now() + vault.options.searchTimeout;
  return () => {
    signal.throwIfAborted();
    if (Date.now() > deadline) {
      throw new VaultError(
        'TIMEOUT',
        `Finding the links to update took longer than the budget of ${vault.options.searchTimeout} ms, so nothing was moved. Move with \`updateLinks: false\` and fix links with TextSearch and TextEdit.`,
      );
    }
  };
}
