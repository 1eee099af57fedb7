import type { Vault } from '../vault/vault.js';
import { VaultError } from '../vault/vault-error.js';

/** The time budget of a link-aware Move's (or RemoveFile's) reading: the search's. */
export interface LinkBudget {
  /** Throws `timedOut()` past the budget, or the signal's reason once the call is cancelled. */
  check(): void;
  /** Milliseconds left. */
  remaining(): number;
  timedOut(): VaultError;
  signal: AbortSignal;
}

export function linkBudget(vault: Vault, signal: AbortSignal): LinkBudget {
  const deadline = Date.now() + vault.options.searchTimeout;
  const budget: LinkBudget = {
    check() {
      signal.throwIfAborted();
      if (Date.now() > deadline) throw budget.timedOut();
    },
    remaining: () => Math.max(0, deadline - Date.now()),
    timedOut: () =>
      new VaultError(
        'TIMEOUT',
        `Finding the links to update took longer than the budget of ${vault.options.searchTimeout} ms, so nothing was moved. Move with \`updateLinks: false\` and fix links with TextSearch and TextEdit.`,
      ),
    signal,
  };
  return budget;
}
