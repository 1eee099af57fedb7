import { updatePersonsIndex } from '../commit-paths.js';
import type { Repository } from '../open-repository.js';
import { diskIdOf } from './blob-id.js';
import { bringPath } from './bring-over.js';
import { type RawChange, splitBytes } from './changed-paths.js';

/**
 * Brings over the changed paths whose names are not UTF-8 (a process's arguments cannot carry them, so
 * their bytes are the paths), one by one through the same checks as any other (`bringPath`: a person's
 * save right before, a folder that is a symlink); the index, told by bytes, learns the ones brought
 * over. Returns the printable names left as they are (a person's file, a symlink).
 */
export async function bringOverRawNames(repository: Repository, changes: readonly RawChange[], stillOn: () => Promise<void>): Promise<string[]> {
  if (changes.length === 0) return [];
  const staged = await stagedByBytes(repository);
  const lines: Buffer[] = [];
  const left: string[] = [];
  for (const change of changes) {
    const { bytes, file, old, next } = change;
    const brought = (await bringPath(repository, bytes, change, await diskIdOf(repository, bytes), stillOn)) === 'changed';
    // As for other names: unless the person staged something there, the index follows the branch.
    if (brought || staged.get(bytes.toString('latin1')) === old?.id) {
      lines.push(Buffer.from(next ? `${next.mode} ${next.id}\t` : `0 ${repository.zeroId}\t`), bytes, Buffer.from([0]));
    }
    if (!brought) left.push(file);
  }
  if (lines.length > 0) {
    await stillOn();
    await updatePersonsIndex(repository, Buffer.concat(lines));
  }
  return left;
}

/** The person's index (stage 0), keyed by each name's bytes read as Latin-1. */
async function stagedByBytes(repository: Repository): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const line of splitBytes((await repository.git(['ls-files', '-s', '-z'])).stdout)) {
    const tab = line.indexOf(9);
    const [, id = '', stage = ''] = line.subarray(0, tab).toString('latin1').split(' ');
    if (stage === '0') ids.set(line.subarray(tab + 1).toString('latin1'), id);
  }
  return ids;
}
