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

/** A top-relative path on disk and in HEAD's tree: a file (its git mode; its entry), nothing (`undefined`), or `notAFile`. */
export async function headAndDisk(
  repository: Repository,
  head: Head,
  file: string,
): Promise<{ onDisk: { mode: string } | undefined | typeof notAFile; inHead: TreeEntry | undefined | typeof notAFile }> {
  const [stat, inHead] = await Promise.all([lstat(path.join(repository.top, file)).catch(() => undefined), repository.trees.fileAt(head.tree, file)]);
  const onDisk = stat === undefined ? undefined : stat.isFile() ? { mode: stat.mode & 0o111 ? '100755' : '100644' } : notAFile;
  return { onDisk, inHead };
}
