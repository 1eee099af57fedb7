import type { Vault } from '../vault/vault.js';
import { isVaultError } from '../vault/vault-error.js';
import type { SearchBudget } from './search-budget.js';
import { longLiteral, type SearchQuery } from './search-pattern.js';
import type { SearchedFile } from './search-text.js';

/** From this many files on, a backend's own `searchFiles` (when it has one) searches them in parallel: below it, a round trip to its workers costs more than the reading. */
export const parallelSearchThreshold = 100;

/** A file as a walk listed it: the path it is shown at, and where it really is (`source`, with no symlink on the way), which a backend opens. */
export interface ListedFile {
  path: string;
  source: string;
}

/** A search of files: what it looks for, how many matching lines it shows (then only counts), and its time budget. */
export interface FilesSearch {
  query: SearchQuery;
  contextLines: number;
  maxShown: number;
  budget: SearchBudget;
  /**
   * True for a pattern of core's own (the link lookup's), which cannot run away on this thread: it
   * goes to the backend only for many files. A user's regex or long literal goes there whatever their
   * number, since only there can the budget stop it.
   */
  ownPattern?: boolean;
  /** The caller passed `VaultFs.sync` with `true` since its work began (see `SearchFilesRequest.afterSync`). */
  afterSync?: boolean;
}

/**
 * The one place that says where a search of files runs: in the backend's own search
 * (`VaultFs.searchFiles`, the Node backend's worker threads) when it has one, for
 * `parallelSearchThreshold` files or more, and for a query that could run long here (a regex; a long
 * literal, on which V8's engine is superlinear in periodic text), which there the budget and a
 * cancellation can stop even stuck on one line. Resolves to the backend's results in the order of
 * `files`, each under the path it was listed at (a file listed at two paths is searched once), with
 * the budget's own TIMEOUT past it; or to `undefined` when the files are to be searched here, one at
 * a time, by the caller.
 */
export async function searchInBackend(vault: Vault, files: readonly ListedFile[], search: FilesSearch): Promise<SearchedFile[] | undefined> {
  const { query, contextLines, maxShown, budget } = search;
  const searchFiles = vault.fs.searchFiles;
  if (searchFiles === undefined || !(files.length >= parallelSearchThreshold || (!search.ownPattern && mayRunLong(query)))) return undefined;
  // Files listed where they are (no symlink leads to any): the backend's results are the answer as they are.
  const { aliased, sources } = sourcesOf(files);
  const request = { query: query.query, regex: query.regex, caseSensitive: query.caseSensitive, contextLines, maxShown, afterSync: search.afterSync ?? false };
  const found = await searchFiles(sources, { ...request, maxFileSize: vault.options.maxFileSize, timeout: budget.remaining(), signal: budget.signal }).catch(
    (error: unknown) => {
      throw isVaultError(error) && error.code === 'TIMEOUT' ? budget.timedOut() : error;
    },
  );
  if (!aliased) return found;
  const bySource = new Map(found.map((file) => [file.path, file]));
  return files.flatMap((file) => {
    const result = bySource.get(file.source);
    return result ? [{ ...result, path: file.path }] : [];
  });
}

/**
 * The paths the backend searches: each file's `source`, once (a file listed at two paths is searched
 * once), and whether any is listed elsewhere than where it is (`aliased`). The same list of files (a
 * walk kept between searches) gives the same answer, the same array, which a backend may recognise and
 * not cut up again: nothing of the list is looked at again.
 */
const sourcesKept = new WeakMap<readonly ListedFile[], { aliased: boolean; sources: readonly string[] }>();

function sourcesOf(files: readonly ListedFile[]): { aliased: boolean; sources: readonly string[] } {
  let kept = sourcesKept.get(files);
  if (kept === undefined) {
    const aliased = files.some((file) => file.path !== file.source);
    kept = { aliased, sources: aliased ? [...new Set(files.map((file) => file.source))] : files.map((file) => file.source) };
    sourcesKept.set(files, kept);
  }
  return kept;
}

/** Whether a query could run long on this thread, where no budget stops a RegExp stuck on one line. */
function mayRunLong({ query, regex }: SearchQuery): boolean {
  return regex || query.length > longLiteral;
}
