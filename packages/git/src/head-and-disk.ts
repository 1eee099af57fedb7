import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { notAFile, type TreeEntry } from './kept-trees.js';
import type { Repository } from './open-repository.js';

/** The commit a branch points at and its tree. */
export interface Head {
  commit: string;
  tree: string;
}

/** The commit and tree a branch points at, read now (a person's commit moves it), or `undefined` for a branch with no commit yet. */
export async function headOf(repository: Repository, ref: string): Promise<Head | undefined> {
  const object = await repository.kept.readObject(ref);
  if (object?.type !== 'commit') return undefined;
  const tree = /^tree ([0-9a-f]+)\n/.exec(object.bytes.toString('latin1'))?.[1];
  if (tree === undefined) throw new Error(`git gave commit ${object.id} without a tree`);
  return { commit: object.id, tree };
}

/** A file on disk as git records it: its mode and blob id. */
export interface DiskFile {
  mode: string;
  id: string;
}

/** A top-relative path in HEAD's tree and on disk (a file, or `undefined`: none), or `notAFile` when either is not a plain file. */
export async function headAndDisk(
  repository: Repository,
  head: Head,
  file: string,
): Promise<{ inHead: TreeEntry | undefined; onDisk: DiskFile | undefined } | typeof notAFile> {
  const inHead = await repository.trees.fileAt(head.tree, file);
  const onDisk = inHead === notAFile ? notAFile : await diskFileOf(repository, file, inHead);
  return inHead === notAFile || onDisk === notAFile ? notAFile : { inHead, onDisk };
}

/**
 * A top-relative path on disk: a file (its mode, and its bytes written as a blob), nothing
 * (`undefined`), or `notAFile` (a folder, a symlink). Without `core.fileMode`, the mode is the one
 * HEAD has (`inHead`), as git keeps it: `100644` for a new file.
 */
async function diskFileOf(repository: Repository, file: string, inHead: { mode: string } | undefined): Promise<DiskFile | undefined | typeof notAFile> {
  const stat = await lstat(path.join(repository.top, file)).catch(() => undefined);
  if (stat === undefined) return undefined;
  if (!stat.isFile()) return notAFile;
  const mode = repository.fileMode ? (stat.mode & 0o111 ? '100755' : '100644') : (inHead?.mode ?? '100644');
  return { mode, id: await repository.kept.hashFile(file) };
}
