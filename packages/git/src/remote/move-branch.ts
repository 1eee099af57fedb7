import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VaultError } from '@vault/core';
import { isAlive } from '../change-journal.js';
import { splitZ } from '../commit-paths.js';
import type { Repository } from '../open-repository.js';
import { commitOf } from './remote-branch.js';
import type { RemoteTrouble } from './remote-errors.js';
import { rememberKeptEdits } from './kept-edits.js';
import { updateWorkTree } from './update-work-tree.js';

/** A move of the branch whose work tree update may not have finished: the branch, and the commits the work tree goes from and to. */
interface Move {
  ref: string;
  from: string;
  to: string;
}

const folderOf = (repository: Repository) => path.join(repository.gitDir, 'vault-text-tools');
const fileOf = (repository: Repository, pid: number) => path.join(folderOf(repository), `move-${pid}.json`);

/**
 * Moves `ref` from `from` to `to` by compare-and-swap and brings the work tree along (decision 0019),
 * journalled first: a server killed after the branch moved and before the work tree followed finishes
 * at its next start (`finishMoves`), so the disk left behind is never taken for a person's change.
 */
export async function moveBranch(repository: Repository, move: Move, remote: string): Promise<void> {
  const journal = fileOf(repository, process.pid);
  await mkdir(folderOf(repository), { recursive: true });
  await writeFile(journal, JSON.stringify(move));
  const moved = await repository.git(['update-ref', '-m', `vault: settled on ${remote}`, move.ref, move.to, move.from], { okCodes: [0, 1, 128] });
  if (moved.code !== 0) {
    await rm(journal, { force: true });
    throw new VaultError('IO_ERROR', `${move.ref} was moved by someone else while the server settled it on the remote ${remote}. Nothing was lost; retry.`, {
      remote: 'busy' satisfies RemoteTrouble,
    });
  }
  // A failure here leaves the journal: the next settle, or the next start, finishes the move.
  await followBranch(repository, move);
  await rm(journal, { force: true });
}

/**
 * The moves of servers killed before their work tree followed the branch (or of this one, whose work
 * tree failed to follow) are finished, when the branch is still where they left it: at start, and before each settle.
 */
export async function finishMoves(repository: Repository): Promise<void> {
  const names = await readdir(folderOf(repository)).catch(() => []);
  for (const name of names) {
    const pid = Number(/^move-(\d+)\.json$/.exec(name)?.[1]);
    if (!pid || isAlive(pid)) continue;
    const file = path.join(folderOf(repository), name);
    const move = await readFile(file, 'utf8')
      .then((text) => JSON.parse(text) as Move)
      .catch(() => undefined);
    if (move && (await commitOf(repository, move.ref)) === move.to) {
      await followBranch(repository, move);
      await removeTemporaries(repository, move, pid);
    }
    await rm(file, { force: true });
  }
}

async function followBranch(repository: Repository, { from, to }: Move): Promise<void> {
  await rememberKeptEdits(repository, from, to, await updateWorkTree(repository, from, to));
}

/** The temp files a server killed between writing one and renaming it left beside the files it brought over (`.vault-fetch-PID-N.tmp`). */
async function removeTemporaries(repository: Repository, { from, to }: Move, pid: number): Promise<void> {
  const paths = splitZ((await repository.git(['diff', '--name-only', '-z', '--no-renames', from, to])).stdout);
  for (const folder of new Set(paths.map((file) => path.join(repository.top, path.dirname(file))))) {
    for (const name of await readdir(folder).catch(() => [])) {
      if (name.startsWith(`.vault-fetch-${pid}-`) && name.endsWith('.tmp')) await rm(path.join(folder, name), { force: true });
    }
  }
}
