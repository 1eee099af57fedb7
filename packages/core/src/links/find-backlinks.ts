import type { SearchBudget } from '../search/search-budget.js';
import type { Vault } from '../vault/vault.js';
import { findLinksTo } from './find-links-to.js';

/**
 * The notes (sorted, other than the file itself) with a link that leads to the file at `path` as the vault is now, and to
 * no one file once it is gone: a link a note of the same name elsewhere would then take is not broken (as Links says).
 */
export async function findBacklinks(vault: Vault, path: string, budget: SearchBudget): Promise<string[]> {
  const { links } = await findLinksTo(vault, path, budget, true);
  return [...new Set(links.filter((link) => !link.leadsElsewhere).map((link) => link.file))];
}
