import { branchOf } from './check-repository-state.js';
import { headAndDisk, headOf } from './head-and-disk.js';
import { notAFile, type TreeEntry } from './kept-trees.js';
import type { Repository } from './open-repository.js';

/**
 * Whether any of the files (vault paths) differs on disk from HEAD (changed, new and not ignored,
 * removed, or its executable bit), asked of the kept git commands: each file's blob id against HEAD's
 * entry. `undefined` when a path is not a plain file on disk or in HEAD, or the branch has no commit
 * yet: `git status` answers those.
 */
export async function changedSinceHead(repository: Repository, paths: readonly string[]): Promise<boolean | undefined> {
  const ref = await branchOf(repository);
  const head = ref === undefined ? undefined : await headOf(repository, ref);
  if (!head) return undefined;
  for (const vaultPath of paths) {
    const file = repository.prefix + vaultPath;
    const { onDisk, inHead } = await headAndDisk(repository, head, file);
    if (onDisk === notAFile || inHead === notAFile) return undefined;
    if (await fileDiffers(repository, file, onDisk, inHead)) return true;
  }
  return false;
}

async function fileDiffers(repository: Repository, file: string, onDisk: { mode: string } | undefined, inHead: TreeEntry | undefined): Promise<boolean> {
  if (onDisk === undefined) return inHead !== undefined;
  if (inHead === undefined) return !(await repository.kept.isIgnored(file));
  return onDisk.mode !== inHead.mode || (await repository.kept.hashFile(file)) !== inHead.id;
}
