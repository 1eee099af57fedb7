import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type SearchedFile, type SearchFilesRequest, VaultError } from '@vault/core';
import { createOrderedResults, type OrderedResults } from './create-ordered-results.js';
import { racyMargin } from './create-warm-files.js';
import type { FillTask, SearchTask, SearchTaskReply, SearchWorkerData, WarmTotals } from './search-worker.js';
import { toVaultError } from '../disk/to-vault-error.js';

/** Worker threads that search files in parallel; made by `createSearchPool`. */
export interface SearchPool {
  /**
   * Searches the files at `paths` below the real folder `root`, results in the order of `paths`.
   * Rejects with TIMEOUT past `request.timeout`, and with the signal's reason once `request.signal` aborts.
   */
  search(root: string, paths: readonly string[], request: SearchFilesRequest): Promise<SearchedFile[]>;
  /**
   * Reads the files at `paths` into the workers' memory, a batch at a time whenever a worker has no
   * search to serve (files over `maxFileSize`, or over a worker's share of the memory, are not read);
   * resolves with what the workers keep once every batch is done.
   */
  fill(root: string, paths: readonly string[], maxFileSize: number): Promise<WarmTotals>;
  /** Starts the workers ahead of the first search. */
  warmUp(): void;
  /** Stops the workers (what they keep is freed) and fails the searches still running; any later search fails too. */
  close(): Promise<void>;
}

/**
 * Files per task, at least: small enough that a search waits little for another's batch, large enough
 * that messages stay few. A worker's part of a large search goes in `batchesPerShard` batches: each
 * message is a round trip between threads, which on a busy machine costs more than searching 64 warm files.
 */
const minBatchSize = 64;
const batchesPerShard = 4;
/** How long a worker may be busy with one batch before an idle one takes the batches waiting for it (a warm batch takes a few ms). */
const stealAfter = 250;

/** One worker's part of a search: its batches, how many are sent, their results so far. */
interface Shard {
  batches: (readonly string[])[];
  sent: number;
  results: OrderedResults;
}

/** A search in progress: its shards (one per worker), the batches still out, and how it ends. */
interface RunningSearch {
  root: string;
  /** The request as the workers get it: without the signal, which cannot be cloned. */
  request: Omit<SearchFilesRequest, 'signal'>;
  paths: readonly string[];
  shards: Shard[];
  unanswered: number;
  settled: boolean;
  resolve(results: SearchedFile[]): void;
  reject(error: unknown): void;
}

/** A fill in progress: the batches still out. */
interface RunningFill {
  unanswered: number;
  resolve(): void;
}

/** One batch of one search or fill, as given to a worker. */
type Task =
  | { id: number; search: RunningSearch; shard: number; batch: number }
  | { id: number; fill: RunningFill; root: string; paths: readonly string[]; maxFileSize: number };

/** A place for a worker, started when there is work for it; `task` is what it is doing now, `warm` what it keeps. */
interface Slot {
  worker?: Worker;
  task?: Task;
  /** When `task` was given (performance.now()). */
  since: number;
  warm: WarmTotals;
  /** Searches with batches for this worker still to send, served in turn. */
  waiting: RunningSearch[];
  /** Fill batches for this worker, sent when no search waits. */
  fills: Extract<Task, { fill: RunningFill }>[];
}

const timeoutMessage = 'The search ran past its time budget and was stopped. Narrow it with directoryPath or filePattern, or simplify the regex.';
const closedMessage = 'The vault was closed while searching, or before. Open it again to search.';

export interface SearchPoolOptions {
  /** Worker threads. Default: the cores, at most 4. */
  size?: number;
  /** Bytes of file text the workers keep in memory between searches, shared out evenly. Default 0: each search reads every file. */
  warmBytes?: number;
  /** How long (ms) a file must have gone unchanged before a worker keeps its text. Default `racyMargin`. */
  settleTime?: number;
}

/**
 * A pool of search workers, started on first use and left running (unref'd while idle, so they never
 * keep a process alive). Each file belongs to one worker (by a hash of its path), so a worker that
 * keeps the texts it read (`warmBytes`) finds them there at the next search. The searches share each
 * worker's queue, served in turn a batch at a time, and a worker takes its next batch when it replies.
 * A search that ends early (time budget, abort, error) drops its queued batches and terminates the
 * workers busy with its own, which stops even a regex stuck on one line (and frees what they kept);
 * fresh workers take their places, so other searches go on unharmed.
 */
