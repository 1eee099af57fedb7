import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { VaultError, writeConflict } from '@vault/core';
import { renameOverUnchanged } from './rename-over-unchanged.js';
import { type FileLockTiming, shortened, withFileLock } from './with-file-lock.js';

/**
 * Writes `data` (bytes, or pieces of them written as they come) as the file `name` in `folder`, atomically: a hidden temp file beside it, with the
 * old file's mode (and owner, when run as root), written and synced, then renamed over the file.
 * The rename happens under the file's lock (see `withFileLock`), after checking `expected`: the
 * bytes the file must still hold, checked again after the rename (`renameOverUnchanged`); with `null` (no file may be there) the temp file is linked in
 * instead, which fails if anything is there. A symlink in the file's place is replaced, never
 * followed. `lockTiming` overrides the lock's default timing.
 */
export async function replaceFile(
  folder: string,
  name: string,
  data: Uint8Array | Iterable<Uint8Array>,
  relative: string,
  { expected, lockTiming }: { expected?: Uint8Array | null; lockTiming?: FileLockTiming } = {},
): Promise<void> {
  const target = path.join(folder, name);
  const existing = await fs.lstat(target).catch(ignoreMissing);
  if (existing?.isDirectory()) throw new VaultError('NOT_A_FILE', `${relative} is a folder, not a file. Choose a file path.`);
  if (existing?.isFile()) await checkWritable(target, existing.mode, relative);
  const mode = existing?.isFile() ? existing.mode & 0o7777 : 0o666;
  const temp = path.join(folder, `.${shortened(name)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    // O_EXCL: never through a symlink planted at the temp name.
    const handle = await fs.open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, mode);
    try {
      if (existing?.isFile()) {
        await handle.chmod(mode);
        if (process.getuid?.() === 0) await handle.chown(existing.uid, existing.gid);
      }
      // Piece after piece, each from where the last ended; a piece is written before the next is asked for.
      for (const piece of data instanceof Uint8Array ? [data] : data) await handle.writeFile(piece);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await withFileLock(
      folder,
      name,
      relative,
      async () => {
        if (expected === null) {
          // Only where nothing is: link() never replaces, even a file another program made a moment ago.
          await fs.link(temp, target).catch((error: NodeJS.ErrnoException) => {
            throw error.code === 'EEXIST' ? writeConflict(relative, null) : error;
          });
          await fs.rm(temp, { force: true });
          return;
        }
        if (expected === undefined) await fs.rename(temp, target);
        else renameOverUnchanged(folder, name, temp, expected, relative);
      },
      lockTiming,
    );
  } catch (error) {
    await fs.rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

/**
 * Refuses to replace a file whose permissions forbid writing it. The rename would not ask (it needs
 * the folder's permission only), and root may write anything: a file made read-only (chmod 444) is
 * refused all the same, for root when no write bit is set at all.
 */
async function checkWritable(target: string, mode: number, relative: string): Promise<void> {
  const writable =
    process.getuid?.() === 0
      ? (mode & 0o222) !== 0
      : await fs.access(target, constants.W_OK).then(
          () => true,
          () => false,
        );
  if (!writable) {
    throw new VaultError(
      'PERMISSION_DENIED',
      `${relative} is read-only (its permissions forbid writing), so it was left as it is. Make it writable first, or write another file.`,
    );
  }
}

function ignoreMissing(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT') return undefined;
  throw error;
}
