import type { RunningSearch } from './running-search.js';
import type { Slot } from './worker-slot.js';

/** A fill in progress: told of each batch answered. */
export interface RunningFill {
  answered(): void;
}

/** A batch of files to read into a worker's memory. */
interface FillBatch {
  fill: RunningFill;
  root: string;
  paths: readonly string[];
  maxFileSize: number;
}

/** One batch of one search or fill, as given to a worker. */
export type Task = { id: number; search: RunningSearch; shard: number; batch: number } | ({ id: number } & FillBatch);

/** How long a worker may be busy with one batch before an idle one takes the batches waiting for it (a warm batch takes a few ms). */
const stealAfter = 250;

/** Which batch each worker does next; made by `createScheduler`. */
export interface Scheduler {
  /** Queues a search: each worker's batches wait in that worker's line, where the searches are served in turn, a batch at a time. */
  queueSearch(search: RunningSearch): void;
  /** Queues the batches of a fill (`parts`: each worker's), sent to a worker when no search waits for it. */
  queueFill(fill: RunningFill, root: string, parts: (readonly string[])[][], maxFileSize: number): void;
  /** Drops the batches of a search still queued. */
  dropSearch(search: RunningSearch): void;
  /** Gives every idle worker a task while there are any: its own, else a batch of a worker busy with one task for `stealAfter` ms. */
  dispatch(): void;
  /** Sends nothing more; the fill batches still queued count as answered. */
  close(): void;
  readonly closed: boolean;
}

/** The scheduler of the workers in `slots`, giving each task to `post`. */
export function createScheduler(slots: readonly Slot[], post: (slot: Slot, task: Task) => void): Scheduler {
  const lines = slots.map(() => ({ searches: [] as RunningSearch[], fills: [] as FillBatch[] }));
  let nextTaskId = 0;
  let closed = false;
  let secondLook: NodeJS.Timeout | undefined;

  /** The worker's next batch: of the search whose turn it is (which then goes to the back of the line), else of a fill. */
  function take(index: number): Task | undefined {
    const line = lines[index]!;
    const search = line.searches.shift();
    if (search === undefined) {
      const fill = line.fills.shift();
      return fill && { id: nextTaskId++, ...fill };
    }
    const shard = search.shards[index]!;
    const task = { id: nextTaskId++, search, shard: index, batch: shard.sent++ };
    if (shard.sent < shard.batches.length) line.searches.push(search);
    return task;
  }

  /** A search batch of another worker, busy long enough (see `stealable`); else a second look once one will be. */
  function steal(thief: number): Task | undefined {
    const found = stealable(slots, lines, thief, performance.now());
    if ('victim' in found) return take(found.victim);
    if (found.lookIn !== Number.POSITIVE_INFINITY && secondLook === undefined) {
      secondLook = setTimeout(() => {
        secondLook = undefined;
        dispatch();
      }, found.lookIn + 1);
      secondLook.unref();
    }
    return undefined;
  }

  function dispatch() {
    if (closed) return;
    for (const [index, slot] of slots.entries()) {
      const task = slot.task === undefined ? (take(index) ?? steal(index)) : undefined;
      if (task !== undefined) post(slot, task);
    }
  }

  return {
    queueSearch(search) {
      for (const [index, shard] of search.shards.entries()) if (shard.batches.length > 0) lines[index]!.searches.push(search);
    },
    queueFill(fill, root, parts, maxFileSize) {
      for (const [index, batches] of parts.entries()) for (const paths of batches) lines[index]!.fills.push({ fill, root, paths, maxFileSize });
    },
    dropSearch(search) {
      for (const line of lines) {
        const queued = line.searches.indexOf(search);
        if (queued >= 0) line.searches.splice(queued, 1);
      }
    },
    dispatch,
    close() {
      closed = true;
      clearTimeout(secondLook);
      for (const line of lines) for (const batch of line.fills.splice(0)) batch.fill.answered();
    },
    get closed() {
      return closed;
    },
  };
}

/**
 * The worker whose search batches an idle one (`thief`) may take: one with batches waiting, busy with
 * one task for `stealAfter` ms (a regex stuck on a line must not hold up the other searches' files);
 * else in how many ms one will be (infinity: none).
 */
function stealable(
  slots: readonly Slot[],
  lines: readonly { searches: readonly RunningSearch[] }[],
  thief: number,
  now: number,
): { victim: number } | { lookIn: number } {
  let lookIn = Number.POSITIVE_INFINITY;
  for (const [index, slot] of slots.entries()) {
    if (index === thief || lines[index]!.searches.length === 0 || slot.task === undefined) continue;
    const busyFor = now - slot.since;
    if (busyFor >= stealAfter) return { victim: index };
    lookIn = Math.min(lookIn, stealAfter - busyFor);
  }
  return { lookIn };
}
