import type { Repository } from '../open-repository.js';

/** How many commits a walk reads before it leaves the answer to `git rev-list`. */
const longestWalk = 1000;

/**
 * The commits from `base` (excluded) to `head`, oldest first, read through the kept `cat-file` (no process started):
 * `undefined` when they are no straight line of single-parent commits down to `base` within `longestWalk`
 * (a merge, a root, a branch moved elsewhere), for the caller's git command to answer. `head` equal to `base`: none.
 */
export async function commitsAfter(repository: Repository, head: string, base: string): Promise<string[] | undefined> {
  const line: string[] = [];
  for (let commit = head; commit !== base; ) {
    if (line.length === longestWalk) return undefined;
    const parents = await repository.trees.parentsOf(commit);
    if (parents?.length !== 1) return undefined;
    line.push(commit);
    commit = parents[0]!;
  }
  return line.reverse();
}
