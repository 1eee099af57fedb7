import { VaultError } from '@vault/core';
import { branchOf } from '../check-repository-state.js';
import type { Repository } from '../open-repository.js';
import { type RemoteBranch, commitOf, fetchBranch, pushBranch, remoteHas } from './remote-branch.js';
import { branchGone, closing, otherBranch, pushUnconfirmed, remoteBusy, serverClosed } from './remote-errors.js';
import { type CommitWaiters, createCommitWaiters } from './commit-waiters.js';
import { refuseKeptEdits } from './kept-edits.js';
import { finishMoves } from './move-branch.js';
import { commitsAfter } from './commits-after.js';
import { createRefusalBackoff } from './refusal-backoff.js';
import { fetchEvery } from './fetch-every.js';
import { type CommitFate, replayCommits } from './replay-commits.js';

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
  /** Milliseconds a fetch or a push may take before it is stopped and the remote counted unreachable. Default 60000. */
  timeout?: number;
}

/** The recorder's side of the remote: a fetch before each call, and each call's commit shared before it is answered. */
export interface RemoteSync {
  groupCommit: boolean;
  /** In the queue, before a changing call on branch `ref` (HEAD's): fetch, and settle on the remote's tip unless a push is under way (which settles itself). Refuses another branch than the shared one, and any call after `close`. */
  beforeCall(ref: string): Promise<void>;
  /** After a call made `commit`: resolves once the remote has it; rejects when it was taken back (`STALE_FILE`, the remote unreachable, busy or refusing). */
  share(commit: string): Promise<void>;
  /** Resolves once neither the push loop nor a fetch is moving the branch or the work tree. */
  idle(): Promise<void>;
  /** Before an outside change to these vault paths is committed: refuses one that would undo the remote's change to a file a fetch kept a person's edit of. */
  beforeOutsideChange(paths: readonly string[]): Promise<void>;
  /** Stops the interval fetch and the push loop, answering the calls still waiting (and any later one) with `details.remote: 'closed'`; waits for the call under way. */
  close(): Promise<void>;
}

/**
 * The push loop: one push at a time carries every commit made so far (group commit); a push the
 * remote refuses because it moved is settled by fetching and replaying (`replayCommits`), then tried
 * again after a random pause scaled by recent refusals (`createRefusalBackoff`), at most `attempts`
 * times; any other failure takes every unshared commit back, so no change is ever applied here and not there. `exclusive` runs work in the recorder's queue (no call
 * writes meanwhile).
 */
