import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { VaultError } from '@vault/core';
import { folderOf, isGone, leftByGoneServers, ownFileOf, writeOwnFile } from '../change-journal.js';
import { branchOf } from '../check-repository-state.js';
import type { Repository } from '../open-repository.js';
import { commitOf } from './remote-branch.js';
import { otherBranch, type RemoteTrouble } from './remote-errors.js';
import { rememberKeptEdits } from './kept-edits.js';
import { changedPaths } from './changed-paths.js';
import { updateWorkTree } from './update-work-tree.js';

/** A move of the branch whose work tree update may not have finished: the branch, and the commits the work tree goes from and to. */
export interface Move {
  ref: string;
  from: string;
  to: string;
}

/**
 * Moves `ref` from `from` to `to` by compare-and-swap and brings the work tree along (decision 0019),
 * journalled first: a server killed after the branch moved and before the work tree followed finishes
 * at its next start (`finishMoves`), so the disk left behind is never taken for a person's change.
 * HEAD on another branch (a person's git switch since the settle began) moves nothing: the work tree is theirs.
 * `meanwhile` runs once the branch moved, before the work tree follows (the push of a settle round: the files
 * are written after it, out of the window in which another server's push can land first); the work tree follows
 * whatever it gives, then its failure is thrown.
 */
export async function moveBranch(repository: Repository, move: Move, remote: string, meanwhile?: () => Promise<void>): Promise<void> {
  const checkedOut = await branchOf(repository);
  if (checkedOut !== move.ref) throw otherBranch(remote, move.ref, checkedOut);
  const journal = ownFileOf(repository, 'move');
  writeOwnFile(repository, 'move', move);
  // Through the kept update-ref (no process started); a ref no longer at `from` is said as false.
  if (!(await repository.kept.moveRef(move.ref, move.to, move.from, `vault: settled on ${remote}`))) {
    await rm(journal, { force: true });
    throw new VaultError('IO_ERROR', `${move.ref} was moved by someone else while the server settled it on the remote ${remote}. Nothing was lost; retry.`, {
      remote: 'busy' satisfies RemoteTrouble,
    });
  }
  const failed = await meanwhile?.().then(
    () => undefined,
    (error: unknown) => ({ error }),
  );
  // A failure here (a switch meanwhile too) leaves the journal: the next settle, or the next start, finishes the move.
  await followBranch(repository, move, remote);
  await rm(journal, { force: true });
  if (failed) throw failed.error;
}

/**
 * The moves of servers killed before their work tree followed the branch (or of this one, whose work
 * tree failed to follow) are finished: at start, and before each settle. A move that cannot be finished
 * is said in a warning and its journal set aside, so it never stops a start or a settle.
 */
export async function finishMoves(repository: Repository): Promise<void> {
  for (const { file, value: move } of await leftByGoneServers<Move>(repository, 'move')) {
    // Another branch checked out: its work tree is the person's; the move is finished once they are back on its branch.
    if (move && (await branchOf(repository)) !== move.ref) continue;
    if (move) {
      await finishMove(repository, move).catch((error: unknown) => setAside(repository, move, file, error));
      await removeTemporaries(repository, move).catch(() => undefined);
    }
    // Finished, set aside (renamed already), or unreadable: done with.
    await rm(file, { force: true });
  }
}

/**
 * Brings the work tree along a move whose branch is still at `to`, or was moved on from it since (a
 * person's commit before the restart): the move's paths go to the branch's tip, each only where the disk
 * still has `from`'s version. A branch moved elsewhere (reset by a person) is theirs: nothing is done.
 */
async function finishMove(repository: Repository, move: Move): Promise<void> {
  const tip = await commitOf(repository, move.ref);
  if (tip === undefined) return;
  const descends = tip === move.to || (await repository.git(['merge-base', '--is-ancestor', move.to, tip], { okCodes: [0, 1, 128] })).code === 0;
  if (!descends) return;
  const { changes, raw } = await changedPaths(repository, move.from, move.to);
  await followBranch(repository, { ...move, to: tip }, 'the remote', new Set([...changes, ...raw].map(({ file }) => file)));
}

/**
 * A move that failed to finish: every path it changes is remembered as a kept edit (a write to one that
 * still differs from the branch is refused until a person decides, never committed over the remote's
 * change), the journal is renamed out of the way, and a warning says so.
 */
async function setAside(repository: Repository, move: Move, file: string, error: unknown): Promise<void> {
  const kept = await changedPaths(repository, move.from, move.to).then(
    ({ changes }) => changes.map(({ file }) => file),
    () => [],
  );
  const tip = (await commitOf(repository, move.ref).catch(() => undefined)) ?? move.to;
  await rememberKeptEdits(repository, move.from, tip, { changed: [], kept }).catch(() => undefined);
  const aside = path.join(folderOf(repository), `set-aside-${Date.now()}-${path.basename(file)}`);
  await rename(file, aside).catch(() => rm(file, { force: true }));
  process.emitWarning(
    `vault history: the work tree could not follow ${move.ref} from ${move.from.slice(0, 12)} to ${move.to.slice(0, 12)} (${(error as Error).message}); the move is set aside in ${aside}. Files it did not bring over show in git status as changes; a write to one is refused with STALE_FILE until a person commits it or takes the branch's version (git checkout HEAD -- PATH).`,
  );
}

async function followBranch(repository: Repository, move: Move, remote: string, only?: ReadonlySet<string>): Promise<void> {
  const { from, to } = move;
  const { changed, kept, skipped } = await updateWorkTree(repository, move, remote, only);
  // A symlink or submodule not written is guarded like a kept edit: a write there would commit a plain file over the remote's entry.
  await rememberKeptEdits(repository, from, to, { changed, kept: [...kept, ...skipped] });
}

/** The temp files servers that are gone (this move's, or one killed while finishing it) left beside the files of a move (`.vault-fetch-PID-N.tmp`). */
async function removeTemporaries(repository: Repository, { from, to }: Move): Promise<void> {
  const { changes } = await changedPaths(repository, from, to);
  for (const folder of new Set(changes.map(({ file }) => path.join(repository.top, path.dirname(file))))) {
    for (const name of await readdir(folder).catch(() => [])) {
      const pid = Number(/^\.vault-fetch-(\d+)-\d+\.tmp$/.exec(name)?.[1]);
      if (pid && isGone(pid, undefined, repository)) await rm(path.join(folder, name), { force: true });
    }
  }
}
