import { branchOf } from '../check-repository-state.js';
import { besideHead, headOf, readDisk } from './head-and-disk.js';
import { notAFile } from '../kept/kept-trees.js';
import type { Repository } from '../open-repository.js';

/**
 * Whether any of the files (vault paths) differs on disk from HEAD (changed, new and not ignored,
 * removed, or its executable bit), asked of the kept git commands: each file's blob id against HEAD's
 * entry. `undefined` when a path is not a plain file on disk or in HEAD, or the branch has no commit
 * yet: `git status` answers those.
 */
export async function changedSinceHead(repository: Repository, paths: readonly string[]): Promise<boolean | undefined> {
  const files = paths.map((vaultPath) => repository.prefix + vaultPath);
  const [head, read] = await Promise.all([
    branchOf(repository).then((ref) => (ref === undefined ? undefined : headOf(repository, ref))),
    readDisk(repository, files, 'computed'),
  ]);
  const sides = head ? await besideHead(repository, head, files, read) : notAFile;
  if (sides === notAFile) return undefined;
  for (const { file, inHead, onDisk } of sides) {
    const differs = onDisk === undefined || inHead === undefined ? onDisk !== inHead : onDisk.id !== inHead.id || onDisk.mode !== inHead.mode;
    // A file git does not track and .gitignore leaves out is no change: `git status` does not show it.
    if (differs && !(inHead === undefined && (await repository.kept.isIgnored(file)))) return true;
  }
  return false;
}
