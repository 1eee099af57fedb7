import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { notAFile, type TreeEntry } from '../kept/kept-trees.js';
import type { Repository } from '../open-repository.js';

/** The commit a branch points at and its tree. */
export interface Head {
  commit: string;
  tree: string;
}

/** The commit and tree a branch points at, read now (a person's commit moves it), or `undefined` for a branch with no commit yet. */
export async function headOf(repository: Repository, ref: string): Promise<Head | undefined> {
  const commit = looseRef(repository, ref) ?? (await tipFromGit(repository, ref));
  const tree = commit && (await repository.trees.treeOfCommit(commit));
  return commit && tree ? { commit, tree } : undefined;
}

/**
 * A branch's commit from its file in the refs folder (no process), or `undefined` when git must say:
 * a packed ref, a symbolic one, none, or refs kept otherwise (reftable). A rename replaces the file whole,
 * so it is read as before or after a move, never between.
 */
function looseRef(repository: Repository, ref: string): string | undefined {
  try {
    const id = readFileSync(path.join(repository.commonDir, ref), 'latin1').trim();
    return id.length === repository.zeroId.length && /^[0-9a-f]+$/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

async function tipFromGit(repository: Repository, ref: string): Promise<string | undefined> {
  const found = await repository.kept.objectInfo(ref);
  return typeof found === 'string' ? undefined : found.id;
}

/** A file on disk as read, before its mode is settled against HEAD: executable or not, and its blob id. */
export interface ReadFile {
  executable: boolean;
  id: string;
}

/** A file on disk as git records it: its mode and blob id. */
export interface DiskFile {
  mode: string;
  id: string;
}

/** A file (top-relative) in HEAD's tree and on disk (`undefined`: none there). */
export interface FileSides {
  file: string;
  inHead: TreeEntry | undefined;
  onDisk: DiskFile | undefined;
}

/**
 * The files (top-relative) on disk, each a file (its blob id: `written` into the object store, or only
 * computed, for a check), nothing (`undefined`), or `notAFile` (a folder, a symlink). Read beside HEAD, not after it.
 */
export function readDisk(
  repository: Repository,
  files: readonly string[],
  blobs: 'written' | 'computed' = 'written',
): Promise<(ReadFile | undefined | typeof notAFile)[]> {
  const idOf = blobs === 'written' ? repository.kept.hashFile : repository.kept.blobIdOf;
  return Promise.all(
    files.map(async (file) => {
      const stat = statOrNone(path.join(repository.top, file));
      if (stat === undefined) return undefined;
      if (!stat.isFile()) return notAFile;
      return { executable: (stat.mode & 0o111) !== 0, id: await idOf(file) };
    }),
  );
}

/**
 * The files beside HEAD's entries, or `notAFile` when one is not a plain file on either side. Without
 * `core.fileMode`, a file's mode is the one HEAD has, as git keeps it (`100644` for a new file).
 */
export async function besideHead(
  repository: Repository,
  head: Head,
  files: readonly string[],
  read: readonly (ReadFile | undefined | typeof notAFile)[],
): Promise<FileSides[] | typeof notAFile> {
  const sides: FileSides[] = [];
  for (const [index, file] of files.entries()) {
    const inHead = await repository.trees.fileAt(head.tree, file);
    const onDisk = read[index];
    if (inHead === notAFile || onDisk === notAFile) return notAFile;
    const mode = (executable: boolean) => (repository.fileMode ? (executable ? '100755' : '100644') : (inHead?.mode ?? '100644'));
    sides.push({ file, inHead, onDisk: onDisk && { mode: mode(onDisk.executable), id: onDisk.id } });
  }
  return sides;
}

/** A path's lstat, or `undefined` when there is nothing there (or a file where a folder on its way should be). */
function statOrNone(file: string) {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}
