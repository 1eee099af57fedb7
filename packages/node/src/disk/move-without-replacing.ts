import { constants, promises as fs } from 'node:fs';
import { VaultError } from '@vault/core';

/**
 * Moves `from` to `to`, never replacing anything at `to`, as one atomic step: Node has no
 * no-replace rename (renameat2), so the name `to` is first taken exclusively (an empty file made
 * with O_EXCL, or an empty folder), which fails if anything is there; then `from` is renamed over
 * that placeholder, the only thing rename may replace. Two moves to one name at once: one takes it,
 * the other gets `ALREADY_EXISTS` and nothing of it moves. A folder's placeholder that something was
 * put in meanwhile makes the rename fail (ENOTEMPTY) rather than replace it. Across devices the
 * content is copied into the placeholder, then the original removed.
 */
export async function moveWithoutReplacing(from: string, to: string, relativeTo: string): Promise<void> {
  const directory = (await fs.lstat(from)).isDirectory();
  try {
    if (directory) await fs.mkdir(to);
    else await (await fs.open(to, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600)).close();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new VaultError('ALREADY_EXISTS', `${relativeTo} already exists. Choose another destination.`);
    throw error;
  }
  try {
    await fs.rename(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EXDEV') return copyAcross(from, to, directory);
    await removePlaceholder(to, directory);
    if (code === 'ENOTEMPTY' || code === 'EEXIST')
      throw new VaultError('ALREADY_EXISTS', `${relativeTo} was taken by another program during the move. Choose another destination.`);
    throw error;
  }
}

/**
 * Another device: copy, never over anything but the placeholder (a file's is taken back first, so
 * that a symlink can be made in its place), and remove the original only once the copy is complete.
 * A failed copy takes its placeholder back.
 */
async function copyAcross(from: string, to: string, directory: boolean): Promise<void> {
  try {
    if (!directory) await removePlaceholder(to, false);
    await fs.cp(from, to, { recursive: true, errorOnExist: true, force: false, preserveTimestamps: true, verbatimSymlinks: true });
  } catch (error) {
    await removePlaceholder(to, directory);
    throw error;
  }
  await fs.rm(from, { recursive: true });
}

/** Takes back a placeholder the move did not use: only an empty folder, or a file still empty. */
async function removePlaceholder(to: string, directory: boolean): Promise<void> {
  if (directory) await fs.rmdir(to).catch(() => undefined);
  else if ((await fs.lstat(to).catch(() => undefined))?.size === 0) await fs.rm(to, { force: true });
}
