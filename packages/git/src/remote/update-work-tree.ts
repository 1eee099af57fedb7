import { lstat, mkdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VaultError } from '@vault/core';
import { splitZ, updatePersonsIndex } from '../commit-paths.js';
import type { Repository } from '../open-repository.js';
import { diskIdOf, notAFile } from './blob-id.js';

/** A tree entry as `ls-tree` gives it: `MODE TYPE ID\tPATH`, which `update-index --index-info` takes as it is. */
interface TreeEntry {
  mode: string;
  id: string;
  line: string;
}

/**
 * Brings the work tree from commit `from` to commit `to`, on the paths git's own diff lists (decision
 * 0019): a file still as `from` has it is written as `to` has it (atomically) or removed; a file someone
 * changed on disk meanwhile (before the check, or between it and the rename) is left as it is and named
 * in the answer. The person's index learns the paths brought over, so `git status` agrees with the disk.
 */
export async function updateWorkTree(repository: Repository, from: string, to: string): Promise<{ changed: string[]; kept: string[] }> {
  const paths = splitZ((await repository.git(['diff', '--name-only', '-z', '--no-renames', from, to])).stdout);
  if (paths.length === 0) return { changed: [], kept: [] };
  const [before, after] = await Promise.all([entriesAt(repository, from, paths), entriesAt(repository, to, paths)]);
  const [staged, onDisk] = await Promise.all([stagedIds(repository, paths), diskIdsOf(repository, paths)]);
  const changed: string[] = [];
  const kept: string[] = [];
  const indexLines: string[] = [];
  // Removals first: a folder the remote turned into a file (or the reverse) is out of the way before the file is written.
  for (const file of [...paths.filter((file) => !after.has(file)), ...paths.filter((file) => after.has(file))]) {
    const [old, next] = [before.get(file), after.get(file)];
    // A folder where the remote now has a file may have gone with the removals: looked at again.
    const disk = onDisk.get(file) === notAFile ? await diskIdOf(repository, file) : onDisk.get(file);
    const theirs = disk !== next?.id && (disk !== old?.id || !plain(old) || !plain(next));
    // A file still as `old` has it is brought over, unless it was saved meanwhile (checked again right before) or the disk
    // does not let it be written (a person's file where the remote has a folder): then it is the person's to settle.
    if (theirs || (disk !== next?.id && !(await bringOver(repository, file, old, next).catch(refusedByDisk)))) {
      kept.push(file);
      // Unless the person staged something there, the index follows the branch: their change shows as theirs, on top of the remote's.
      if (staged.get(file) !== old?.id) continue;
    } else changed.push(file);
    indexLines.push(next ? `${next.line}\0` : `0 ${repository.zeroId}\t${file}\0`);
  }
  if (indexLines.length > 0) await updatePersonsIndex(repository, indexLines.join(''));
  if (kept.length > 0) {
    process.emitWarning(
      `vault history: ${kept.join(', ')} changed on disk and on the remote; the disk's version was kept, and git status shows it as a change on top of the remote's (git checkout HEAD -- PATH takes the remote's). Until a person commits it or takes the remote's, a write to it is refused with STALE_FILE.`,
    );
  }
  return { changed, kept };
}

/** A file the disk refused to write or remove (an errno: a person's file where a folder goes) is kept; any other failure is thrown. */
function refusedByDisk(error: NodeJS.ErrnoException): false {
  if (typeof error.errno === 'number') return false;
  throw error;
}

/** Entries of regular files only are written here; a symlink or a submodule on either side is left to the person. */
const plain = (entry: TreeEntry | undefined) => entry === undefined || entry.mode === '100644' || entry.mode === '100755';

async function entriesAt(repository: Repository, commit: string, paths: readonly string[]): Promise<Map<string, TreeEntry>> {
  const entries = new Map<string, TreeEntry>();
  for (let start = 0; start < paths.length; start += 500) {
    const listed = await repository.git(['ls-tree', '-r', '-z', '--full-tree', commit, '--', ...paths.slice(start, start + 500)]);
    for (const line of splitZ(listed.stdout)) {
      const [head, file] = splitEntry(line);
      const [mode = '', , id = ''] = head.split(' ');
      entries.set(file, { mode, id, line });
    }
  }
  return entries;
}

/** An `ls-tree` or `ls-files -s` entry's fields and its path: after the first tab (a name may hold tabs). */
function splitEntry(line: string): [string, string] {
  const tab = line.indexOf('\t');
  return [line.slice(0, tab), line.slice(tab + 1)];
}

/** The blob ids the person's index holds for the paths (stage 0). */
async function stagedIds(repository: Repository, paths: readonly string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (let start = 0; start < paths.length; start += 500) {
    const listed = await repository.git(['ls-files', '-s', '-z', '--', ...paths.slice(start, start + 500)]);
    for (const line of splitZ(listed.stdout)) {
      const [head, file] = splitEntry(line);
      ids.set(file, head.split(' ')[1] ?? '');
    }
  }
  return ids;
}

/** The blob ids of what is on disk at top-relative paths (their bytes as they are): none where no file is, a mark where no regular file is. */
async function diskIdsOf(repository: Repository, paths: readonly string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const files: string[] = [];
  for (const file of paths) {
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

/** Numbers the temp files of this process. */
let temporaryCount = 0;

/**
 * Writes a file as the entry has it (a temp file renamed over it), or removes it and the folders it
 * leaves empty; false, and nothing done, when the file is no longer as `old` has it right before (a
 * save made since the check).
 */
async function bringOver(repository: Repository, file: string, old: TreeEntry | undefined, entry: TreeEntry | undefined): Promise<boolean> {
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
  await writeFile(temporary, blob.bytes, { mode: entry.mode === '100755' ? 0o755 : 0o644 });
  if (!(await stillOld())) {
    await rm(temporary, { force: true });
    return false;
  }
  await rename(temporary, target);
  return true;
}
