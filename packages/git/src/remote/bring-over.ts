import { constants } from 'node:fs';
import { lstat, mkdir, open, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { VaultError } from '@vault/core';
import type { Repository } from '../open-repository.js';
import { diskIdOf, notAFile } from './blob-id.js';
import { type Change, plain, type TreeEntry } from './changed-paths.js';

/** A top-relative path as text, or as its bytes (a name that is not UTF-8): both are written through the same checks. */
export type WorkTreeName = string | Buffer;

/**
 * Brings one path over. Regular files only are written here: a symlink or a submodule on either side is
 * the person's to check out (`skipped`, not their edit). A file still as `old` has it (`seen`: its blob id
 * when first looked at) is brought over, unless it was saved meanwhile (checked again right before) or the
 * disk does not let it be written (a person's file where the remote has a folder, a folder reached through
 * a symlink): then it is the person's (`kept`).
 */
export async function bringPath(
  repository: Repository,
  name: WorkTreeName,
  { old, next }: Change,
  seen: string | undefined,
  stillOn: () => Promise<void>,
): Promise<'changed' | 'kept' | 'skipped'> {
  if (!plain(old) || !plain(next)) return 'skipped';
  // A folder where the remote now has a file may have gone with the removals: looked at again.
  const disk = seen === notAFile ? await diskIdOf(repository, name) : seen;
  if (disk === next?.id) {
    // The same bytes: a change of mode alone (chmod +x on the remote) is still brought over, as git's checkout does.
    if (old && next && old.mode !== next.mode) return (await followMode(repository, name, next, stillOn).catch(refusedByDisk)) ? 'changed' : 'kept';
    return 'changed';
  }
  if (disk !== old?.id) return 'kept';
  return (await bringOver(repository, name, old, next, stillOn).catch(refusedByDisk)) ? 'changed' : 'kept';
}

/**
 * Gives a regular file the executable bits `entry` says (git's two modes: read bits copied to execute bits, or none);
 * false, leaving it as it is (the person's), when a folder on its way is a symlink or it is no regular file.
 */
async function followMode(repository: Repository, name: WorkTreeName, entry: TreeEntry, stillOn: () => Promise<void>): Promise<boolean> {
  const bytes = typeof name === 'string' ? Buffer.from(name) : name;
  if (await throughSymlink(repository, bytes)) return false;
  // Through a descriptor opened without following a symlink: a file swapped for one after the check is refused, not the
  // symlink's target outside the vault changed (O_NONBLOCK: a FIFO put there does not hold the open).
  const file = await open(inTop(repository, bytes), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => undefined);
  if (!file) return false;
  try {
    const stat = await file.stat();
    if (!stat.isFile()) return false;
    const mode = entry.mode === '100755' ? stat.mode | ((stat.mode & 0o444) >> 2) : stat.mode & ~0o111;
    if ((mode & 0o7777) === (stat.mode & 0o7777)) return true;
    await stillOn();
    await file.chmod(mode & 0o7777);
    return true;
  } finally {
    await file.close();
  }
}

/** Numbers the temp files of this process. */
let temporaryCount = 0;

/**
 * Writes a file as `entry` has it (a temp file renamed over it), or removes it (no `entry`) and the folders
 * it leaves empty; false, and nothing done, when the file is no longer as `old` has it right before (a save
 * made since the first check) or a folder on its way is a symlink. `stillOn` throws when HEAD left the
 * branch meanwhile (a person's git switch), looked at right before the disk changes.
 */
async function bringOver(
  repository: Repository,
  name: WorkTreeName,
  old: TreeEntry | undefined,
  entry: TreeEntry | undefined,
  stillOn: () => Promise<void>,
): Promise<boolean> {
  const bytes = typeof name === 'string' ? Buffer.from(name) : name;
  if (await throughSymlink(repository, bytes)) return false;
  const target = inTop(repository, bytes);
  const stillOld = async () => {
    await stillOn();
    return (await diskIdOf(repository, bytes)) === old?.id;
  };
  if (!entry) return removeAs(repository, bytes, stillOld);
  const blob = await repository.kept.readObject(entry.id);
  if (blob?.type !== 'blob')
    throw new VaultError('IO_ERROR', `git has no file ${entry.id} of ${bytes.toString('utf8')}: the repository lost an object. Check it with git fsck.`);
  const folder = foldersOf(bytes).at(-1);
  if (folder) await mkdir(inTop(repository, folder), { recursive: true });
  temporaryCount += 1;
  const temporary = inTop(
    repository,
    Buffer.concat([folder ? Buffer.concat([folder, Buffer.from('/')]) : Buffer.alloc(0), Buffer.from(`.vault-fetch-${process.pid}-${temporaryCount}.tmp`)]),
  );
  // Whatever stops it (a full disk, a save meanwhile, a folder in the way, a switch), no temp file is left behind.
  try {
    await writeFile(temporary, blob.bytes, { mode: entry.mode === '100755' ? 0o755 : 0o644 });
    if (!(await stillOld())) return false;
    await rename(temporary, target);
    return true;
  } finally {
    await rm(temporary, { force: true });
  }
}

/** Removes the file, still as it was, and the folders it leaves empty, deepest first, up to the top. */
async function removeAs(repository: Repository, bytes: Buffer, stillOld: () => Promise<boolean>): Promise<boolean> {
  if (!(await stillOld())) return false;
  await rm(inTop(repository, bytes), { force: true });
  for (const folder of foldersOf(bytes).reverse()) {
    const removed = await rmdir(inTop(repository, folder)).then(
      () => true,
      () => false,
    );
    if (!removed) break;
  }
  return true;
}

/** Errors of a disk shaped otherwise than the branch: a person's file where a folder goes, a folder where a file goes, a folder they locked. */
const shapedOtherwise = new Set(['ENOTDIR', 'EISDIR', 'EEXIST', 'ENOTEMPTY', 'EACCES', 'EPERM']);

/** A file the disk refused to write or remove because of what a person put there is kept; any other failure (a full disk) is thrown. */
function refusedByDisk(error: NodeJS.ErrnoException): false {
  if (error.code !== undefined && shapedOtherwise.has(error.code)) return false;
  throw error;
}

/** The path of a top-relative name, as bytes (Node takes a Buffer wherever it takes a path). */
const inTop = (repository: Repository, bytes: Buffer) => Buffer.concat([Buffer.from(`${repository.top}/`), bytes]);

/** The folders on the way to a top-relative name, outermost first (`a`, `a/b` for `a/b/c.md`). */
function foldersOf(bytes: Buffer): Buffer[] {
  const folders: Buffer[] = [];
  for (let slash = bytes.indexOf(0x2f); slash !== -1; slash = bytes.indexOf(0x2f, slash + 1)) folders.push(bytes.subarray(0, slash));
  return folders;
}

/** Whether a folder on the way to a top-relative name is a symlink: what is written there would land where it leads. */
async function throughSymlink(repository: Repository, bytes: Buffer): Promise<boolean> {
  for (const folder of foldersOf(bytes)) {
    const stat = await lstat(inTop(repository, folder)).catch(() => undefined);
    if (!stat) return false;
    if (stat.isSymbolicLink()) return true;
  }
  return false;
}
