import { rm } from 'node:fs/promises';
import { updatePersonsIndex } from '../commit-paths.js';
import type { Repository } from '../open-repository.js';
import { diskIdOf } from './blob-id.js';
import { plain, type RawChange, splitBytes } from './changed-paths.js';

/**
 * Brings over the changed paths whose names are not UTF-8 (a process's arguments cannot carry them):
 * where the disk is still as `from` has it, the index learns `to`'s entry and git itself writes the file (`checkout-index -z --stdin`, names as bytes, git's own path checks), or
 * the file is removed. Returns the printable names left as they are (a person's file, a symlink).
 */
export async function bringOverRawNames(repository: Repository, changes: readonly RawChange[]): Promise<string[]> {
  if (changes.length === 0) return [];
  const staged = await stagedByBytes(repository);
  const lines: Buffer[] = [];
  const written: Buffer[] = [];
  const left: string[] = [];
  for (const { bytes, file, old, next } of changes) {
    const disk = await diskIdOf(repository, bytes);
    const brought = plain(old) && plain(next) && (disk === old?.id || disk === next?.id);
    // As for other names: unless the person staged something there, the index follows the branch.
    if (brought || staged.get(bytes.toString('latin1')) === old?.id) {
      lines.push(Buffer.from(next ? `${next.mode} ${next.id}\t` : `0 ${repository.zeroId}\t`), bytes, Buffer.from([0]));
    }
    if (!brought) {
      left.push(file);
      continue;
    }
    if (next && disk !== next.id) written.push(bytes, Buffer.from([0]));
    if (!next) await rm(Buffer.concat([Buffer.from(`${repository.top}/`), bytes]), { force: true });
  }
  if (lines.length > 0) await updatePersonsIndex(repository, Buffer.concat(lines));
  if (written.length > 0) await repository.git(['checkout-index', '-f', '-z', '--stdin'], { input: Buffer.concat(written) });
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
