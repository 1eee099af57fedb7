import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { VaultError } from '@vault/core';
import { checkRepositoryState, checkStillOn, headMoved } from './check-repository-state.js';
import { commitText } from './commit/commit-text.js';
import { besideHead, type Head, headOf, readDisk } from './commit/head-and-disk.js';
import { notAFile } from './kept/kept-trees.js';
import type { Repository } from './open-repository.js';
import { planFromHead } from './commit/plan-from-head.js';
import { planInPrivateIndex } from './commit/plan-in-private-index.js';
import { notOnDisk, writeIndexEntries } from './commit/write-index-entries.js';

/** Who a commit names: `GIT_AUTHOR_*` and `GIT_COMMITTER_*`. */
export interface Identity {
  name: string;
  email: string;
}

/** A commit to make: the vault paths (files or folders) whose state on disk it records, and its message and people. */
export interface CommitRequest {
  paths: readonly string[];
  message: string;
  author: Identity;
  committer: Identity;
  /** Tell the person's index of these paths also when nothing is to commit (a restart finishing a killed call's commit). */
  syncIndex?: boolean;
  /** The branch the call started on: HEAD moved to another since (a person's git switch) is refused before any ref moves. */
  ref?: string;
}

/** How many times, a pause apart, the person's `index.lock` is found taken before a call gives up on it. */
const lockTries = 40;
const lockPause = () => new Promise((resolve) => setTimeout(resolve, 50));

/**
 * Waits while a person's git holds the index's lock (`index.lock`, beside the file a symlinked index leads to), and
 * refuses the call when it stays taken (a `git commit` waiting for its message, a lock a killed git left): nothing
 * is written, since the person's index could not learn the change and their next commit, made from it, would take
 * the change back out.
 */
export async function waitForIndex(repository: Repository): Promise<void> {
  const lock = `${realPathOr(repository.indexFile)}.lock`;
  for (let attempt = 1; existsSync(lock); attempt += 1) {
    if (attempt === lockTries) {
      throw new VaultError(
        'IO_ERROR',
        `A git command holds the repository's index (${path.relative(repository.top, lock)} is there), so nothing was changed: the change could not be told to the index, and the next commit made from it would take the change back out. Retry once that git command ends; if none runs, remove the stale lock file.`,
        { outcome: 'unchanged' },
      );
    }
    await lockPause();
  }
}

/** The file a path leads to (a symlinked index), or the path itself when there is none yet. */
function realPathOr(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/** How often a commit is rebuilt when the branch moved under it (a person's commit meanwhile). */
const attempts = 5;

/**
 * Records the paths as they are on disk now in one commit on the checked-out branch, and returns its
 * id, or `undefined` when they already are as HEAD has them. The tree is HEAD's with these paths
 * changed, built apart from the person's index (by the kept git commands, or in a private index for
 * folders and symlinks), so what a person staged is never touched; the branch moves by
 * compare-and-swap, rebuilt on the new HEAD when a person's commit came first; then the person's
 * index learns the new entries of these paths only (`updatePersonsIndex`), so `git status` agrees with the disk.
 */
export async function commitPaths(repository: Repository, request: CommitRequest): Promise<string | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    const files = request.paths.map((vaultPath) => repository.prefix + vaultPath);
    // The files are hashed while HEAD is read. One removed or replaced meanwhile: the private index looks again.
    const [{ ref, head }, read] = await Promise.all([
      checkRepositoryState(repository).then(async (ref) => {
        if (request.ref !== undefined && ref !== request.ref) throw headMoved(request.ref, ref, request.paths);
        return { ref, head: await headOf(repository, ref) };
      }),
      readDisk(repository, files).catch(() => undefined),
    ]);
    const fast = head && read ? await planBesideHead(repository, head, files, read).catch(() => undefined) : undefined;
    const { tree, entries } = fast ?? (await planInPrivateIndex(repository, head, request.paths));
    if (entries === '' || tree === head?.tree) {
      if (request.syncIndex) await updatePersonsIndex(repository, entries, files);
      return undefined;
    }
    const commit = await repository.kept.makeCommit(commitText({ ...request, tree, parent: head?.commit }));
    // Looked at again right before the branch moves: a switch while the commit was built.
    if (request.ref !== undefined) await checkStillOn(repository, request.ref, request.paths);
    if (await repository.kept.moveRef(ref, commit, head?.commit ?? repository.zeroId)) {
      repository.trees.knowCommit(commit, tree);
      await updatePersonsIndex(repository, entries, files);
      return commit;
    }
    if (attempt === attempts) throw branchKeptMoving(ref);
  }
}

