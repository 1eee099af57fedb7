import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, linkSync, lstatSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { writeConflict } from '@vault/core';
import { shortened } from './with-file-lock.js';

/** Bytes compared at a time when checking that a file still holds what was read. */
const compareChunk = 1024 * 1024;

/**
 * Renames `temp` over the file `name` in `folder` if that file still holds exactly `expected`, and never loses a
 * change another program makes to it meanwhile (decision 0006). Called under the file's lock, which programs
 * outside the tools do not take, so the file is checked on both sides of the rename through one descriptor:
 * - before: opened (never through a symlink) and compared; a change already made refuses the write;
 * - the old file is kept by a second name (a hard link, `.name.RANDOM.tmp`), then the rename;
 * - after: the old file, which no one can open by its name any more, compared again through the descriptor,
 *   and the kept name must still be that very file. A change made between the first compare and the rename
 *   (a line appended, a rename-saving editor's new file) puts the old name's file back, changes and all, by
 *   renaming the kept name over the edited one, and bytes appended to the edited file in that instant are
 *   appended to it: `STALE_FILE`, nothing of the edit applied.
 * All of it synchronous: no turn of the event loop between the first compare and the last, so the spans in which
 * another program's change goes unseen are microseconds, not a busy server's milliseconds. Left: a program that
 * opened the file before the rename and writes to it after the second compare (see decision 0006).
 */
export function renameOverUnchanged(folder: string, name: string, temp: string, expected: Uint8Array, relative: string): void {
  const target = path.join(folder, name);
  // A symlink that has taken the file's place (ELOOP) is a change too, and so is a file gone.
  const old = openOrUndefined(target, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  if (old === undefined) throw writeConflict(relative, expected);
  try {
    if (!holds(old, expected)) throw writeConflict(relative, expected);
    const kept = path.join(folder, `.${shortened(name)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      linkSync(target, kept);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw writeConflict(relative, expected);
      throw error;
    }
    const edited = openSync(temp, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    try {
      const written = fstatSync(edited).size;
      renameSync(temp, target);
      const [oldStat, keptStat] = [fstatSync(old), lstatSync(kept)];
      if (keptStat.ino === oldStat.ino && keptStat.dev === oldStat.dev && holds(old, expected)) return;
      renameSync(kept, target);
      appendAddedSince(edited, written, target);
      throw writeConflict(relative, expected);
    } finally {
      closeSync(edited);
      rmSync(kept, { force: true });
    }
  } finally {
    closeSync(old);
  }
}

/** Whether the open file `fd` holds exactly `expected`, compared a chunk at a time. */
function holds(fd: number, expected: Uint8Array): boolean {
  if (fstatSync(fd).size !== expected.length) return false;
  // At least a byte, for the last look: an empty file expected is read too (a read into no room is refused).
  const buffer = Buffer.allocUnsafe(Math.max(1, Math.min(compareChunk, expected.length)));
  for (let offset = 0; offset < expected.length; ) {
    const bytesRead = readSync(fd, buffer, 0, buffer.length, offset);
    if (bytesRead === 0 || !buffer.subarray(0, bytesRead).equals(expected.subarray(offset, offset + bytesRead))) return false;
    offset += bytesRead;
  }
  // And nothing more: bytes appended since the size was taken are a change too.
  return readSync(fd, buffer, 0, 1, expected.length) === 0;
}

/**
 * Appends to `target` (never through a symlink) what another program appended to the edited file `edited` past its
 * `written` bytes while it stood at the file's name, before the old file was put back.
 */
function appendAddedSince(edited: number, written: number, target: string): void {
  const added = fstatSync(edited).size - written;
  if (added <= 0) return;
  const bytes = Buffer.allocUnsafe(added);
  const bytesRead = readSync(edited, bytes, 0, added, written);
  const fd = openOrUndefined(target, constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  if (fd === undefined) return;
  try {
    writeSync(fd, bytes, 0, bytesRead);
  } finally {
    closeSync(fd);
  }
}

function openOrUndefined(file: string, flags: number): number | undefined {
  try {
    return openSync(file, flags);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP' || (error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
