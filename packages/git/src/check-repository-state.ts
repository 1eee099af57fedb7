import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { VaultError } from '@vault/core';
import type { Repository } from './open-repository.js';

/** What a repository may be in the middle of: the file git leaves in its folder, and how to end it. */
const midway = [
  ['MERGE_HEAD', 'a merge', 'git merge --continue, or git merge --abort'],
  ['rebase-merge', 'a rebase', 'git rebase --continue, or git rebase --abort'],
  ['rebase-apply', 'a rebase or git am', 'git rebase --continue (or git am --continue), or --abort'],
  ['CHERRY_PICK_HEAD', 'a cherry-pick', 'git cherry-pick --continue, or git cherry-pick --abort'],
  ['REVERT_HEAD', 'a revert', 'git revert --continue, or git revert --abort'],
  ['BISECT_LOG', 'a bisect', 'git bisect reset'],
] as const;

/**
 * The branch HEAD is on (`refs/heads/main`), refusing a repository in the middle of a merge, rebase,
 * cherry-pick, revert or bisect, and a detached HEAD: a change recorded then would land where the
 * person does not expect it, or be lost when they finish. Read from the git folder (one listing), no git run.
 */
export async function checkRepositoryState(repository: Repository): Promise<string> {
  const inGitDir = new Set(readdirSync(repository.gitDir));
  const ref = await branchOf(repository);
  for (const [file, what, howToEnd] of midway) {
    if (inGitDir.has(file)) {
      throw new VaultError(
        'IO_ERROR',
        `The vault's repository is in the middle of ${what}, so nothing was changed and no change recorded. Finish it first (${howToEnd}), then retry.`,
      );
    }
  }
  if (ref === undefined) {
    throw new VaultError(
      'IO_ERROR',
      `The vault's repository has a detached HEAD (no branch checked out), so nothing was changed: a change recorded there would be lost at the next checkout. Check out a branch (git switch main), then retry.`,
    );
  }
  return ref;
}

/** The branch HEAD is on, or `undefined` for a detached HEAD (read from the git folder). */
export async function branchOf({ gitDir }: Repository): Promise<string | undefined> {
  const head = readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
  return head.startsWith('ref: ') ? head.slice('ref: '.length) : undefined;
}

/**
 * Refuses when HEAD is no longer on `ref`, the branch the call started on: a person's `git switch` or `git checkout`
 * meanwhile made the work tree another branch's, so the call writes no more and moves no ref. `written`: its paths so far.
 */
export async function checkStillOn(repository: Repository, ref: string, written: readonly string[]): Promise<void> {
  const checkedOut = await branchOf(repository);
  if (checkedOut !== ref) throw headMoved(ref, checkedOut, written);
}

/** HEAD moved to another branch during a call: what the call wrote is on disk, recorded nowhere. */
export function headMoved(ref: string, checkedOut: string | undefined, written: readonly string[]): VaultError {
  const name = ref.slice('refs/heads/'.length);
  const now = checkedOut ? checkedOut.replace(/^refs\/heads\//, 'branch ') : 'no branch';
  const outcome =
    written.length === 0
      ? 'before this call wrote anything, so nothing was changed'
      : `after this call wrote ${written.join(', ')}: that change is on disk, in the work tree of ${now}, but committed on no branch and shared nowhere (git status shows it; git commit keeps it there, git checkout HEAD -- PATH drops it)`;
  return new VaultError('IO_ERROR', `HEAD moved from ${name} to ${now} (a git switch or checkout) ${outcome}. Switch back (git switch ${name}), then retry.`, {
    remote: 'other-branch',
    outcome: written.length === 0 ? 'unchanged' : 'on-disk',
  });
}
