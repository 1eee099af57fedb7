import { VaultError } from '@vault/core';
import type { ChangeRecorder } from '../create-change-recorder.js';
import { checkRepositoryState } from '../check-repository-state.js';
import type { Repository } from '../open-repository.js';
import { type RemoteOptions, type RemoteSync, createRemoteSync } from './create-remote-sync.js';
import { commitOf, remoteBranchOf } from './remote-branch.js';

/**
 * Makes the recorder share every change through the remote (decision 0019): the remote must be
 * configured in the clone; the branch checked out is pushed to the remote's branch of the same name.
 * A first fetch settles the clone on the remote (unreachable now: said, and tried again before each write),
 * and what a killed server committed but did not push is pushed: both in the queue's turn, not awaited, so that
 * reads are served meanwhile and writes wait for them (`started` resolves once both are done or said).
 */
export async function shareThroughRemote(
  repository: Repository,
  recorder: ChangeRecorder,
  options: RemoteOptions,
): Promise<{ sync: RemoteSync; started: Promise<void> }> {
  const known = await repository.git(['remote', 'get-url', '--', options.name], { okCodes: [0, 2, 128] });
  if (known.code !== 0) {
    throw new VaultError(
      'NOT_FOUND',
      `The clone has no git remote named ${options.name}, so changes cannot be shared. Add it (git remote add ${options.name} URL) or name one of git remote's list.`,
    );
  }
  const branch = remoteBranchOf(options.name, await checkRepositoryState(repository), options.timeout ?? 60_000);
  const sync = createRemoteSync(repository, branch, options, recorder.exclusive);
  recorder.share(sync);
  const warn = (error: unknown) => process.emitWarning(`vault history: ${(error as Error).message}`);
  // Not awaited: the server serves reads at once, however long the remote takes (round 15); writes queue behind the fetch.
  const started = recorder
    .exclusive(() => sync.beforeCall(branch.ref))
    .catch(warn)
    .then(async () => {
      // Commits a server killed before its push left here (its journal recorded them at start) are pushed now, or taken back and said.
      const head = await commitOf(repository, branch.ref);
      if (head && head !== (await commitOf(repository, branch.tracking))) await sync.share(head);
    })
    .catch(warn);
  // Without group commit a call waits for the push loop to stop (`record`): the first call waits for this one too.
  if (!sync.groupCommit) void recorder.exclusive(() => started);
  return { sync, started };
}
