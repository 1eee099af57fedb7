import { headAndDisk, type Head } from './head-and-disk.js';
import { type FileChange, notAFile } from './kept-trees.js';
import type { Repository } from './open-repository.js';

/** A commit's tree, and the entries the person's index learns (`update-index -z --index-info` records). */
export interface CommitPlan {
  tree: string;
  entries: string;
}

/**
 * The tree of HEAD with the files (vault paths) as they are on disk, built through the kept git
 * commands: each file hashed as its bytes are (unless untracked and ignored), each tracked file no
 * longer on disk removed, only the trees on their paths written. `undefined` when a path is not a
 * plain file on disk or in HEAD (a folder, a symlink): the private index answers those.
 */
export async function planFromHead(repository: Repository, head: Head, paths: readonly string[]): Promise<CommitPlan | undefined> {
  const changes = new Map<string, FileChange>();
  const entries: string[] = [];
  for (const vaultPath of new Set(paths)) {
    const file = repository.prefix + vaultPath;
    const found = await headAndDisk(repository, head, file);
    if (found === notAFile) return undefined;
    const { inHead, onDisk } = found;
    if (onDisk === undefined) {
      if (inHead) changes.set(file, null);
      if (inHead) entries.push(`0 ${repository.zeroId}\t${file}\0`);
    } else if (inHead || !(await repository.kept.isIgnored(file))) {
      entries.push(`${onDisk.mode} ${onDisk.id}\t${file}\0`);
      if (inHead?.id !== onDisk.id || inHead.mode !== onDisk.mode) changes.set(file, onDisk);
    }
  }
  const tree = changes.size === 0 ? head.tree : await repository.trees.withChanges(head.tree, changes);
  return { tree, entries: entries.join('') };
}
