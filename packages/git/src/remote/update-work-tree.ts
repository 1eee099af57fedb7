import { lstat, mkdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VaultError } from '@vault/core';
import { updatePersonsIndex } from '../commit-paths.js';
import type { Repository } from '../open-repository.js';
import { diskIdOf, notAFile } from './blob-id.js';
import { bringOverRawNames } from './bring-over-raw-names.js';
import { type Change, changedPaths, plain, splitBytes, type TreeEntry } from './changed-paths.js';

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
 * `only`: just these paths of the diff (a move finished late, on a branch moved on since).
 */
export async function updateWorkTree(repository: Repository, from: string, to: string, only?: ReadonlySet<string>): Promise<WorkTreeUpdate> {
  const { changes, raw, refused } = await changedPaths(repository, from, to);
  const update: WorkTreeUpdate = { changed: [], kept: [], skipped: [] };
  refused.push(...(await bringOverRawNames(repository, only ? raw.filter(({ file }) => only.has(file)) : raw)));
  const wanted = only ? changes.filter(({ file }) => only.has(file)) : changes;
  const [staged, onDisk] = await Promise.all([stagedIds(repository, wanted), diskIdsOf(repository, wanted)]);
  const indexLines: string[] = [];
  // Removals first: a folder the remote turned into a file (or the reverse) is out of the way before the file is written.
  for (const change of [...wanted.filter(({ next }) => !next), ...wanted.filter(({ next }) => next)]) {
    const fate = await bringPath(repository, change, onDisk.get(change.file));
    update[fate].push(change.file);
    // Unless the person staged something there, the index follows the branch: a kept change shows as theirs, on top of the remote's.
    if (fate === 'changed' || staged.get(change.file) === change.old?.id) indexLines.push(indexLine(repository, change));
  }
  if (indexLines.length > 0) await updatePersonsIndex(repository, indexLines.join(''));
  warn(update, refused);
  return update;
}

/** The `update-index --index-info` record of a path as `to` has it (mode 0: removed). */
const indexLine = (repository: Repository, { file, next }: Change) => `${next ? `${next.mode} ${next.id}` : `0 ${repository.zeroId}`}\t${file}\0`;

/**
 * Brings one path over. Regular files only are written here: a symlink or a submodule on either side is
 * the person's to check out (`skipped`, not their edit). A file still as `old` has it is brought over,
 * unless it was saved meanwhile (checked again right before) or the disk does not let it be written (a
 * person's file where the remote has a folder, a folder reached through a symlink): then it is the person's.
 */
async function bringPath(repository: Repository, { file, old, next }: Change, seen: string | undefined): Promise<keyof WorkTreeUpdate> {
  if (!plain(old) || !plain(next)) return 'skipped';
  // A folder where the remote now has a file may have gone with the removals: looked at again.
  const disk = seen === notAFile ? await diskIdOf(repository, file) : seen;
  if (disk === next?.id) return 'changed';
  if (disk !== old?.id) return 'kept';
  return (await bringOver(repository, file, old, next).catch(refusedByDisk)) ? 'changed' : 'kept';
}

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

/** Errors of a disk shaped otherwise than the branch: a person's file where a folder goes, a folder where a file goes, a folder they locked. */
const shapedOtherwise = new Set(['ENOTDIR', 'EISDIR', 'EEXIST', 'ENOTEMPTY', 'EACCES', 'EPERM']);

/** A file the disk refused to write or remove because of what a person put there is kept; any other failure (a full disk) is thrown. */
function refusedByDisk(error: NodeJS.ErrnoException): false {
  if (error.code !== undefined && shapedOtherwise.has(error.code)) return false;
  throw error;
}

/** The blob ids the person's index holds for the paths (stage 0). */
async function stagedIds(repository: Repository, changes: readonly Change[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (let start = 0; start < changes.length; start += 500) {
    const batch = changes.slice(start, start + 500).map(({ file }) => file);
    const listed = splitBytes((await repository.git(['ls-files', '-s', '-z', '--', ...batch])).stdout);
    for (const line of listed.map((bytes) => bytes.toString('utf8'))) ids.set(line.slice(line.indexOf('\t') + 1), line.split(' ')[1] ?? '');
  }
  return ids;
}

/** The blob ids of what is on disk at top-relative paths (their bytes as they are): none where no file is, a mark where no regular file is. */
async function diskIdsOf(repository: Repository, changes: readonly Change[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const files: string[] = [];
  for (const { file } of changes) {
    const stat = await lstat(path.join(repository.top, file)).catch(() => undefined);
    if (stat?.isFile()) files.push(file);
    else if (stat) ids.set(file, notAFile);
  }
  // In batches, as commit-paths hashes, within the argument list's limit.
  for (let start = 0; start < files.length; start += 500) {
    const batch = files.slice(start, start + 500);
    const hashed = (await repository.git(['hash-object', '--no-filters', '--', ...batch])).stdout.toString('utf8').trim().split('\n');
    for (const [index, file] of batch.entries()) ids.set(file, hashed[index]!);
  }
  return ids;
}

/** Whether a folder on the way to a top-relative path is a symlink: what is written there would land where it leads. */
async function throughSymlink(repository: Repository, file: string): Promise<boolean> {
  const parts = file.split('/').slice(0, -1);
  for (let count = 1; count <= parts.length; count += 1) {
    const stat = await lstat(path.join(repository.top, ...parts.slice(0, count))).catch(() => undefined);
    if (!stat) return false;
    if (stat.isSymbolicLink()) return true;
  }
  return false;
}

/** Numbers the temp files of this process. */
let temporaryCount = 0;

/**
 * Writes a file as the entry has it (a temp file renamed over it), or removes it and the folders it
 * leaves empty; false, and nothing done, when the file is no longer as `old` has it right before (a
 * save made since the check) or a folder on its way is a symlink.
 */
async function bringOver(repository: Repository, file: string, old: TreeEntry | undefined, entry: TreeEntry | undefined): Promise<boolean> {
  if (await throughSymlink(repository, file)) return false;
  const target = path.join(repository.top, file);
  const stillOld = async () => (await diskIdOf(repository, file)) === old?.id;
  if (!entry) {
    if (!(await stillOld())) return false;
    await rm(target, { force: true });
    for (let folder = path.dirname(target); folder.startsWith(`${repository.top}${path.sep}`); folder = path.dirname(folder)) {
      if (
        !(await rmdir(folder).then(
          () => true,
          () => false,
        ))
      )
        break;
    }
    return true;
  }
  const blob = await repository.kept.readObject(entry.id);
  if (blob?.type !== 'blob') throw new VaultError('IO_ERROR', `git has no file ${entry.id} of ${file}: the repository lost an object. Check it with git fsck.`);
  await mkdir(path.dirname(target), { recursive: true });
  temporaryCount += 1;
  const temporary = path.join(path.dirname(target), `.vault-fetch-${process.pid}-${temporaryCount}.tmp`);
  // A write cut short (a full disk) leaves no part of it behind.
  await writeFile(temporary, blob.bytes, { mode: entry.mode === '100755' ? 0o755 : 0o644 }).catch(async (error: unknown) => {
    await rm(temporary, { force: true });
    throw error;
  });
  if (!(await stillOld())) {
    await rm(temporary, { force: true });
    return false;
  }
  await rename(temporary, target);
  return true;
}
