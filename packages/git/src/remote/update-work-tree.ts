import { branchOf } from '../check-repository-state.js';
import { updatePersonsIndex } from '../commit-paths.js';
import { stagedIdsOf } from '../commit/write-index-entries.js';
import type { Repository } from '../open-repository.js';
import { diskIdOf } from './blob-id.js';
import { bringPath } from './bring-over.js';
import { bringOverRawNames } from './bring-over-raw-names.js';
import { type Change, changedPaths, splitBytes } from './changed-paths.js';
import type { Move } from './move-branch.js';
import { otherBranch } from './remote-errors.js';

/** What became of the paths a move of the branch changed. */
export interface WorkTreeUpdate {
  /** Brought over (or already as `to` has them). */
  changed: string[];
  /** A person's edit, left on disk. */
  kept: string[];
  /** Not written, and no person's edit: a symlink or a submodule on either side. */
  skipped: string[];
}

/**
 * Brings the work tree from commit `from` to commit `to`, on the paths git's own diff lists (decision
 * 0019): a file still as `from` has it is written as `to` has it (atomically) or removed; a file someone
 * changed on disk meanwhile (before the check, or between it and the rename) is left as it is and named
 * in the answer. The person's index learns the paths brought over, so `git status` agrees with the disk.
 * `only`: just these paths of the diff (a move finished late, on a branch moved on since). HEAD is looked at before
 * each file and before the index: a person's switch to another branch meanwhile stops it (`otherBranch`), the journal
 * left for when they are back, so nothing of `ref` is written into another branch's work tree or index.
 */
export async function updateWorkTree(repository: Repository, { ref, from, to }: Move, remote: string, only?: ReadonlySet<string>): Promise<WorkTreeUpdate> {
  const stillOn = async () => {
    const checkedOut = await branchOf(repository);
    if (checkedOut !== ref) throw otherBranch(remote, ref, checkedOut);
  };
  const { changes, raw, refused } = await changedPaths(repository, from, to);
  const update: WorkTreeUpdate = { changed: [], kept: [], skipped: [] };
  for (const file of await bringOverRawNames(repository, only ? raw.filter(({ file }) => only.has(file)) : raw, stillOn)) refused.push(file);
  const wanted = only ? changes.filter(({ file }) => only.has(file)) : changes;
  const [staged, onDisk] = await Promise.all([stagedIds(repository, wanted), diskIdsOf(repository, wanted)]);
  const indexLines: string[] = [];
  // Removals first: a folder the remote turned into a file (or the reverse) is out of the way before the file is written.
  for (const change of [...wanted.filter(({ next }) => !next), ...wanted.filter(({ next }) => next)]) {
    const fate = await bringPath(repository, change.file, change, onDisk.get(change.file), stillOn);
    update[fate].push(change.file);
    // Unless the person staged something there, the index follows the branch: a kept change shows as theirs, on top of the remote's.
    if (fate === 'changed' || staged.get(change.file) === change.old?.id) indexLines.push(indexLine(repository, change));
  }
  if (indexLines.length > 0) {
    await stillOn();
    await updatePersonsIndex(repository, indexLines.join(''));
  }
  warn(update, refused);
  return update;
}

/** The `update-index --index-info` record of a path as `to` has it (mode 0: removed). */
const indexLine = (repository: Repository, { file, next }: Change) => `${next ? `${next.mode} ${next.id}` : `0 ${repository.zeroId}`}\t${file}\0`;

/** One warning for the paths a person should look at. */
function warn({ kept, skipped }: WorkTreeUpdate, refused: readonly string[]): void {
  const parts = [
    kept.length > 0 &&
      `${kept.join(', ')} changed on disk and on the remote; the disk's version was kept, and git status shows it as a change on top of the remote's (git checkout HEAD -- PATH takes the remote's). Until a person commits it or takes the remote's, a write to it is refused with STALE_FILE.`,
    skipped.length > 0 && `${skipped.join(', ')} not written: a symlink or a submodule (git checkout HEAD -- PATH writes it).`,
    refused.length > 0 &&
      `${refused.join(', ')} not written: a name git's checkout refuses (it could reach .git or leave the work tree), or a name that is not UTF-8 whose file differs on disk; check it with git status and git log -- PATH.`,
  ].filter(Boolean);
  if (parts.length > 0) process.emitWarning(`vault history: ${parts.join(' ')}`);
}

/** The blob ids the person's index holds for the paths (stage 0): read here, or by git's `ls-files` for an index left to git. */
async function stagedIds(repository: Repository, changes: readonly Change[]): Promise<Map<string, string>> {
  const target = { file: repository.indexFile, top: repository.top, idBytes: repository.zeroId.length / 2, shared: repository.shared };
  const read = stagedIdsOf(
    target,
    changes.map(({ file }) => file),
  );
  if (read) return read;
  const ids = new Map<string, string>();
  for (let start = 0; start < changes.length; start += 500) {
    const batch = changes.slice(start, start + 500).map(({ file }) => file);
    const listed = splitBytes((await repository.git(['ls-files', '-s', '-z', '--', ...batch])).stdout);
    for (const line of listed.map((bytes) => bytes.toString('utf8'))) ids.set(line.slice(line.indexOf('\t') + 1), line.split(' ')[1] ?? '');
  }
  return ids;
}

/** The blob ids of what is on disk at top-relative paths, hashed here as they are (`--no-filters`): none where no file is, a mark where no regular file is. */
async function diskIdsOf(repository: Repository, changes: readonly Change[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const { file } of changes) {
    const id = await diskIdOf(repository, file);
    if (id !== undefined) ids.set(file, id);
  }
  return ids;
}
