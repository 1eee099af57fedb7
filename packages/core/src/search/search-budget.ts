import type { Vault } from '../vault/vault.js';
import { VaultError } from '../vault/vault-error.js';

/** The time budget of a search (TextSearch's, a link lookup's), and the TIMEOUT its caller gives past it. */
export interface SearchBudget {
  /** Throws `timedOut()` past the budget, or the signal's reason once the call is cancelled. */
  check(): void;
  /** Milliseconds left. */
  remaining(): number;
  /** The caller's TIMEOUT: what ran past the budget, and what to do then. */
  timedOut(): VaultError;
  signal: AbortSignal;
}

/** A budget of the vault's `searchTimeout` from now; `message` is the TIMEOUT's. */
export function createSearchBudget(vault: Vault, signal: AbortSignal, message: string): SearchBudget {
  const deadline = Date.now() + vault.options.searchTimeout;
  const budget: SearchBudget = {
    check() {
      signal.throwIfAborted();
      if (Date.now() > deadline) throw budget.timedOut();
    },
    remaining: () => Math.max(0, deadline - Date.now()),
    timedOut: () => new VaultError('TIMEOUT', message),
    signal,
  };
  return budget;
}
