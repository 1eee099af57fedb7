import type { VaultError } from '@vault/core';
import type { Repository } from '../open-repository.js';
import { type RemoteBranch, commitOf, fetchBranch, pushBranch } from './remote-branch.js';
import { remoteBusy } from './remote-errors.js';
import { createCommitWaiters } from './commit-waiters.js';
import { replayCommits } from './replay-commits.js';

/** Sharing history through a git remote (`--git-remote`, decision 0019). */
export interface RemoteOptions {
  /** The remote's name in the clone (`origin`). */
  name: string;
  /** How often the remote is fetched when no write does it, in milliseconds; 0: only before writes. Default 5000. */
  fetchInterval?: number;
  /** Calls arriving while a push is in flight are committed and go in the next push (default); false: each call pushes alone. */
  groupCommit?: boolean;
  /** Pushes refused because the remote moved, before a call is answered that the remote is busy. Default 8. */
  attempts?: number;
}

/** The recorder's side of the remote: a fetch before each call, and each call's commit shared before it is answered. */
export interface RemoteSync {
  groupCommit: boolean;
  /** In the queue, before a changing call: fetch, and settle on the remote's tip unless a push is under way (which settles itself). */
  beforeCall(): Promise<void>;
  /** After a call made `commit`: resolves once the remote has it; rejects when it was taken back (`STALE_FILE`, the remote unreachable, busy or refusing). */
  share(commit: string): Promise<void>;
  /** Resolves once neither the push loop nor a fetch is moving the branch or the work tree. */
  idle(): Promise<void>;
  close(): void;
}

/**
 * The push loop: one push at a time carries every commit made so far (group commit); a push the
 * remote refuses because it moved is settled by fetching and replaying (`replayCommits`), then tried
 * again, at most `attempts` times with jitter; any other failure takes every unshared commit back, so
 * no change is ever applied here and not there. `exclusive` runs work in the recorder's queue (no call
 * writes meanwhile).
 */
export function createRemoteSync(
  repository: Repository,
  branch: RemoteBranch,
  options: RemoteOptions,
  exclusive: <T>(work: () => Promise<T>) => Promise<T>,
): RemoteSync {
  const groupCommit = options.groupCommit ?? true;
  const attempts = options.attempts ?? 8;
  // Without group commit the call waiting for its push holds the queue itself (and the next call waits for `idle`).
  const settleExclusive = groupCommit ? exclusive : <T>(work: () => Promise<T>) => work();
  const waiters = createCommitWaiters();
  /** The push loop, or a fetch settling the branch: never both at once. */
  let busy: Promise<void> | undefined;

  const settle = async (takeBack?: VaultError) => {
    const tip = takeBack ? await commitOf(repository, branch.tracking) : await fetchBranch(repository, branch);
    if (tip) waiters.follow(await replayCommits(repository, branch, tip, takeBack));
    // Taking back: a call whose commit was not among the local ones is answered with the same reason.
    if (takeBack) waiters.rejectAll(takeBack);
  };

  async function pushAll(): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      const batch = waiters.snapshot();
      // Every call it pushed for was answered (taken back by the settling): nothing left to push for.
      if (batch.length === 0) return;
      const head = await commitOf(repository, branch.ref);
      if (!head) return;
      if ((await pushBranch(repository, branch, head)) === 'pushed') return waiters.shared(batch);
      if (attempt === attempts) throw remoteBusy(branch.remote, attempts);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(500, 20 * 2 ** attempt)));
      await settleExclusive(() => settle());
    }
  }

  async function drain(): Promise<void> {
    while (waiters.size > 0) {
      try {
        await pushAll();
      } catch (error) {
        await settleExclusive(() => settle(error as VaultError)).catch((failure: unknown) => waiters.rejectAll(failure as VaultError));
      }
    }
  }

  const kick = () => {
    if (busy || waiters.size === 0) return;
    busy = drain().finally(() => {
      busy = undefined;
      kick();
    });
  };

  /** Fetch and settle, unless a push (which settles itself) or another fetch is under way. In the queue. */
  const fetchNow = async () => {
    if (busy) return;
    busy = settle().finally(() => {
      busy = undefined;
      kick();
    });
    await busy;
  };

  const interval = options.fetchInterval ?? 5000;
  const timer = interval > 0 ? setInterval(() => void exclusive(fetchNow).catch(() => undefined), interval) : undefined;
  timer?.unref();

  return {
    groupCommit,
    beforeCall: fetchNow,
    share(commit) {
      const shared = waiters.add(commit);
      kick();
      return shared;
    },
    async idle() {
      while (busy) await busy.catch(() => undefined);
    },
    close: () => clearInterval(timer),
  };
}
