import { closeSync, constants, fstatSync, promises as fs, openSync, realpathSync, type Stats } from 'node:fs';
import path from 'node:path';
import { VaultError } from '@vault/core';
import { descriptorPath, pinnedFolderPath } from './descriptor-path.js';
import { assertInside, isInside, realPathAllowingMissing } from './real-path-inside.js';

/** How a file is opened to read: never following a symlink at its end, never blocking on a FIFO or device, never taking a terminal as the controlling one. */
const readFlags = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW | constants.O_NOCTTY;

/** What the Node backend's watch tells the paths: whether it watches the folder `relative` now (see `VaultWatch.watches`). */
export interface PinnedPathsOptions {
  watchedFolder?: (relative: string) => boolean;
}

/**
 * Vault-relative paths turned into real ones inside the vault, and used through what was opened and
 * checked: made by `createPinnedPaths` for one canonical root.
 */
export interface PinnedPaths {
  /** The real location `relative` leads to, symlinks followed, refused when outside the vault. */
  locate(relative: string): Promise<string>;
  /** The location of the entry itself (its parent's real path and its own name): a symlink is not followed. */
  locateEntry(relative: string): Promise<string>;
  /**
   * Runs `work` on the real folder `folder` through a path that stays that very folder, opened and
   * checked inside the vault, whatever is swapped in on the way to it meanwhile (Linux's
   * `/proc/self/fd`); elsewhere, through `folder` itself.
   */
  inFolder<T>(folder: string, relative: string, work: (pinned: string) => Promise<T>): Promise<T>;
  /** Runs `work` on the entry at the real path `real` (never the root) through its pinned parent folder (see `inFolder`). */
  atEntry<T>(real: string, relative: string, work: (pinned: string) => Promise<T>): Promise<T>;
  /**
   * Opens a regular file for reading, checked to be the file located; never blocks on a FIFO or
   * device. With blocking calls (microseconds each, where an awaited call costs a round trip to the
   * thread pool): a small read is most of a tool call. A file in a watched folder is opened at once
   * (no promise). The caller closes the descriptor.
   */
  openFile(relative: string): OpenedFile | Promise<OpenedFile>;
  /** The vault-relative form of a real path, when it differs from the path asked for. */
  targetOf(real: string, relative: string): { target?: string };
}

/** A file opened for reading: its descriptor and its size when opened. */
export interface OpenedFile {
  descriptor: number;
  size: number;
}

/**
 * Path pinning for the vault at the real (canonical) path `realRoot`: every path is checked against
 * the root after following symlinks at every level, then used through the folder or file opened and
 * checked again where it really is (on Linux), so that a symlink swapped in after the check is never
 * followed. A file in a folder the watch watches (`watchedFolder`) is opened with no realpath first
 * (see `openWatched`).
 */
export function createPinnedPaths(realRoot: string, { watchedFolder }: PinnedPathsOptions = {}): PinnedPaths {
  async function locate(relative: string): Promise<string> {
    const absolute = path.join(realRoot, relative);
    // An existing path, the usual case, in one blocking call (microseconds; an awaited one costs a
    // round trip to the thread pool); a missing one the long way.
    let real: string;
    try {
      real = realpathSync.native(absolute);
    } catch {
      real = await realPathAllowingMissing(absolute);
    }
    return assertInside(realRoot, real, relative);
  }

  /** Refuses an open file or folder that is not the real path `located` after all: a symlink was swapped in after `locate`. */
  function checkOpened(descriptor: number, located: string, relative: string) {
    const real = descriptorPath(descriptor);
    if (real === undefined || real === located) return;
    assertInside(realRoot, real, relative);
    throw swappedIn(relative);
  }

  async function inFolder<T>(folder: string, relative: string, work: (pinned: string) => Promise<T>): Promise<T> {
    const handle = await fs.open(folder, constants.O_RDONLY | constants.O_DIRECTORY);
    try {
      checkOpened(handle.fd, folder, relative);
      return await work(pinnedFolderPath(handle.fd) ?? folder);
    } finally {
      await handle.close();
    }
  }

  /**
   * A regular file in a watched folder, opened at its own path with no realpath first, or undefined to
   * take the checked way. The watch watches only real folders (no symlink on the way: a folder
   * replaced by one loses its watch when its event is handled), so the path leads nowhere else but in a
   * race with a change not yet reported; the kernel's path of the descriptor, read back (`/proc`), is
   * then the proof: the very file at that path, inside the vault. Anything else (a path that led
   * elsewhere, a symlink at its end, a missing file, a folder, a device, no `/proc`) is closed unread and
   * goes the checked way, which answers as it always did.
   */
  function openWatched(relative: string): OpenedFile | undefined {
    const folder = path.posix.dirname(relative);
    if (!watchedFolder?.(folder === '.' ? '' : folder)) return undefined;
    const absolute = path.join(realRoot, relative);
    if (!isInside(realRoot, absolute)) return undefined;
    let descriptor: number;
    try {
      descriptor = openSync(absolute, readFlags);
    } catch {
      return undefined;
    }
    try {
      if (descriptorPath(descriptor) === absolute) {
        const stat = fstatSync(descriptor);
        if (stat.isFile()) return { descriptor, size: stat.size };
      }
    } catch {}
    closeSync(descriptor);
    return undefined;
  }

  /** A file in a watched folder at once (`openWatched`), any other after the checks. */
  function openFile(relative: string): OpenedFile | Promise<OpenedFile> {
    return openWatched(relative) ?? openChecked(relative);
  }

  async function openChecked(relative: string): Promise<OpenedFile> {
    const located = await locate(relative);
    let descriptor: number;
    try {
      descriptor = openSync(located, readFlags);
    } catch (error) {
      throw (error as NodeJS.ErrnoException).code === 'ELOOP' ? swappedIn(relative) : error;
    }
    let stat: Stats;
    try {
      checkOpened(descriptor, located, relative);
      stat = fstatSync(descriptor);
    } catch (error) {
      closeSync(descriptor);
      throw error;
    }
    if (stat.isFile()) return { descriptor, size: stat.size };
    closeSync(descriptor);
    throw stat.isDirectory() ? new VaultError('NOT_A_FILE', `${relative} is a folder, not a file. Pass a file path.`) : specialFile(relative);
  }

  return {
    locate,
    async locateEntry(relative) {
      const parent = await locate(path.posix.dirname(relative) === '.' ? '' : path.posix.dirname(relative));
      return path.join(parent, path.posix.basename(relative));
    },
    inFolder,
    atEntry: (real, relative, work) => inFolder(path.dirname(real), relative, (folder) => work(path.join(folder, path.basename(real)))),
    openFile,
    targetOf(real, relative) {
      const target = path.relative(realRoot, real).split(path.sep).join('/');
      return target === relative ? {} : { target };
    },
  };
}

/** A path that was checked, then found to be a symlink when used: something swapped it in meanwhile. */
export function swappedIn(relative: string): VaultError {
  return new VaultError(
    'IO_ERROR',
    `${relative} was replaced by a symlink while the tool was using it, so nothing was read or written through it. Check the path and retry.`,
  );
}

/** A device, socket or pipe, which the tools never open. */
export function specialFile(relative: string): VaultError {
  return new VaultError('NOT_A_FILE', `${relative} is a special file (device, socket or pipe), which the tools do not open.`);
}
