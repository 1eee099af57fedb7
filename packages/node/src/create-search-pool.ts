import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type FileSearchResult, type SearchFilesRequest, VaultError } from '@vault/core';
import type { SearchTask, SearchTaskReply } from './search-worker.js';
import { toVaultError } from './to-vault-error.js';

/** Worker threads that search files in parallel; made by `createSearchPool`. */
export interface SearchPool {
  search(root: string, paths: readonly string[], request: SearchFilesRequest): Promise<FileSearchResult[]>;
  /** Starts the workers ahead of the first search. */
  warmUp(): void;
}

/** Files per task: small enough to share the work out evenly, large enough that messages stay few. */
const batchSize = 64;

/**
 * A pool of `size` search workers, started on first use and left running (unref'd, so they never
 * keep a process alive). A search past its time budget terminates the workers, which stops even a
 * regex stuck on one line, and the next search starts new ones.
 */
export function createSearchPool(workerUrl: URL, size = Math.max(1, Math.min(availableParallelism(), 4))): SearchPool {
  let workers: Worker[] = [];
  let nextTask = 0;

  function start(): Worker[] {
    if (workers.length === 0) {
      workers = Array.from({ length: size }, () => {
        const worker = new Worker(workerUrl);
        worker.unref();
        return worker;
      });
    }
    return workers;
  }

  function stop() {
    for (const worker of workers) void worker.terminate();
    workers = [];
  }

  return {
    warmUp: () => void start(),

    search(root, paths, request) {
      const running = start();
      const batches: (readonly string[])[] = [];
      for (let index = 0; index < paths.length; index += batchSize) batches.push(paths.slice(index, index + batchSize));
      const results: FileSearchResult[][] = new Array(batches.length);
      return new Promise((resolve, reject) => {
        let dispatched = 0;
        let done = 0;
        // Once the batches done so far, in order, hold enough matches to show, later batches only count.
        let inOrder = 0;
        let matchesInOrder = 0;
        const finish = (error?: unknown) => {
          clearTimeout(timer);
          for (const worker of running) worker.off('message', onMessage).off('error', onError).off('exit', onExit).unref();
          if (error === undefined) resolve(results.flat());
          else reject(error);
        };
        const timer = setTimeout(
          () => {
            stop();
            finish(new VaultError('TIMEOUT', 'The search ran past its time budget and was stopped. Narrow it with directoryPath or filePattern, or simplify the regex.'));
          },
          Math.min(Math.max(0, request.timeout), 2 ** 31 - 1),
        );
        const ids = new Map<number, number>();
        const send = (worker: Worker) => {
          if (dispatched === batches.length) return;
          const id = nextTask++;
          ids.set(id, dispatched);
          const counting = matchesInOrder >= request.maxShown;
          worker.postMessage({ id, root, paths: batches[dispatched]!, request: counting ? { ...request, maxShown: 0 } : request } satisfies SearchTask);
          dispatched += 1;
        };
        function onMessage(this: Worker, reply: SearchTaskReply) {
          const batch = ids.get(reply.id);
          if (batch === undefined) return;
          if ('error' in reply) {
            const { message, code, path } = reply.error;
            // ELOOP: the worker refused a symlink that appeared after the walk.
            const error =
              code === 'ELOOP'
                ? new VaultError('IO_ERROR', `${path} became a symlink during the search, and the search does not follow it there. Search again.`)
                : toVaultError(Object.assign(new Error(message), code ? { code } : {}), path);
            finish(error);
            return;
          }
          results[batch] = reply.found;
          done += 1;
          for (; inOrder < batches.length && results[inOrder]; inOrder += 1) {
            for (const file of results[inOrder]!) if ('matches' in file) matchesInOrder += file.matches;
          }
          if (done === batches.length) finish();
          else send(this);
        }
        function onError(error: Error) {
          stop();
          finish(error);
        }
        function onExit() {
          finish(new VaultError('IO_ERROR', 'The search was interrupted: a search worker stopped (another search ran out of time). Retry.'));
        }
        if (batches.length === 0) return finish();
        for (const worker of running) {
          worker.ref();
          worker.on('message', onMessage).on('error', onError).on('exit', onExit);
          send(worker);
        }
      });
    },
  };
}