export function createRemoteSync(
  repository: Repository,
  branch: RemoteBranch,
  options: RemoteOptions,
  exclusive: <T>(work: () => Promise<T>) => Promise<T>,
): RemoteSync {
  checkBounds(options);
  const groupCommit = options.groupCommit ?? true;
  const attempts = options.attempts ?? 8;
  // Without group commit the call waiting for its push holds the queue itself (and the next call waits for `idle`).
  const settleExclusive = groupCommit ? exclusive : <T>(work: () => Promise<T>) => work();
  const waiters = createCommitWaiters();
  /** The push loop, or a fetch settling the branch: never both at once. */
  let busy: Promise<void> | undefined;
  let closed = false;

  const backoff = createRefusalBackoff();
  /**
   * When a push round (fetch, replay, push) last landed, and how long it took (`took` 0: none since the last settle). A
   * call's fetch is skipped while that is fresher than a round takes: the branch is the remote's tip as of that push, and
   * a fetch now could tell no newer one (at 16 clones, the calls let into the queue right after a round each fetched again).
   */
  const landed = { at: 0, took: 0 };
  /** When a settle last fetched: an interval fetch waits a whole interval from it (a write's fetch told as much). Times here
   * are `performance.now()`: a step of the wall clock (NTP, a person setting it back) neither stops nor hurries them. */
  let fetchedAt = 0;
  const settle = (takeBack?: VaultError, push?: () => Promise<void>) => {
    // Any other settle (a fetch, a refused round, a taking back, a failure) clears it: the next call fetches first.
    Object.assign(landed, { at: 0, took: 0 });
    if (!takeBack) fetchedAt = performance.now();
    return settleBranch(repository, branch, waiters, takeBack, push);
  };
  const fresh = () => performance.now() - landed.at < landed.took;
  const closedError = () => serverClosed(branch.remote);

  /** Pushes the branch's tip for the calls waiting now; landed: gives what answers those it carried; refused because the remote moved: `undefined`. */
  async function pushWaiting(): Promise<(() => void) | undefined> {
    const batch = waiters.snapshot();
    // Every call it pushed for was answered (taken back by the settling, or the server closed): nothing left to push for.
    if (batch.length === 0) return nothingPushed;
    return (await pushHead(repository, branch, waiters)) === 'pushed' ? () => waiters.shared(batch) : undefined;
  }

  async function pushAll(): Promise<void> {
    // A round: the settle after a refusal (fetch, replay) and the push; its time scales the pause after the next refusal.
    let roundStarted = performance.now();
    // The first push goes as committed. After a refusal, each round fetches, replays and pushes in the queue; the work tree
    // follows after the push (out of the window in which another push can land first), and then the calls are answered.
    for (let attempt = 1; ; attempt += 1) {
      let answer: (() => void) | undefined;
      if (attempt === 1) answer = await pushWaiting();
      else {
        await new Promise((resolve) => setTimeout(resolve, backoff.refused(attempt - 1, performance.now() - roundStarted)));
        if (closed) return;
        const followed = await settleExclusive(() => {
          // Timed from here: the wait for the queue is not part of the window in which another push can land first.
          roundStarted = performance.now();
          return settle(undefined, async () => {
            answer = await pushWaiting();
          }).then(() => true);
        }).catch((error: unknown) => {
          // The push landed and only the work tree failed to follow (a person's switch, a disk error): the calls are on the
          // remote, so they are answered as shared; the move's journal brings the files over at the next settle.
          if (!answer || answer === nothingPushed) throw error;
          return false;
        });
        if (followed && answer && answer !== nothingPushed) Object.assign(landed, { at: performance.now(), took: performance.now() - roundStarted });
      }
      if (answer) {
        if (answer !== nothingPushed) backoff.pushed();
        return answer();
      }
      if (attempt === attempts) throw remoteBusy(branch.remote, attempts);
    }
  }

  async function drain(): Promise<void> {
    while (waiters.size > 0 && !closed) {
      try {
        await pushAll();
      } catch (error) {
        // Closed meanwhile: its calls are answered, and a settle queued now would wait behind close() itself.
        if (closed) return;
        await settleExclusive(() => settle(error as VaultError)).catch((failure: unknown) => waiters.rejectAll(failure as VaultError));
      }
    }
  }

  /** Runs the push loop or a settle as the one thing moving the branch; after it, the loop goes on if calls wait. */
  const occupy = (work: () => Promise<void>) => {
    busy = work().finally(() => {
      busy = undefined;
      kick();
    });
    return busy;
  };
  const kick = () => {
    if (!busy && !closed && waiters.size > 0) void occupy(drain);
  };
  /** Fetch and settle, unless a push (which settles itself) or another fetch is under way, or the server closed. In the queue. */
  const fetchNow = async () => {
    if (!busy && !closed) await occupy(() => settle());
  };

  const idle = async () => {
    while (busy) await busy.catch(() => undefined);
  };
  const timer = fetchEvery(
    options.fetchInterval ?? 5000,
    () => exclusive(fetchNow),
    () => fetchedAt,
  );

  return {
    groupCommit,
    async beforeCall(ref) {
      if (closed) throw closing(branch.remote);
      if (ref !== branch.ref) throw otherBranch(branch.remote, branch.ref, ref);
      if (!fresh() && !busy) return fetchNow();
      // No fetch now (a round just landed, or the push loop runs beside the queue, perhaps only ending): files that failed
      // to follow the branch still follow first, or the call would commit the old ones over the remote's change.
      await finishMoves(repository);
    },
    share(commit) {
      // Closed meanwhile (the call was writing): no push loop runs any more, so the call is answered now.
      if (closed) return Promise.reject(closedError());
      const shared = waiters.add(commit);
      kick();
      return shared;
    },
    idle,
    beforeOutsideChange: (paths) => refuseKeptEdits(repository, paths),
    async close() {
      closed = true;
      timer.stop();
      waiters.rejectAll(closedError());
      // The call under way ends (answered 'closed' at its share), then a push or fetch under way, within the time limit.
      await exclusive(idle);
    },
  };
}

