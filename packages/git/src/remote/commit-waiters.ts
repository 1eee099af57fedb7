import type { VaultError } from '@vault/core';
import type { CommitFate } from './replay-commits.js';

interface Waiter {
  commit: string;
  resolve(): void;
  reject(error: VaultError): void;
}

/** The calls waiting for the remote to take their commits, each known by its commit id (changed by a replay). */
export interface CommitWaiters {
  readonly size: number;
  /** Waits for `commit`: resolved once a push carries it, rejected when it is taken back. */
  add(commit: string): Promise<void>;
  /** The waiters now: every one's commit is on the branch, so a push of its tip carries them all. */
  snapshot(): readonly object[];
  /** The commits waited for. */
  commits(): string[];
  /** The push carried these: answered. */
  shared(batch: readonly object[]): void;
  /**
   * What a replay did: a rebuilt commit's new id is followed, a taken-back one's call let go; gives the function that
   * rejects those calls, for once the work tree no longer holds their changes.
   */
  follow(fates: ReadonlyMap<string, CommitFate>): () => void;
  rejectAll(error: VaultError): void;
}

export function createCommitWaiters(): CommitWaiters {
  let waiters: Waiter[] = [];
  return {
    get size() {
      return waiters.length;
    },
    add: (commit) => new Promise<void>((resolve, reject) => waiters.push({ commit, resolve, reject })),
    snapshot: () => [...waiters],
    commits: () => waiters.map((waiter) => waiter.commit),
    shared(batch) {
      for (const waiter of waiters) if (batch.includes(waiter)) waiter.resolve();
      waiters = waiters.filter((waiter) => !batch.includes(waiter));
    },
    follow(fates) {
      const rejected: (() => void)[] = [];
      waiters = waiters.filter((waiter) => {
        const fate = fates.get(waiter.commit);
        if (fate && 'error' in fate) rejected.push(() => waiter.reject(fate.error));
        else if (fate) waiter.commit = fate.id;
        return !(fate && 'error' in fate);
      });
      return () => {
        for (const reject of rejected) reject();
      };
    },
    rejectAll(error) {
      for (const waiter of waiters.splice(0)) waiter.reject(error);
    },
  };
}