export function createSearchPool(
  workerUrl: URL,
  { size = Math.max(1, Math.min(availableParallelism(), 4)), warmBytes = 0, settleTime = racyMargin }: SearchPoolOptions = {},
): SearchPool {
  const slots: Slot[] = Array.from({ length: size }, () => ({ since: 0, warm: { files: 0, bytes: 0 }, waiting: [], fills: [] }));
  const workerData: SearchWorkerData = { warmBytes: Math.floor(warmBytes / size), settleTime };
  let nextTaskId = 0;
  let closed = false;

  function startWorker(slot: Slot): Worker {
    const worker = new Worker(workerUrl, { workerData });
    worker.unref();
    // Once more when it is online: an unref made while a worker is still starting does not hold (seen
    // on Node 20 under load: a server that failed to start was kept alive by two idle workers).
    worker.once('online', () => slot.worker === worker && slot.task === undefined && worker.unref());
    // A worker replaced meanwhile (`slot.worker` is another) is no longer heard.
    worker.on('message', (reply: SearchTaskReply) => slot.worker === worker && onReply(slot, reply));
    worker.on('error', (error) => slot.worker === worker && onWorkerLost(slot, error));
    worker.on(
      'exit',
      () =>
        slot.worker === worker && onWorkerLost(slot, new VaultError('IO_ERROR', 'The search was interrupted: a search worker stopped unexpectedly. Retry.')),
    );
    return worker;
  }

  /** Terminates a slot's worker (a RegExp stuck on a line can be stopped no other way); the next task starts a fresh one. */
  function retire(slot: Slot): Promise<unknown> {
    const worker = slot.worker;
    const task = slot.task;
    slot.worker = undefined;
    slot.task = undefined;
    slot.warm = { files: 0, bytes: 0 };
    if (task && 'fill' in task) fillAnswered(task.fill);
    return worker?.terminate() ?? Promise.resolve();
  }

  /** The slot's next batch: of the search whose turn it is (which then goes to the back of the line), else of a fill. */
  function takeTask(slot: Slot, index: number): Task | undefined {
    const search = slot.waiting.shift();
    if (search === undefined) return slot.fills.shift();
    const shard = search.shards[index]!;
    const task = { id: nextTaskId++, search, shard: index, batch: shard.sent++ };
    if (shard.sent < shard.batches.length) slot.waiting.push(search);
    return task;
  }

  /**
   * Gives every idle worker a task while there are any: its own, else a batch of a worker busy with one
   * task for `stealAfter` ms (a regex stuck on a line must not hold up the other searches' files).
   */
  function dispatch() {
    if (closed) return;
    for (const [index, slot] of slots.entries()) {
      if (slot.task === undefined) {
        const task = takeTask(slot, index) ?? steal(index);
        if (task !== undefined) post(slot, task);
      }
    }
  }

  /** A batch waiting for another worker, busy long enough; else a second look once one will be. */
  function steal(thief: number): Task | undefined {
    const now = performance.now();
    let retryIn = Number.POSITIVE_INFINITY;
    for (const [index, slot] of slots.entries()) {
      if (index === thief || slot.waiting.length === 0 || slot.task === undefined) continue;
      const busyFor = now - slot.since;
      if (busyFor >= stealAfter) return takeTask(slot, index);
      retryIn = Math.min(retryIn, stealAfter - busyFor);
    }
    if (retryIn !== Number.POSITIVE_INFINITY && stealTimer === undefined) {
      stealTimer = setTimeout(() => {
        stealTimer = undefined;
        dispatch();
      }, retryIn + 1);
      stealTimer.unref();
    }
    return undefined;
  }
  let stealTimer: NodeJS.Timeout | undefined;

  function post(slot: Slot, task: Task) {
    slot.worker ??= startWorker(slot);
    const worker = slot.worker;
    slot.task = task;
    slot.since = performance.now();
    worker.ref();
    if ('fill' in task) {
      worker.postMessage({ id: task.id, root: task.root, paths: task.paths, fill: { maxFileSize: task.maxFileSize } } satisfies FillTask);
      return;
    }
    const { id, search, batch } = task;
    const shard = search.shards[task.shard]!;
    // Once this worker's earlier batches hold enough matches to show, its later ones only count:
    // the first matches of all are among the first of each worker's files.
    const counting = shard.results.matchesInOrder >= search.request.maxShown;
    try {
      // A batch taken from another worker is searched from disk, and not kept: it is that worker's to keep.
      const keep = slots[task.shard] === slot;
      worker.postMessage({
        id,
        root: search.root,
        paths: shard.batches[batch]!,
        request: counting ? { ...search.request, maxShown: 0 } : search.request,
        keep,
      } satisfies SearchTask);
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
    if ('warm' in reply) slot.warm = reply.warm;
    if ('fill' in task) fillAnswered(task.fill);
    else if ('error' in reply) stop(task.search, replyError(reply.error));
    else {
      task.search.shards[task.shard]!.results.add(task.batch, reply.found);
      task.search.unanswered -= 1;
      if (task.search.unanswered === 0) finish(task.search);
    }
    dispatch();
  }

  function fillAnswered(fill: RunningFill) {
    fill.unanswered -= 1;
    if (fill.unanswered === 0) fill.resolve();
  }

  /** A worker that failed or exited fails the search it was busy with, and only that one. */
  function onWorkerLost(slot: Slot, error: unknown) {
    const task = slot.task;
    void retire(slot);
    if (task && 'search' in task) stop(task.search, error);
    else dispatch();
  }

  /** Ends a search early: its queued batches dropped, the workers busy with its batches replaced. */
  function stop(search: RunningSearch, error: unknown) {
    if (search.settled) return;
    search.settled = true;
    for (const slot of slots) {
      const queued = slot.waiting.indexOf(search);
      if (queued >= 0) slot.waiting.splice(queued, 1);
      if (slot.task && 'search' in slot.task && slot.task.search === search) void retire(slot);
    }
    search.reject(error);
    dispatch();
  }

  /** The shards' results, each in path order, merged back into the order of `paths`. */
  function finish(search: RunningSearch) {
    search.settled = true;
    const found = search.shards.flatMap((shard) => shard.results.all());
    if (search.shards.length > 1) {
      const order = new Map(search.paths.map((path, index) => [path, index]));
      found.sort((a, b) => order.get(a.path)! - order.get(b.path)!);
    }
    search.resolve(found);
  }

  /** Each path's worker: a hash of the path (FNV-1a), the same at every search; remembered (a lookup costs less than the hash). */
  const shards = new Map<string, number>();
  function shardOf(path: string): number {
    let shard = shards.get(path);
    if (shard === undefined) {
      let hash = 0x811c9dc5;
      for (let index = 0; index < path.length; index += 1) hash = Math.imul(hash ^ path.charCodeAt(index), 0x01000193);
      shard = (hash >>> 0) % size;
      if (shards.size >= 1_000_000) shards.clear();
      shards.set(path, shard);
    }
    return shard;
  }

  /** The paths of each worker, in the order given, cut in batches. */
  function batchesOf(paths: readonly string[]): (readonly string[])[][] {
    const parts: string[][] = slots.map(() => []);
    for (const path of paths) parts[shardOf(path)]!.push(path);
    return parts.map((part) => {
      const batchSize = Math.max(minBatchSize, Math.ceil(part.length / batchesPerShard));
      return Array.from({ length: Math.ceil(part.length / batchSize) }, (_, batch) => part.slice(batch * batchSize, (batch + 1) * batchSize));
    });
  }

  function begin(root: string, paths: readonly string[], { signal, ...request }: SearchFilesRequest): Promise<SearchedFile[]> {
    return new Promise((resolve, reject) => {
      const shards = batchesOf(paths).map((batches) => ({ batches, sent: 0, results: createOrderedResults(batches.length) }));
      const search: RunningSearch = {
        root,
        request,
        paths,
        shards,
        unanswered: shards.reduce((sum, shard) => sum + shard.batches.length, 0),
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
        running.delete(search);
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      running.add(search);
      for (const [index, shard] of shards.entries()) if (shard.batches.length > 0) slots[index]!.waiting.push(search);
      dispatch();
    });
  }

  const running = new Set<RunningSearch>();

  return {
    warmUp() {
      if (!closed) for (const slot of slots) slot.worker ??= startWorker(slot);
    },

    search(root, paths, request) {
      if (closed) return Promise.reject(new VaultError('IO_ERROR', closedMessage));
      // Already cancelled: no work is started.
      if (request.signal?.aborted) return Promise.reject(request.signal.reason);
      return paths.length === 0 ? Promise.resolve([]) : begin(root, paths, request);
    },

    async fill(root, paths, maxFileSize) {
      const parts = closed || warmBytes === 0 ? [] : batchesOf(paths);
      const batches = parts.reduce((sum, part) => sum + part.length, 0);
      if (batches > 0) {
        await new Promise<void>((resolve) => {
          const fill: RunningFill = { unanswered: batches, resolve };
          for (const [index, part] of parts.entries())
            for (const batch of part)
              slots[index]!.fills.push({ id: nextTaskId++, fill, root, paths: batch, maxFileSize: Math.min(maxFileSize, workerData.warmBytes) });
          dispatch();
        });
      }
      return { files: slots.reduce((sum, slot) => sum + slot.warm.files, 0), bytes: slots.reduce((sum, slot) => sum + slot.warm.bytes, 0) };
    },

    async close() {
      closed = true;
      clearTimeout(stealTimer);
      for (const task of slots.flatMap((slot) => slot.fills.splice(0))) fillAnswered(task.fill);
      for (const search of running) stop(search, new VaultError('IO_ERROR', closedMessage));
      await Promise.all(slots.map(retire));
    },
  };
}

/** The error a worker reported for one file, as the backend reports it (a VaultError for an errno). */
function replyError({ message, code, path }: { message: string; code?: string; path: string }): unknown {
  // ELOOP: the worker refused a symlink that appeared after the walk.
  if (code === 'ELOOP') return new VaultError('IO_ERROR', `${path} became a symlink during the search, and the search does not follow it there. Search again.`);
  return toVaultError(Object.assign(new Error(message), code ? { code } : {}), path);
}
