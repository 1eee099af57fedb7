import { VaultError } from '@vault/core';

/** What a remote-related `IO_ERROR` is about, in its `details.remote`: a stable word a program can test. */
export type RemoteTrouble = 'unavailable' | 'busy' | 'refused' | 'closed' | 'no-branch' | 'other-branch' | 'in-use';

/** The remote could not be reached: nothing was changed, and the call can simply be made again. */
export function remoteUnavailable(remote: string, gitMessage: string): VaultError {
  return new VaultError(
    'IO_ERROR',
    `The git remote ${remote} could not be reached (${firstLine(gitMessage)}), so the change was not shared and was taken back: nothing changed. Retry when the remote is reachable.`,
    { remote: 'unavailable' satisfies RemoteTrouble },
  );
}

/**
 * A push whose outcome no fetch could prove (no answer in time, or the remote unreachable right after): the commit is taken
 * back here, but the remote may still take it (an HTTP server goes on after git is stopped). `details.outcome: 'unknown'`.
 */
export function pushUnconfirmed(remote: string, gitMessage: string): VaultError {
  return new VaultError(
    'IO_ERROR',
    `The git remote ${remote} did not confirm the push (${firstLine(gitMessage)}), so the change was taken back here, but the remote may still take it. Read the file again after the next fetch before redoing the change: if it landed, a retry of this call answers that it is already applied.`,
    { remote: 'unavailable' satisfies RemoteTrouble, outcome: 'unknown' },
  );
}

/** Other servers kept moving the remote's branch: after the bounded retries, the change was taken back. */
export function remoteBusy(remote: string, attempts: number): VaultError {
  return new VaultError(
    'IO_ERROR',
    `The git remote ${remote} kept moving (other servers pushed first ${attempts} times in a row), so the change was taken back: nothing changed. Retry in a moment.`,
    { remote: 'busy' satisfies RemoteTrouble },
  );
}

/**
 * The remote refused the push (a hook, a protected branch): the change was taken back. A push that carried the changes
 * of several calls (`carried`, group commit) may have been refused for another call's: each is told to retry first.
 */
export function remoteRefused(remote: string, reason: string, carried = 1): VaultError {
  const next =
    carried > 1
      ? `The push carried the changes of ${carried} calls, and the refusal may be about another call's change: retry this call as it is first; if it is refused again, see the remote's rules and change the request.`
      : "See the remote's rules, then retry or change the request.";
  // Refused alone, it is refused again as it is: not retryable (`details.retryable`); carried with others, retried first.
  return new VaultError('IO_ERROR', `The git remote ${remote} refused the change (${firstLine(reason)}), so it was taken back: nothing changed. ${next}`, {
    remote: 'refused' satisfies RemoteTrouble,
    ...(carried > 1 ? { carried } : { retryable: false }),
  });
}

/** The server closed while calls waited for their push: each change is committed here (perhaps on the remote too), and the next start shares it or takes it back. */
export function serverClosed(remote: string): VaultError {
  return new VaultError(
    'IO_ERROR',
    `The server closed before the git remote ${remote} confirmed this change. It is committed in this clone, and a push under way may have brought it to the remote: the next start of the server pushes it if not (or takes it back and says so). Read the file after that start before redoing the change.`,
    { remote: 'closed' satisfies RemoteTrouble },
  );
}

/** The server is closing: a call arriving now is refused before it writes. */
export function closing(remote: string): VaultError {
  return new VaultError('IO_ERROR', `The server is closing, so nothing was changed and nothing shared with ${remote}. Retry once it runs again.`, {
    remote: 'closed' satisfies RemoteTrouble,
  });
}

/** The branch the clone shares is gone (deleted, or HEAD put on an orphan branch) while a call waited for its push. */
export function branchGone(remote: string, ref: string, commits: readonly string[]): VaultError {
  return new VaultError(
    'IO_ERROR',
    `${ref} is gone from the clone (deleted, or an orphan branch checked out) while this change waited to be pushed to ${remote}, so it was not shared. It is kept under refs/vault/taken-back/ (${commits.map((commit) => commit.slice(0, 12)).join(', ')}). Check out ${ref.slice('refs/heads/'.length)} again (git switch), then retry.`,
    { remote: 'no-branch' satisfies RemoteTrouble },
  );
}

/** A person checked out another branch than the one the server shares: refused before anything is written. */
export function otherBranch(remote: string, ref: string, checkedOut: string | undefined): VaultError {
  const name = ref.slice('refs/heads/'.length);
  return new VaultError(
    'IO_ERROR',
    `The clone has ${checkedOut ? checkedOut.replace(/^refs\/heads\//, 'branch ') : 'no branch'} checked out, not ${name}, the branch the server shares with ${remote}, so this change was not made, or (waiting for its push) was taken back and kept under refs/vault/taken-back/. Switch back (git switch ${name}), then retry.`,
    { remote: 'other-branch' satisfies RemoteTrouble },
  );
}

/** What the remote holds at a path a call changed meanwhile: its `fileHash` (absent: removed there), and the change and author that made it so. */
export interface RemoteState {
  path: string;
  fileHash?: string;
  change: string;
  author: string;
}

/** A call's change to a file that another server changed meanwhile: applied nowhere. */
export function staleOnRemote(state: RemoteState): VaultError {
  const now = state.fileHash === undefined ? 'removed it' : `left it with fileHash ${state.fileHash}`;
  return new VaultError(
    'STALE_FILE',
    `${state.path} was changed on another server meanwhile (change ${state.change.slice(0, 12)} by ${state.author} ${now}), so this change was applied nowhere. Read the file again with TextRead and redo the change.`,
    { ...state },
  );
}

/**
 * A call's change not made because another server made exactly it meanwhile: every file it changes is on the remote as
 * the call would leave it. `details.applied`: the call is answered as already applied (`VaultHistory.record`).
 */
export function alreadyOnRemote(state: RemoteState): VaultError {
  return new VaultError(
    'STALE_FILE',
    `${state.path} was changed on another server meanwhile (change ${state.change.slice(0, 12)} by ${state.author}) to exactly what this change makes, so this call wrote nothing: its change is there already.`,
    { ...state, applied: true },
  );
}

function firstLine(text: string): string {
  return (text.split('\n').find((line) => line.trim() !== '') ?? 'no message').trim().slice(0, 300);
}