/** The plan from the kept commands, or `undefined` for a folder or a symlink (the private index plans those). */
async function planBesideHead(repository: Repository, head: Head, files: readonly string[], read: Parameters<typeof besideHead>[3]) {
  const sides = await besideHead(repository, head, files, read);
  return sides === notAFile ? undefined : planFromHead(repository, head, sides);
}

/**
 * The person's index learns the committed entries of these paths (and nothing else), so `git status`
 * shows them clean: written here (`writeIndexEntries`), or by `git update-index` for an index it leaves
 * to git. `within` (top-relative: the paths committed): an entry there that no record names and whose
 * file is gone from disk is removed too (a path HEAD lost before the index did). Retried for a while when
 * a person's git holds `index.lock`; then left, with the reason, since the change itself is recorded.
 */
export async function updatePersonsIndex(repository: Repository, entries: string | Uint8Array, within: readonly string[] = []): Promise<void> {
  for (let attempt = 0; attempt < lockTries; attempt += 1) {
    const target = { file: repository.indexFile, top: repository.top, idBytes: repository.zeroId.length / 2, shared: repository.shared };
    const written = writeIndexOrGiveWay(target, entries, within);
    if (written === 'written') return;
    if (written === 'unusual') {
      const input = Buffer.concat([Buffer.from(entries), ...(await goneFromIndex(repository, entries, within))]);
      const updated = await repository.git(['update-index', '-z', '--index-info'], { input, okCodes: [0, 128] });
      if (updated.code === 0) return;
    }
    await lockPause();
  }
  process.emitWarning(
    `vault history: the repository's index.lock stayed taken, so git status may show the last change as staged. Run git reset -q, or remove a stale .git/index.lock.`,
  );
}

/** For an index git writes: removals of its entries at or under `within` that no record names and whose files are gone from disk. */
async function goneFromIndex(repository: Repository, entries: string | Uint8Array, within: readonly string[]): Promise<Buffer[]> {
  if (within.length === 0) return [];
  const named = new Set(splitZBytes(Buffer.from(entries)).map((record) => record.subarray(record.indexOf(9) + 1).toString('latin1')));
  const listed = splitZBytes((await repository.git(['ls-files', '-z', '--cached', '--', ...within])).stdout);
  return listed
    .filter((name) => !named.has(name.toString('latin1')) && notOnDisk(repository.top, name))
    .map((name) => Buffer.concat([Buffer.from(`0 ${repository.zeroId}\t`), name, Buffer.from([0])]));
}

/** The NUL-ended parts of `-z` output, as bytes (a name need not be UTF-8). */
function splitZBytes(output: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  for (let at = 0; at < output.length; ) {
    const end = output.indexOf(0, at);
    parts.push(output.subarray(at, end < 0 ? output.length : end));
    at = end < 0 ? output.length : end + 1;
  }
  return parts.filter((part) => part.length > 0);
}

/** The index written here, or left to git when this writer fails (an index it cannot read or write: git says why). */
function writeIndexOrGiveWay(...args: Parameters<typeof writeIndexEntries>) {
  try {
    return writeIndexEntries(...args);
  } catch {
    return 'unusual';
  }
}

function branchKeptMoving(ref: string): VaultError {
  return new VaultError(
    'IO_ERROR',
    `${ref} kept moving while the change was being recorded (other commits ${attempts} times in a row), so it is written on disk but not yet recorded: it will be recorded with the next change of the same file. Retry later.`,
  );
}

export { splitZ } from './run-git.js';
