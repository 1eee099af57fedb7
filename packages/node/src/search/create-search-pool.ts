import { availableParallelism } from 'node:os';
import { type SearchFilesRequest, VaultError } from '@vault/core';
import type { SearchedFile } from '@vault/core/search-backend';
import { createScheduler, type Scheduler, type Task } from './create-scheduler.js';
import { createSharding, type Sharding } from './create-sharding.js';
import { racyMargin } from './create-warm-files.js';
import { mergeShards } from './merge-shards.js';
import { unpackResults } from './packed-results.js';
import { replyError } from './reply-error.js';
import { answered, type RunningSearch, startSearch } from './running-search.js';
import {
  type FillTask,
  keptBatches,
  type SearchTask,
  type SearchTaskReply,
  type SearchWorkerData,
  type WarmTotals,
  type WorkerNotice,
} from './search-worker.js';
import { createSlot, retire, type Slot, workerOf } from './worker-slot.js';

/** Worker threads that search files in parallel; made by `createSearchPool`. */
export interface SearchPool {
  /**
   * Searches the files at `paths` below the real folder `root`, results in the order of `paths`.
   * Rejects with TIMEOUT past `request.timeout`, and with the signal's reason once `request.signal` aborts.
   * `watched`: a watch has seen every change made before this call (told to the workers through `tell`),
   * so the texts kept under it are used with no check. `keepRead` (default true): whether the workers keep
   * what they read (false while a watch is starting: the fill that follows reads the files in, and the
   * search reads from disk, the cheaper way).
   */
  search(root: string, paths: readonly string[], request: SearchFilesRequest, how?: { watched?: boolean; keepRead?: boolean }): Promise<SearchedFile[]>;
  /** Tells every worker running, in order with the tasks given them: files changed, or whether a watch covers the vault (workers started later are told too). */
  tell(notice: WorkerNotice): void;
  /**
   * Reads the files at `listing` (the paths, or their walk under way) into the workers' memory, a batch
   * at a time whenever a worker has no search to serve (files over `maxFileSize`, or over a worker's
   * share of the memory, are not read); resolves with what the workers keep once every batch is done.
   * From the call until then, searches keep nothing they read (reading from disk is the cheaper way).
   */
  fill(root: string, listing: readonly string[] | Promise<readonly string[]>, maxFileSize: number): Promise<WarmTotals>;
  /** Starts the workers ahead of the first search. */
  warmUp(): void;
  /** Stops the workers (what they keep is freed) and fails the searches still running; any later search fails too. */
  close(): Promise<void>;
}

export interface SearchPoolOptions {
  /** Worker threads. Default: the cores, at most 4. */
  size?: number;
  /** Bytes of file text the workers keep in memory between searches, shared out evenly. Default 0: each search reads every file. */
  warmBytes?: number;
  /** How long (ms) a file must have gone unchanged before a worker keeps its text. Default `racyMargin`. */
  settleTime?: number;
}

/** The parts of a pool, as its steps share them. */
interface Pool {
  slots: Slot[];
  sharding: Sharding;
  scheduler: Scheduler;
  running: Set<RunningSearch>;
  /** Fills under way: while one reads the files in, a search does not keep what it reads (it reads from disk, the cheaper way). */
  fills: number;
  /** The slot's worker, started now if it has none. */
  workerOf(slot: Slot): ReturnType<typeof workerOf>;
}

/** Files per fill batch: a search that arrives during a fill waits for at most one batch per worker. */
const fillBatchSize = 256;

const closedMessage = 'The vault was closed while searching, or before. Open it again to search.';

/**
 * A pool of search workers, started on first use and left running (unref'd while idle, so they never
 * keep a process alive). Each file belongs to one worker (`createSharding`), so a worker that keeps the
 * texts it read (`warmBytes`) finds them there at the next search. The searches share each worker's
 * line, served in turn a batch at a time, and a worker takes its next batch when it replies
 * (`createScheduler`). A search that ends early (time budget, abort, error) drops its queued batches
 * and terminates the workers busy with its own, which stops even a regex stuck on one line (and frees
 * what they kept); fresh workers take their places, so other searches go on unharmed.
 */
