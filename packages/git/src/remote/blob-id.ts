import { createHash } from 'node:crypto';
import { lstat, readFile } from 'node:fs/promises';
import type { Repository } from '../open-repository.js';

/** The id git gives a blob of these bytes (`hash-object --no-filters`), computed here: no process, nothing written. */
export function blobIdOf(repository: Repository, bytes: Uint8Array): string {
  return createHash(repository.zeroId.length === 64 ? 'sha256' : 'sha1')
    .update(`blob ${bytes.length}\0`)
    .update(bytes)
    .digest('hex');
}

/** What `diskIdOf` gives for a folder or a symlink. */
export const notAFile = 'not a regular file';

/** The blob id of what is at a top-relative path now: `undefined` where nothing is, `'not a regular file'` where a folder or a symlink is. */
export async function diskIdOf(repository: Repository, file: string): Promise<string | undefined> {
  const target = `${repository.top}/${file}`;
  const stat = await lstat(target).catch(() => undefined);
  if (!stat) return undefined;
  if (!stat.isFile()) return notAFile;
  return blobIdOf(repository, await readFile(target));
}
