import { createHash } from 'node:crypto';
import { constants, existsSync, promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SearchFilesRequest, VaultError, type VaultDirectoryEntry, type VaultFs, type VaultStat } from '@vault/core';
import { createSearchPool } from './create-search-pool.js';
import { descriptorPath, pinnedFolderPath } from './descriptor-path.js';
import { assertInside, isInside, realPathAllowingMissing } from './real-path-inside.js';
import { moveWithoutReplacing } from './move-without-replacing.js';
import { replaceFile } from './replace-file.js';
import { toVaultError } from './to-vault-error.js';

export interface NodeFsOptions {
  /** Chunk size of `readFileChunks`, in bytes. Default 1 MiB. */
  chunkSize?: number;
  /** Worker threads that search many files in parallel; 0 searches on the main thread. Default: the cores, at most 4. */
  searchWorkers?: number;
  /** The search worker's script. Default `search-worker.js` beside this module (bundlers must emit it there); without it, no workers. */
  searchWorker?: URL;
  /** Start the search workers soon (a server: 100 ms on, after its start-up work), not at the first search of many files. Default false. */
  startSearchWorkers?: boolean;
}

/**
 * The real-disk `VaultFs` for the folder `root` (canonicalised once, here). Every path is checked
 * against the real root after following symlinks at every level, and used through the folder or file
 * opened and checked again where it really is (on Linux), so that a symlink swapped in after the check
 * is never followed. Writes are atomic (temp file in the same folder, fsync, rename), keep the file's
 * mode and replace only what was read; moves work across devices.
 */