/** What `pushWaiting` gives when no call waits any more: nothing pushed, nothing to answer. */
const nothingPushed = () => {};

/**
 * Fetches (or, taking back, takes the remote's tip as last fetched) and puts the branch on it; the waiters follow their
 * commits. `push` runs once the branch is on it and before the work tree follows.
 */
async function settleBranch(
  repository: Repository,
  branch: RemoteBranch,
  waiters: CommitWaiters,
  takeBack?: VaultError,
  push?: () => Promise<void>,
): Promise<void> {
  const checkedOut = await branchOf(repository);
  if (checkedOut !== branch.ref) return leaveOtherBranch(repository, branch, waiters, checkedOut, takeBack);
  // A work tree that failed to follow the branch last time follows it now, before anything else moves.
  await finishMoves(repository);
  // The remote's tip as last fetched: the local commits sit on it, so the replay tells the histories apart without a process.
  const before = await commitOf(repository, branch.tracking);
  const tip = takeBack ? before : await fetchBranch(repository, branch);
  // A person's switch after the check above: nothing moved (or the files stopped following), and taking back goes on without the work tree.
  // The waiters follow their commits as soon as the branch is on the tip, so that the push carries them; a call taken
  // back is answered once the work tree followed (its file as the remote has it).
  let answerTakenBack = () => {};
  const meanwhile = async (fates: ReadonlyMap<string, CommitFate>) => {
    sayTakenBack(fates, waiters.commits());
    answerTakenBack = waiters.follow(fates);
    await push?.();
  };
  try {
    if (tip) {
      await replayCommits(repository, branch, tip, takeBack, before, meanwhile).catch(async (error: unknown) => {
        if (!takeBack || (error as VaultError).details?.remote !== 'other-branch') throw error;
        return leaveOtherBranch(repository, branch, waiters, await branchOf(repository), takeBack);
      });
    } else await push?.();
  } finally {
    answerTakenBack();
  }
  // Taking back: a call whose commit was not among the local ones is answered with the same reason.
  if (takeBack) waiters.rejectAll(takeBack);
}

/**
 * A commit taken back that no call waits for is said in a warning, or nobody would hear of it: one a killed server made
 * (recorded at start, taken back by the start's first settle, before any push waits for it), or a person's edit committed
 * as an outside change.
 */
function sayTakenBack(fates: ReadonlyMap<string, CommitFate>, waited: readonly string[]): void {
  for (const [commit, fate] of fates) {
    if ('error' in fate && !waited.includes(commit)) {
      process.emitWarning(`vault history: commit ${commit.slice(0, 12)} was taken back (kept under refs/vault/taken-back/${commit}): ${fate.error.message}`);
    }
  }
}

/**
 * A person checked out another branch (or an orphan): the work tree is theirs, so nothing is written to it. A fetch
 * still updates the tracking ref; taking back moves the shared branch alone (not checked out, no files follow) to
 * the remote's tip, each unshared commit kept under `refs/vault/taken-back/`, and answers every waiting call with the reason.
 */
