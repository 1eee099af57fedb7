import { lstat, mkdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { splitZ, updatePersonsIndex } from '../commit-paths.js';
import type { Repository } from '../open-repository.js';

/** A tree entry as `ls-tree` gives it: `MODE TYPE ID\tPATH`, which `update-index --index-info` takes as it is. */
interface TreeEntry {
  mode: string;
  id: string;
  line: string;
}

/**
 * Brings the work tree from commit `from` to commit `to`, on the paths git's own diff lists (decision
 * 0019): a file still as `from` has it is written as `to` has it (atomically) or removed; a file someone
 * changed on disk meanwhile is left as it is and named in the answer. The person's index learns the
 * paths brought over, so `git status` agrees with the disk.
 */
export async function updateWorkTree(repository: Repository, from: string, to: string): Promise<{ changed: string[]; kept: string[] }> {
  const paths = splitZ((await repository.git(['diff', '--name-only', '-z', '--no-renames', from, to])).stdout);
  if (paths.length === 0) return { changed: [], kept: [] };
  const [before, after] = await Promise.all([entriesAt(repository, from, paths), entriesAt(repository, to, paths)]);
  const [staged, onDisk] = await Promise.all([stagedIds(repository, paths), diskIdsOf(repository, paths)]);
  const changed: string[] = [];
  const kept: string[] = [];
  const indexLines: string[] = [];
  for (const file of paths) {
    const [old, next] = [before.get(file), after.get(file)];
    const disk = onDisk.get(file);
    if (disk !== next?.id && (disk !== old?.id || !plain(old) || !plain(next))) {
      kept.push(file);
      // Unless the person staged something there, the index follows the branch: their change shows as theirs, on top of the remote's.
      if (staged.get(file) !== old?.id) continue;
    } else {
      if (disk !== next?.id) await bringOver(repository, file, next);
      changed.push(file);
    }
    indexLines.push(next ? `${next.line}\0` : `0 ${repository.zeroId}\t${file}\0`);
  }
  if (indexLines.length > 0) await updatePersonsIndex(repository, indexLines.join(''));
  if (kept.length > 0) {
    process.emitWarning(
      `vault history: ${kept.join(', ')} changed on disk and on the remote; the disk's version was kept, and git status shows it as a change on top of the remote's (git restore PATH takes the remote's).`,
    );
  }
  return { changed, kept };
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
    else if (stat) ids.set(file, 'not a regular file');
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

/** Writes a file as the entry has it (a temp file renamed over it), or removes it and the folders it leaves empty. */
async function bringOver(repository: Repository, file: string, entry: TreeEntry | undefined): Promise<void> {
  const target = path.join(repository.top, file);
  if (!entry) {
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
    return;
  }
  const bytes = (await repository.git(['cat-file', 'blob', entry.id])).stdout;
  await mkdir(path.dirname(target), { recursive: true });
  temporaryCount += 1;
  const temporary = path.join(path.dirname(target), `.vault-fetch-${process.pid}-${temporaryCount}.tmp`);
  await writeFile(temporary, bytes, { mode: entry.mode === '100755' ? 0o755 : 0o644 });
  await rename(temporary, target);
}