export async function createNodeFs(root: string, options: NodeFsOptions = {}): Promise<VaultFs> {
  const realRoot = await fs.realpath(path.resolve(root)).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' ? new VaultError('NOT_FOUND', `The vault folder ${root} does not exist. Pass an existing folder as the vault.`) : toVaultError(error, `The vault folder ${root}`);
  });
  if (!(await fs.stat(realRoot)).isDirectory()) {
    throw new VaultError('NOT_A_DIRECTORY', `The vault folder ${root} is a file. Pass a folder as the vault.`);
  }
  const chunkSize = options.chunkSize ?? 1024 * 1024;
  const searchWorker = options.searchWorker ?? new URL('./search-worker.js', import.meta.url);
  const pool = options.searchWorkers !== 0 && existsSync(fileURLToPath(searchWorker)) ? createSearchPool(searchWorker, options.searchWorkers) : undefined;
  if (pool && options.startSearchWorkers) setTimeout(() => pool.warmUp(), 100).unref();

  /** The real location `relative` leads to, symlinks followed, refused when outside the vault. */
  async function locate(relative: string): Promise<string> {
    return assertInside(realRoot, await realPathAllowingMissing(path.join(realRoot, relative)), relative);
  }

  /** The location of the entry itself (its parent's real path and its own name): a symlink is not followed. */
  async function locateEntry(relative: string): Promise<string> {
    const parent = await locate(path.posix.dirname(relative) === '.' ? '' : path.posix.dirname(relative));
    return path.join(parent, path.posix.basename(relative));
  }

  /** Refuses an open file or folder that is not the real path `located` after all: a symlink was swapped in after `locate`. */
  function checkOpened(descriptor: number, located: string, relative: string) {
    const real = descriptorPath(descriptor);
    if (real === undefined || real === located) return;
    assertInside(realRoot, real, relative);
    throw swappedIn(relative);
  }

  /**
   * Runs `work` on the real folder `folder` through a path that stays that very folder, opened and
   * checked inside the vault, whatever is swapped in on the way to it meanwhile (Linux's
   * `/proc/self/fd`); elsewhere, through `folder` itself.
   */
  async function inFolder<T>(folder: string, relative: string, work: (pinned: string) => Promise<T>): Promise<T> {
    const handle = await fs.open(folder, constants.O_RDONLY | constants.O_DIRECTORY);
    try {
      checkOpened(handle.fd, folder, relative);
      return await work(pinnedFolderPath(handle.fd) ?? folder);
    } finally {
      await handle.close();
    }
  }

  /** Runs `work` on the entry at the real path `real` (never the root) through its pinned parent folder (see `inFolder`). */
  function atEntry<T>(real: string, relative: string, work: (pinned: string) => Promise<T>): Promise<T> {
    return inFolder(path.dirname(real), relative, (folder) => work(path.join(folder, path.basename(real))));
  }

  /** The vault-relative form of a real path, when it differs from the path asked for. */
  function targetOf(real: string, relative: string): { target?: string } {
    const target = path.relative(realRoot, real).split(path.sep).join('/');
    return target === relative ? {} : { target };
  }

  async function guard<T>(relative: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw toVaultError(error, relative);
    }
  }

  /** Opens a regular file for reading; never blocks on a FIFO or device. */
  async function openFile(relative: string): Promise<fs.FileHandle> {
    // O_NOFOLLOW: `locate` followed the links, so a symlink found now was swapped in since (ELOOP).
    const located = await locate(relative);
    const handle = await fs.open(located, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ELOOP' ? swappedIn(relative) : error;
    });
    let stat: Stats;
    try {
      checkOpened(handle.fd, located, relative);
      stat = await handle.stat();
    } catch (error) {
      await handle.close();
      throw error;
    }
    if (stat.isFile()) return handle;
    await handle.close();
    throw stat.isDirectory()
      ? new VaultError('NOT_A_FILE', `${relative} is a folder, not a file. Pass a file path.`)
      : new VaultError('NOT_A_FILE', `${relative} is a special file (device, socket or pipe), which the tools do not open.`);
  }

  return {
    root: realRoot,

    stat: (relative) =>
      guard(relative, async (): Promise<VaultStat | undefined> => {
        const real = await locate(relative);
        // Metadata only, so not pinned (a call saved on every tool call): lstat never follows a link
        // swapped in at the end; one swapped in on the way could show an outside file's size, no content.
        const stat = await fs.lstat(real).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined;
          throw error;
        });
        if (!stat) return undefined;
        if (stat.isSymbolicLink()) throw swappedIn(relative);
        if (stat.isDirectory()) return { kind: 'directory', size: 0, ...targetOf(real, relative) };
        if (stat.isFile()) return { kind: 'file', size: stat.size, ...targetOf(real, relative) };
        throw new VaultError('NOT_A_FILE', `${relative} is a special file (device, socket or pipe), which the tools do not open.`);
      }),

    readFile: (relative) =>
      guard(relative, async () => {
        const handle = await openFile(relative);
        try {
          return await handle.readFile();
        } finally {
          await handle.close();
        }
      }),

    readFileChunks(relative) {
      return {
        async *[Symbol.asyncIterator]() {
          const handle = await guard(relative, () => openFile(relative));
          try {
            for (;;) {
              const buffer = Buffer.allocUnsafe(chunkSize);
              const { bytesRead } = await guard(relative, () => handle.read(buffer, 0, chunkSize, null));
              if (bytesRead === 0) return;
              yield buffer.subarray(0, bytesRead);
            }
          } finally {
            await handle.close();
          }
        },
      };
    },

    writeFile: (relative, data, { expected } = {}) =>
      guard(relative, async () => {
        const target = await locate(relative);
        await inFolder(path.dirname(target), relative, (folder) => replaceFile(folder, path.basename(target), data, relative, expected));
      }),

    readDirectory: (relative, { sizes = true } = {}) =>
      guard(relative, async () => {
        // The entries are looked at in parallel: a folder of thousands of files is one wait, not thousands.
        const entries = await inFolder(await locate(relative), relative, async (folder) => Promise.all(
          (await fs.readdir(folder, { withFileTypes: true })).map(async (entry): Promise<VaultDirectoryEntry | undefined> => {
            const absolute = path.join(folder, entry.name);
            const symlink = entry.isSymbolicLink();
            let target: { target?: string } = {};
            // A link is looked at where it really leads; any other entry without following links, so
            // that one swapped in since readdir shows nothing of what it points to.
            let looked = absolute;
            if (symlink) {
              const real = await fs.realpath(absolute).catch(() => undefined);
              if (real === undefined || !isInside(realRoot, real)) return undefined;
              target = targetOf(real, '');
              looked = real;
            } else if (!entry.isFile() && !entry.isDirectory()) {
              return undefined;
            } else if (!sizes) {
              return { name: entry.name, kind: entry.isFile() ? 'file' : 'directory', size: 0, symlink };
            }
            const stat = await (symlink ? fs.stat(looked) : fs.lstat(looked)).catch(() => undefined);
            if (stat?.isFile()) return { name: entry.name, kind: 'file', size: stat.size, symlink, ...target };
            if (stat?.isDirectory()) return { name: entry.name, kind: 'directory', size: 0, symlink, ...target };
            return undefined;
          }),
        ));
        return entries.filter((entry) => entry !== undefined);
      }),

    makeDirectory: (relative) =>
      guard(relative, async () => {
        // One level at a time, each made where it really goes (a link inside the vault is followed)
        // inside its pinned parent, so none is made through a symlink swapped in meanwhile.
        let made = '';
        for (const segment of relative.split('/')) {
          made = made === '' ? segment : `${made}/${segment}`;
          await atEntry(await locate(made), made, async (entry) => {
            await fs.mkdir(entry).catch((error: NodeJS.ErrnoException) => {
              if (error.code !== 'EEXIST') throw error;
            });
            if (!(await fs.stat(entry)).isDirectory()) throw new VaultError('NOT_A_DIRECTORY', `${made} is a file, not a folder. Choose another path.`);
          });
        }
      }),

    rename: (from, to) =>
      guard(from, async () => {
        const source = await locateEntry(from);
        const destination = await guard(to, () => locateEntry(to));
        if (source === realRoot || !isInside(realRoot, source)) throw new VaultError('INVALID_ARGUMENT', 'The vault root cannot be moved.');
        await atEntry(source, from, (pinnedSource) => atEntry(destination, to, (pinnedDestination) => moveWithoutReplacing(pinnedSource, pinnedDestination, to)));
      }),

    resolveLinks: (relative) => guard(relative, async () => targetOf(await locate(relative), relative).target ?? relative),

    createHasher: () => createHash('sha256'),

    ...(pool ? { searchFiles: (paths: readonly string[], request: SearchFilesRequest) => pool.search(realRoot, paths, request) } : {}),
  };
}

/** A path that was checked, then found to be a symlink when used: something swapped it in meanwhile. */
function swappedIn(relative: string): VaultError {
  return new VaultError('IO_ERROR', `${relative} was replaced by a symlink while the tool was using it, so nothing was read or written through it. Check the path and retry.`);
}
