import { Worker } from 'node:worker_threads';
import { VaultError } from '@vault/core';
import type { Task } from './create-scheduler.js';
import type { SearchTaskReply, SearchWorkerData, WarmTotals } from './search-worker.js';

/** A place for a search worker, started when there is work for it; `task` is what it is doing now, `warm` what it keeps. */
export interface Slot {
  worker?: Worker;
  task?: Task;
  /** When `task` was given (performance.now()). */
  since: number;
  warm: WarmTotals;
  /** The batches whose paths its worker keeps (see `keptBatches`), in the order sent. */
  batches: Set<number>;
}

/** What a slot's worker is heard saying: its replies, and its loss (an error, or an exit). */
export interface SlotListeners {
  reply(slot: Slot, reply: SearchTaskReply): void;
  lost(slot: Slot, error: unknown): void;
}

/** What a worker keeps before it keeps anything. */
export const noneKept: WarmTotals = { files: 0, bytes: 0, texts: 0, textBytes: 0, postingBytes: 0, foldedBytes: 0 };

export function createSlot(): Slot {
  return { since: 0, warm: noneKept, batches: new Set() };
}

/**
 * The slot's worker, started now when it has none: unref'd while idle (so it never keeps a process
 * alive), and heard only while it is the slot's (one replaced since is not).
 */
export function workerOf(slot: Slot, url: URL, workerData: SearchWorkerData, listeners: SlotListeners): Worker {
  if (slot.worker) return slot.worker;
  const worker = new Worker(url, { workerData });
  slot.worker = worker;
  worker.unref();
  // Once more when it is online: an unref made while a worker is still starting does not hold (seen
  // on Node 20 under load: a server that failed to start was kept alive by two idle workers).
  worker.once('online', () => slot.worker === worker && slot.task === undefined && worker.unref());
  worker.on('message', (reply: SearchTaskReply) => slot.worker === worker && listeners.reply(slot, reply));
  worker.on('error', (error) => slot.worker === worker && listeners.lost(slot, error));
  worker.on(
    'exit',
    () =>
      slot.worker === worker && listeners.lost(slot, new VaultError('IO_ERROR', 'The search was interrupted: a search worker stopped unexpectedly. Retry.')),
  );
  return worker;
}

/**
 * Terminates a slot's worker (a RegExp stuck on a line can be stopped no other way) and frees what it
 * kept; the next task starts a fresh one. A fill batch it was busy with counts as answered.
 */
export function retire(slot: Slot): Promise<unknown> {
  const { worker, task } = slot;
  slot.worker = undefined;
  slot.task = undefined;
  slot.warm = noneKept;
  slot.batches = new Set();
  if (task && 'fill' in task) task.fill.answered();
  return worker?.terminate() ?? Promise.resolve();
}
