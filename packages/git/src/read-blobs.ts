import { VaultError } from '@vault/core';
import type { Repository } from './open-repository.js';

/**
 * The bytes of blobs (`undefined` stays `undefined`: no file), refusing one over `maxSize` bytes with
 * FILE_TOO_LARGE before it is read: its size is asked first (both of the kept `cat-file`s).
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
    const info = await repository.kept.objectInfo(id);
    const size = typeof info === 'string' ? 0 : info.size;
    if (size > maxSize) {
      throw new VaultError('FILE_TOO_LARGE', `${path} was ${size} bytes at that change, over this vault's limit of ${maxSize} bytes. Read it with git show.`);
    }
    const blob = await repository.kept.readObject(id);
    if (blob?.type !== 'blob') throw new VaultError('IO_ERROR', `git has no file ${id} of ${path}: the repository lost an object. Check it with git fsck.`);
    blobs.push(new Uint8Array(blob.bytes));
  }
  return blobs;
}
