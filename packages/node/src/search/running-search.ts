import { VaultError } from '@vault/core';
import { createLineCap, type LineCap, type SearchedFile, type SearchFilesRequest } from '@vault/core/search-backend';
import { createOrderedResults, type OrderedResults } from './create-ordered-results.js';

const timeoutMessage = 'The search ran past its time budget and was stopped. Narrow it with directoryPath or filePattern, or simplify the regex.';

/** One worker's part of a search: its batches, how many are sent, their results so far, and the cap they set on the lines its next batch shows. */
export interface Shard {
  batches: (readonly string[])[];
  sent: number;
  cap: LineCap;
  results: OrderedResults;
}

/** A search in progress: its shards (one per worker), the batches still out, and how it ends. */
export interface RunningSearch {
  root: string;
  /** The request as the workers get it: without the signal, which cannot be cloned. */
  request: Omit<SearchFilesRequest, 'signal'>;
  paths: readonly string[];
  /** Whether a watch has seen every change made before the search began, so the texts it covers are used unchecked. */
  watched: boolean;
  /** Whether the workers keep what they read for it (while no fill reads the files in). */
  keepRead: boolean;
  shards: Shard[];
  unanswered: number;
  settled: boolean;
  resolve(results: SearchedFile[]): void;
  reject(error: unknown): void;
}

/**
 * A search of `paths` below `root`, cut into each worker's `batches`, and the promise of its results.
 * It is in `running` until it ends; past `request.timeout` (with TIMEOUT) or once `request.signal`
 * aborts (with its reason), `stop` is asked to end it. Either end clears the timer and the listener.
 */
export function startSearch(
  root: string,
  paths: readonly string[],
  { signal, ...request }: SearchFilesRequest,
  batches: (readonly string[])[][],
  running: Set<RunningSearch>,
  stop: (search: RunningSearch, error: unknown) => void,
  { watched, keepRead }: { watched: boolean; keepRead: boolean },
): { search: RunningSearch; done: Promise<SearchedFile[]> } {
  let search!: RunningSearch;
  const done = new Promise<SearchedFile[]>((resolve, reject) => {
    const shards = batches.map((parts) => {
      const cap = createLineCap(request.maxShown);
      return { batches: parts, sent: 0, cap, results: createOrderedResults(parts.length, cap) };
    });
    const onAbort = () => stop(search, signal!.reason);
    const timer = setTimeout(() => stop(search, new VaultError('TIMEOUT', timeoutMessage)), Math.min(Math.max(0, request.timeout), 2 ** 31 - 1));
    const end = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      running.delete(search);
    };
    const unanswered = shards.reduce((sum, shard) => sum + shard.batches.length, 0);
    search = {
      root,
      request,
      paths,
      watched,
      keepRead,
      shards,
      unanswered,
      settled: false,
      resolve(found) {
        end();
        resolve(found);
      },
      reject(error) {
        end();
        reject(error);
      },
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    running.add(search);
  });
  return { search, done };
}

/** Stores the results of a search's batch; whether every batch is in now. */
export function answered(search: RunningSearch, shard: number, batch: number, found: SearchedFile[]): boolean {
  search.shards[shard]!.results.add(batch, found);
  search.unanswered -= 1;
  return search.unanswered === 0;
}