export function createSearchPool(
  workerUrl: URL,
  { size = Math.max(1, Math.min(availableParallelism(), 4)), warmBytes = 0, settleTime = racyMargin }: SearchPoolOptions = {},
): SearchPool {
  const workerData: SearchWorkerData = { warmBytes: Math.floor(warmBytes / size), settleTime, watching: false };
  const slots = Array.from({ length: size }, createSlot);
  const listeners = {
    reply: (slot: Slot, reply: SearchTaskReply) => onReply(pool, slot, reply),
    lost: (slot: Slot, error: unknown) => lost(pool, slot, error),
  };
  const pool: Pool = {
    slots,
    sharding: createSharding(size),
    scheduler: createScheduler(slots, (slot, task) => post(pool, slot, task)),
    running: new Set(),
    fills: 0,
    workerOf: (slot) => workerOf(slot, workerUrl, workerData, listeners),
  };
  const { scheduler, sharding } = pool;

  return {
    warmUp() {
      if (!scheduler.closed) for (const slot of slots) pool.workerOf(slot);
    },

    tell(notice) {
      if ('watching' in notice) workerData.watching = notice.watching;
      for (const slot of slots) slot.worker?.postMessage(notice);
    },

    search(root, paths, request, { watched = false, keepRead = true } = {}) {
      if (scheduler.closed) return Promise.reject(new VaultError('IO_ERROR', closedMessage));
      // Already cancelled: no work is started.
      if (request.signal?.aborted) return Promise.reject(request.signal.reason);
      if (paths.length === 0) return Promise.resolve([]);
      const { search, done } = startSearch(root, paths, request, sharding.batchesOf(paths), pool.running, (running, error) => stop(pool, running, error), {
        watched,
        keepRead,
      });
      scheduler.queueSearch(search);
      scheduler.dispatch();
      return done;
    },

    async fill(root, listing, maxFileSize) {
      // Announced at once: while the paths are listed and read in, a search reads from disk and keeps nothing (the fill will).
      pool.fills += 1;
      try {
        const paths = await listing;
        const parts = scheduler.closed || warmBytes === 0 ? [] : sharding.batchesOf(paths, fillBatchSize);
        let unanswered = parts.reduce((sum, part) => sum + part.length, 0);
        if (unanswered > 0) {
          await new Promise<void>((resolve) => {
            const fill = {
              answered() {
                unanswered -= 1;
                if (unanswered === 0) resolve();
              },
            };
            scheduler.queueFill(fill, root, parts, Math.min(maxFileSize, workerData.warmBytes));
            scheduler.dispatch();
          });
        }
      } finally {
        pool.fills -= 1;
      }
      const sum = (field: keyof WarmTotals) => slots.reduce((total, slot) => total + slot.warm[field], 0);
      return {
        files: sum('files'),
        bytes: sum('bytes'),
        texts: sum('texts'),
        textBytes: sum('textBytes'),
        postingBytes: sum('postingBytes'),
        foldedBytes: sum('foldedBytes'),
      };
    },

    async close() {
      scheduler.close();
      for (const search of pool.running) stop(pool, search, new VaultError('IO_ERROR', closedMessage));
      await Promise.all(slots.map(retire));
    },
  };
}

/** Gives a slot's worker a task (the worker started if need be), which holds the process until it replies. */
function post(pool: Pool, slot: Slot, task: Task) {
  const worker = pool.workerOf(slot);
  slot.task = task;
  slot.since = performance.now();
  worker.ref();
  try {
    const message = messageOf(pool, slot, task);
    worker.postMessage(message);
    if ('batch' in message && message.paths) remember(slot, message.batch);
  } catch (error) {
    // A request that cannot be cloned fails its own search, and the worker stays free for the others.
    slot.task = undefined;
    worker.unref();
    if ('fill' in task) throw error;
    stop(pool, task.search, error);
  }
}

/** The numbers of the batches of paths sent to workers: the same batch (a kept walk's, cut once) keeps its number. */
const batchNumbers = new WeakMap<readonly string[], number>();
let nextBatch = 0;

function numberOf(paths: readonly string[]): number {
  let number = batchNumbers.get(paths);
  if (number === undefined) {
    number = nextBatch++;
    batchNumbers.set(paths, number);
  }
  return number;
}

/** Counts a batch as kept by the slot's worker, which keeps the last `keptBatches` sent, as counted here. */
function remember(slot: Slot, batch: number) {
  slot.batches.add(batch);
  if (slot.batches.size > keptBatches) slot.batches.delete(slot.batches.values().next().value!);
}

/** A task as its worker gets it: a search batch shows no more lines than its worker's earlier batches left room for, and carries its paths when the worker does not keep them. */
function messageOf(pool: Pool, slot: Slot, task: Task): SearchTask | FillTask {
  if ('fill' in task) return { id: task.id, root: task.root, paths: task.paths, fill: { maxFileSize: task.maxFileSize } };
  const { id, search, shard, batch } = task;
  const { batches, cap } = search.shards[shard]!;
  const paths = batches[batch]!;
  const number = numberOf(paths);
  // The first matching lines of all are among the first of each worker's files. A batch taken from
  // another worker is searched from disk, and not kept: it is that worker's to keep.
  return {
    id,
    root: search.root,
    batch: number,
    ...(slot.batches.has(number) ? {} : { paths }),
    request: { ...search.request, maxShown: cap.room },
    keep: pool.slots[shard] === slot,
    keepRead: search.keepRead && pool.fills === 0,
    watched: search.watched,
  };
}

function onReply(pool: Pool, slot: Slot, reply: SearchTaskReply) {
  const task = slot.task;
  if (task === undefined || reply.id !== task.id) return;
  slot.task = undefined;
  slot.worker?.unref();
  if ('warm' in reply) slot.warm = reply.warm;
  if ('fill' in task) task.fill.answered();
  else if ('error' in reply) stop(pool, task.search, replyError(reply.error));
  else if (answered(task.search, task.shard, task.batch, unpackResults(reply.found, task.search.shards[task.shard]!.batches[task.batch]!))) finish(task.search);
  pool.scheduler.dispatch();
}

/** A worker that failed or exited fails the search it was busy with, and only that one. */
function lost(pool: Pool, slot: Slot, error: unknown) {
  const task = slot.task;
  void retire(slot);
  if (task && 'search' in task) stop(pool, task.search, error);
  else pool.scheduler.dispatch();
}

/** Ends a search early: its queued batches dropped, the workers busy with its batches replaced. */
function stop(pool: Pool, search: RunningSearch, error: unknown) {
  if (search.settled) return;
  search.settled = true;
  pool.scheduler.dropSearch(search);
  for (const slot of pool.slots) if (slot.task && 'search' in slot.task && slot.task.search === search) void retire(slot);
  search.reject(error);
  pool.scheduler.dispatch();
}

/** The workers' results, each in path order, merged back into the order of the search's paths. */
function finish(search: RunningSearch) {
  search.settled = true;
  search.resolve(
    mergeShards(
      search.paths,
      search.shards.map((shard) => shard.results.all()),
    ),
  );
}
