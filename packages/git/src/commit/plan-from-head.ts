import type { FileSides, Head } from './head-and-disk.js';
import type { FileChange } from '../kept/kept-trees.js';
import type { Repository } from '../open-repository.js';

/** A commit's tree, and the entries the person's index learns (`update-index -z --index-info` records). */
export interface CommitPlan {
  tree: string;
  entries: string;
}

/**
 * The tree of HEAD with the files as they are on disk (`besideHead`), written into the object store: each file as hashed (unless untracked and ignored), each tracked file no longer on disk
 * removed, only the trees on their paths written.
 */
export async function planFromHead(repository: Repository, head: Head, files: readonly FileSides[]): Promise<CommitPlan> {
  const changes = new Map<string, FileChange>();
  const entries: string[] = [];
  for (const { file, inHead, onDisk } of files) {
    if (onDisk === undefined) {
      if (inHead) changes.set(file, null);
      if (inHead) entries.push(`0 ${repository.zeroId}\t${file}\0`);
    } else if (inHead || !(await repository.kept.isIgnored(file))) {
      entries.push(`${onDisk.mode} ${onDisk.id}\t${file}\0`);
      if (inHead?.id !== onDisk.id || inHead.mode !== onDisk.mode) changes.set(file, onDisk);
    }
  }
  if (changes.size === 0) return { tree: head.tree, entries: entries.join('') };
  return { tree: await repository.trees.withChanges(head.tree, changes), entries: entries.join('') };
}
