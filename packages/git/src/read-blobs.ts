import { VaultError } from '@vault/core';
import type { Repository } from './open-repository.js';

/**
 * The bytes of blobs (`undefined` stays `undefined`: no file), refusing one over `maxSize` bytes with
 * FILE_TOO_LARGE before it is read: its size is asked first.
 */
export async function readBlobs(
  repository: Repository,
  ids: readonly (string | undefined)[],
  maxSize: number,
  path: string,
): Promise<(Uint8Array | undefined)[]> {
  const blobs: (Uint8Array | undefined)[] = [];
  for (const id of ids) {
    if (id === undefined) {
      blobs.push(undefined);
      continue;
    }
    const size = Number((await repository.git(['cat-file', '-s', id])).stdout.toString('utf8').trim());
    if (size > maxSize) {
      throw new VaultError('FILE_TOO_LARGE', `${path} was ${size} bytes at that change, over this vault's limit of ${maxSize} bytes. Read it with git show.`);
    }
    blobs.push(new Uint8Array((await repository.git(['cat-file', 'blob', id])).stdout));
  }
  return blobs;
}
