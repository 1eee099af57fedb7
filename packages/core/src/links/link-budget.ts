import { createSearchBudget, type SearchBudget } from '../search/search-budget.js';
import type { Vault } from '../vault/vault.js';

/** The time budget of a link-aware Move's (or RemoveFile's) reading: the search's. */
export function linkBudget(vault: Vault, signal: AbortSignal): SearchBudget {
  return createSearchBudget(
    vault,
    signal,
    `Finding the links to update took longer than the budget of ${vault.options.searchTimeout} ms, so nothing was moved. Move with \`updateLinks: false\` and fix links with TextSearch and TextEdit.`,
  );
}
