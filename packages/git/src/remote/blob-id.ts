import { lstat, readFile } from 'node:fs/promises';
import { objectId } from '../kept/object-id.js';
import type { Repository } from '../open-repository.js';

/** The id git gives a blob of these bytes (`hash-object --no-filters`), computed here: no process, nothing written. */
export function blobIdOf(repository: Repository, bytes: Uint8Array): string {
  return objectId('blob', bytes, repository.zeroId.length / 2);
}

/** What `diskIdOf` gives for a folder or a symlink. */
export const notAFile = 'not a regular file';

/** The blob id of what is at a top-relative path (a string, or a name's bytes) now: `undefined` where nothing is, `'not a regular file'` where a folder or a symlink is. */
export async function diskIdOf(repository: Repository, file: string | Buffer): Promise<string | undefined> {
  // A name that is not UTF-8 comes as its bytes.
  const target = typeof file === 'string' ? `${repository.top}/${file}` : Buffer.concat([Buffer.from(`${repository.top}/`), file]);
  const stat = await lstat(target).catch(() => undefined);
  if (!stat) return undefined;
  if (!stat.isFile()) return notAFile;
  return blobIdOf(repository, await readFile(target));
}
