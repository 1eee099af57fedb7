import type { Vault } from '../vault/vault.js';
import { isVaultError } from '../vault/vault-error.js';
import { createLineCap } from './line-cap.js';
import type { FilesSearch, ListedFile } from './search-in-backend.js';
import type { CheckedQuery } from './search-pattern.js';
import { isSkipCode, type SearchedFile, searchText } from './search-text.js';

/**
 * Searches the files here, one after the other, each read as TextRead reads it, the query compiled
 * here now; lines are shown up to the cap, the files after it only counted. A file that is not text,
 * is too large or may not be read is skipped; one gone since the walk is passed over, unless it is the
 * one file asked for (its error is then the answer).
 */
export async function searchOneByOne(
  vault: Vault,
  files: readonly ListedFile[],
  search: FilesSearch & { query: CheckedQuery },
  oneFileAskedFor: boolean,
): Promise<SearchedFile[]> {
  const matcher = await search.query.compileHere();
  const cap = createLineCap(search.maxShown);
  const options = { contextLines: search.contextLines, maxShown: search.maxShown, checkDeadline: search.budget.check };
  const found: SearchedFile[] = [];
  for (const { path } of files) {
    search.budget.check();
    let text: string;
    try {
      text = (await vault.readText(path)).text;
    } catch (error) {
      if (oneFileAskedFor || !isVaultError(error) || (error.code !== 'NOT_FOUND' && !isSkipCode(error.code))) throw error;
      // Gone since the walk (removed, or moved by another call): searched as if listed a moment later.
      if (isSkipCode(error.code)) found.push({ path, skipped: error.code });
      continue;
    }
    options.maxShown = cap.room;
    const file = searchText(path, text, matcher, options);
    cap.add(file);
    if (file) found.push(file);
  }
  return found;
}
