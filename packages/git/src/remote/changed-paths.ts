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
  const output = (await repository.git(['diff', '--raw', '-z', '--no-abbrev', '--no-renames', from, to])).stdout;
  const fields = splitBytes(output);
  const found = { changes: [] as Change[], raw: [] as RawChange[], refused: [] as string[] };
  for (let index = 0; index + 1 < fields.length; index += 2) {
    const [oldMode = '', nextMode = '', oldId = '', nextId = ''] = fields[index]!.toString('latin1').slice(1).split(' ');
    const bytes = fields[index + 1]!;
    const file = utf8(bytes);
    const sides = {
      ...(/^0+$/.test(oldMode) ? {} : { old: { mode: oldMode, id: oldId } }),
      ...(/^0+$/.test(nextMode) ? {} : { next: { mode: nextMode, id: nextId } }),
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
