import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type FileSearchResult, type SearchFilesRequest, VaultError } from '@vault/core';
import { createOrderedResults, type OrderedResults } from './create-ordered-results.js';
import type { SearchTask, SearchTaskReply } from './search-worker.js';
import { toVaultError } from './to-vault-error.js';

/** Worker threads that search files in parallel; made by `createSearchPool`. */
export interface SearchPool {
  /**
   * Searches the files at `paths` below the real folder `root`, results in the order of `paths`.
   * Rejects with TIMEOUT past `request.timeout`, and with the signal's reason once `request.signal` aborts.
   */
  search(root: string, paths: readonly string[], request: SearchFilesRequest): Promise<FileSearchResult[]>;
  /** Starts the workers ahead of the first search. */
  warmUp(): void;
}

/** Files per task: small enough to share the work out evenly, large enough that messages stay few. */
const batchSize = 64;

/** A search in progress: its batches, how many are sent, their results so far, and how it ends. */
interface RunningSearch {
  root: string;
  /** The request as the workers get it: without the signal, which cannot be cloned. */
  request: Omit<SearchFilesRequest, 'signal'>;
  batches: (readonly string[])[];
  sent: number;
  results: OrderedResults;
  settled: boolean;
  resolve(results: FileSearchResult[]): void;
  reject(error: unknown): void;
}

/** One batch of one search, as given to a worker. */
interface Task {
  id: number;
  search: RunningSearch;
  batch: number;
}

/** A place for a worker, started when there is work for it; `task` is what it is searching now. */
interface Slot {
  worker?: Worker;
  task?: Task;
}

const timeoutMessage = 'The search ran past its time budget and was stopped. Narrow it with directoryPath or filePattern, or simplify the regex.';

/**
 * A pool of `size` search workers, started on first use and left running (unref'd while idle, so they
 * never keep a process alive). The searches share one queue, served in turn a batch at a time, and a
 * worker takes the next batch when it replies. A search that ends early (time budget, abort, error)
 * drops its queued batches and terminates the workers busy with its own, which stops even a regex
 * stuck on one line; fresh workers take their places, so other searches go on unharmed.
 */
export function createSearchPool(workerUrl: URL, size = Math.max(1, Math.min(availableParallelism(), 4))): SearchPool {
  const slots: Slot[] = Array.from({ length: size }, () => ({}));
  /** Searches with batches still to send, served in turn. */
  const waiting: RunningSearch[] = [];
  let nextTaskId = 0;

  function startWorker(slot: Slot): Worker {
    const worker = new Worker(workerUrl);
    worker.unref();
    // Once more when it is online: an unref made while a worker is still starting does not hold (seen
    // on Node 20 under load: a server that failed to start was kept alive by two idle workers).
    worker.once('online', () => slot.worker === worker && slot.task === undefined && worker.unref());
    // A worker replaced meanwhile (`slot.worker` is another) is no longer heard.
    worker.on('message', (reply: SearchTaskReply) => slot.worker === worker && onReply(slot, reply));
    worker.on('error', (error) => slot.worker === worker && onWorkerLost(slot, error));
    worker.on('exit', () => slot.worker === worker && onWorkerLost(slot, new VaultError('IO_ERROR', 'The search was interrupted: a search worker stopped unexpectedly. Retry.')));
    return worker;
  }

  /** Terminates a slot's worker (a RegExp stuck on a line can be stopped no other way); the next task starts a fresh one. */
  function retire(slot: Slot) {
    const worker = slot.worker;
    slot.worker = undefined;
    slot.task = undefined;
    void worker?.terminate();
  }

  /** The next batch of the search whose turn it is, which then goes to the back of the line. */
  function takeTask(): Task | undefined {
    const search = waiting.shift();
    if (search === undefined) return undefined;
    const task = { id: nextTaskId++, search, batch: search.sent++ };
    if (search.sent < search.batches.length) waiting.push(search);
    return task;
  }

  /** Gives every idle worker a task while there are any. */
  function dispatch() {
    for (const slot of slots) {
      if (slot.task !== undefined) continue;
      const task = takeTask();
      if (task === undefined) return;
      post(slot, task);
    }
  }

  function post(slot: Slot, task: Task) {
    const { id, search, batch } = task;
    slot.worker ??= startWorker(slot);
    const worker = slot.worker;
    const counting = search.results.matchesInOrder >= search.request.maxShown;
    slot.task = task;
    worker.ref();
    try {
      worker.postMessage({ id, root: search.root, paths: search.batches[batch]!, request: counting ? { ...search.request, maxShown: 0 } : search.request } satisfies SearchTask);
    } catch (error) {
      // A request that cannot be cloned fails its own search, and the worker stays free for the others.
      slot.task = undefined;
      worker.unref();
      stop(search, error);
    }
  }

  function onReply(slot: Slot, reply: SearchTaskReply) {
    const task = slot.task;
    if (task === undefined || reply.id !== task.id) return;
    slot.task = undefined;
    slot.worker?.unref();
    if ('error' in reply) stop(task.search, replyError(reply.error));
    else if (task.search.results.add(task.batch, reply.found)) finish(task.search);
    dispatch();
  }

  /** A worker that failed or exited fails the search it was busy with, and only that one. */
  function onWorkerLost(slot: Slot, error: unknown) {
    const search = slot.task?.search;
    retire(slot);
    if (search) stop(search, error);
    else dispatch();
  }

  /** Ends a search early: its queued batches dropped, the workers busy with its batches replaced. */
  function stop(search: RunningSearch, error: unknown) {
    if (search.settled) return;
    search.settled = true;
    const queued = waiting.indexOf(search);
    if (queued >= 0) waiting.splice(queued, 1);
    for (const slot of slots) if (slot.task?.search === search) retire(slot);
    search.reject(error);
    dispatch();
  }

  function finish(search: RunningSearch) {
    search.settled = true;
    search.resolve(search.results.all());
  }

  function begin(root: string, batches: (readonly string[])[], { signal, ...request }: SearchFilesRequest): Promise<FileSearchResult[]> {
    return new Promise((resolve, reject) => {
      const search: RunningSearch = {
        root,
        request,
        batches,
        sent: 0,
        results: createOrderedResults(batches.length),
        settled: false,
        resolve(results) {
          cleanUp();
          resolve(results);
        },
        reject(error) {
          cleanUp();
          reject(error);
        },
      };
      const onAbort = () => stop(search, signal!.reason);
      const timer = setTimeout(() => stop(search, new VaultError('TIMEOUT', timeoutMessage)), Math.min(Math.max(0, request.timeout), 2 ** 31 - 1));
      function cleanUp() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(search);
      dispatch();
    });
  }

  return {
    warmUp() {
      for (const slot of slots) slot.worker ??= startWorker(slot);
    },

    search(root, paths, request) {
      // Already cancelled: no work is started.
      if (request.signal?.aborted) return Promise.reject(request.signal.reason);
      const batches: (readonly string[])[] = [];
      for (let index = 0; index < paths.length; index += batchSize) batches.push(paths.slice(index, index + batchSize));
      return batches.length === 0 ? Promise.resolve([]) : begin(root, batches, request);
    },
  };
}

/** The error a worker reported for one file, as the backend reports it (a VaultError for an errno). */
function replyError({ message, code, path }: { message: string; code?: string; path: string }): unknown {
  // ELOOP: the worker refused a symlink that appeared after the walk.
  if (code === 'ELOOP') return new VaultError('IO_ERROR', `${path} became a symlink during the search, and the search does not follow it there. Search again.`);
  return toVaultError(Object.assign(new Error(message), code ? { code } : {}), path);
}