async function leaveOtherBranch(
  repository: Repository,
  branch: RemoteBranch,
  waiters: CommitWaiters,
  checkedOut: string | undefined,
  takeBack: VaultError | undefined,
): Promise<void> {
  const refused = otherBranch(branch.remote, branch.ref, checkedOut);
  if (!takeBack) {
    await fetchBranch(repository, branch);
    throw refused;
  }
  const [head, tip] = [await commitOf(repository, branch.ref), await commitOf(repository, branch.tracking)];
  if (head && tip && head !== tip) {
    const local = (await repository.git(['rev-list', `${tip}..${head}`])).stdout.toString('utf8').split('\n').filter(Boolean);
    await keepTakenBack(repository, local);
    await repository.git(['update-ref', '-m', `vault: taken back, ${checkedOut ?? 'no branch'} checked out`, branch.ref, tip, head]);
  }
  waiters.rejectAll(takeBack);
}

/**
 * Pushes the branch's tip. A push that failed (unreachable, no answer in time) may have reached the
 * remote before its answer was lost: a fetch tells. The branch gone: the waiting calls' commits are
 * kept under `refs/vault/taken-back/`, and the error says so.
 */
async function pushHead(repository: Repository, branch: RemoteBranch, waiters: CommitWaiters): Promise<'pushed' | 'behind'> {
  // The commits before the tip: a call may commit while the tip is read (the first push runs beside the queue), and its
  // commit, newer than the tip read, goes in the next push.
  const commits = waiters.commits();
  const head = await commitOf(repository, branch.ref);
  if (!head) {
    await keepTakenBack(repository, commits);
    throw branchGone(branch.remote, branch.ref, commits);
  }
  // A call committed after a person switched branch has its commit elsewhere: the push of this tip would not carry it.
  if (!(await allOnBranch(repository, branch, head, commits))) {
    await keepTakenBack(repository, commits);
    throw otherBranch(branch.remote, branch.ref, await branchOf(repository));
  }
  // A refusal of a push carrying several calls' commits may be about any of them (see `remoteRefused`).
  return pushBranch(repository, branch, head, commits.length).catch(async (error: unknown) => {
    const landed = await remoteHas(repository, branch, head);
    if (landed) return 'pushed' as const;
    // No fetch could tell: the remote may have it, or take it later.
    throw landed === undefined && (error as VaultError).details?.remote === 'unavailable'
      ? pushUnconfirmed(branch.remote, 'the push failed, and so did the fetch checking it')
      : error;
  });
}

/** Whether every commit is `head` or one of its ancestors: found on the line down to the remote's tip through the kept processes, else asked of git's `rev-list`. */
async function allOnBranch(repository: Repository, branch: RemoteBranch, head: string, commits: readonly string[]): Promise<boolean> {
  const tracking = await commitOf(repository, branch.tracking);
  const line = tracking && (await commitsAfter(repository, head, tracking));
  if (line && commits.every((commit) => line.includes(commit))) return true;
  return (await repository.git(['rev-list', '--count', ...commits, '--not', head])).stdout.toString('utf8').trim() === '0';
}

/** Commits no branch will have, kept where a person can still find them. */
async function keepTakenBack(repository: Repository, commits: readonly string[]): Promise<void> {
  for (const commit of commits) await repository.git(['update-ref', `refs/vault/taken-back/${commit}`, commit]);
}

/** Node's timers hold at most 2^31-1 ms (about 24.8 days); a longer one fires at once. */
export const longestWait = 2 ** 31 - 1;

/** A time limit or an interval a timer cannot hold is refused, not turned into 1 ms. */
function checkBounds({ timeout, fetchInterval, attempts }: RemoteOptions): void {
  for (const [name, value, least] of [
    ['timeout', timeout, 1],
    ['fetchInterval', fetchInterval, 0],
  ] as const) {
    if (value !== undefined && !(Number.isInteger(value) && value >= least && value <= longestWait)) {
      throw new VaultError(
        'INVALID_ARGUMENT',
        `The remote's ${name} must be whole milliseconds from ${least} to ${longestWait} (about 24 days); got ${value}.`,
      );
    }
  }
  // A push loop that never reaches its count would never give up.
  if (attempts !== undefined && !(Number.isInteger(attempts) && attempts >= 1 && attempts <= 1000)) {
    throw new VaultError('INVALID_ARGUMENT', `The remote's attempts must be a whole number from 1 to 1000; got ${attempts}.`);
  }
}
