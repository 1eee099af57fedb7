import type { Repository } from '../open-repository.js';
import { isSafeRawPath } from '../is-safe-work-tree-path.js';

/** One side of a changed path: its mode and blob id (`git diff --raw`); absent where the commit has no such path. */
export interface TreeEntry {
  mode: string;
  id: string;
}

/** A path the diff lists, with what `from` and `to` hold there. */
export interface Change {
  file: string;
  old?: TreeEntry;
  next?: TreeEntry;
}

/** A changed path whose name is not UTF-8: its bytes, and a printable form. */
export interface RawChange extends Change {
  bytes: Buffer;
}

/** Entries of regular files only are written by a fetch; a symlink or a submodule on either side is left to the person. */
export const plain = (entry: TreeEntry | undefined) => entry === undefined || entry.mode === '100644' || entry.mode === '100755';

/**
 * The paths `from` and `to` differ on, with both sides' entries; `raw`: those whose names are not UTF-8
 * (their bytes, for git itself to bring over); `refused`: names git's checkout would not write (they
 * could reach `.git` or leave the work tree, decision 0019), never written.
 */
export async function changedPaths(repository: Repository, from: string, to: string): Promise<{ changes: Change[]; raw: RawChange[]; refused: string[] }> {
  // Diffed in-process through the kept trees (as `git diff --raw --no-renames` lists them): no process started.
  const [before, after] = await Promise.all([repository.trees.treeOfCommit(from), repository.trees.treeOfCommit(to)]);
  if (before === undefined || after === undefined) throw new Error(`git has no commit ${before === undefined ? from : to}`);
  const found = { changes: [] as Change[], raw: [] as RawChange[], refused: [] as string[] };
  for (const difference of await repository.trees.changedFiles(before, after, 'bytes')) {
    const bytes = Buffer.from(difference.file, 'latin1');
    const file = utf8(bytes);
    const sides = {
      ...(difference.before ? { old: { mode: difference.before.mode, id: difference.before.id } } : {}),
      ...(difference.after ? { next: { mode: difference.after.mode, id: difference.after.id } } : {}),
    };
    if (!isSafeRawPath(file, bytes)) found.refused.push(JSON.stringify(bytes.toString('utf8')));
    else if (file === undefined) found.raw.push({ bytes, file: JSON.stringify(bytes.toString('utf8')), ...sides });
    else found.changes.push({ file, ...sides });
  }
  return found;
}

const decoder = new TextDecoder('utf-8', { fatal: true });
const utf8 = (bytes: Buffer) => {
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
};

/** NUL-separated output as its byte fields (names as git wrote them). */
export function splitBytes(output: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  for (let start = 0; start < output.length; ) {
    const end = output.indexOf(0, start);
    parts.push(output.subarray(start, end === -1 ? output.length : end));
    start = end === -1 ? output.length : end + 1;
  }
  return parts;
}
