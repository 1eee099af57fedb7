import type { SearchBudget } from '../search/search-budget.js';
import type { Vault } from '../vault/vault.js';
import { findLinksTo } from './find-links-to.js';

/** The notes (sorted, other than the file itself) with a link that leads to the file at `path`, as the vault is now. */
export async function findBacklinks(vault: Vault, path: string, budget: SearchBudget): Promise<string[]> {
  const { links } = await findLinksTo(vault, path, budget);
  return [...new Set(links.map((link) => link.file))];
}
