import { createHash } from 'node:crypto';
import { constants, existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SearchFilesRequest, VaultError, type VaultDirectoryEntry, type VaultFs, type VaultStat } from '@vault/core';
import writeFileAtomic from 'write-file-atomic';
import { createSearchPool } from './create-search-pool.js';
import { assertInside, isInside, realPathAllowingMissing } from './real-path-inside.js';
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
 * against the real root after following symlinks at every level; writes are atomic (temp file in the
 * same folder, fsync, rename) and keep the file's mode; moves work across devices.
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
    const handle = await fs.open(await locate(relative), constants.O_RDONLY | constants.O_NONBLOCK);
    const stat = await handle.stat();
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
        const stat = await fs.stat(real).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined;
          throw error;
        });
        if (!stat) return undefined;
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

    writeFile: (relative, data) =>
      guard(relative, async () => {
        const target = await locate(relative);
        const existing = await fs.stat(target).catch(() => undefined);
        if (existing?.isDirectory()) throw new VaultError('NOT_A_FILE', `${relative} is a folder, not a file. Choose a file path.`);
        await writeFileAtomic(target, Buffer.from(data.buffer, data.byteOffset, data.byteLength), { fsync: true });
      }),

    readDirectory: (relative, { sizes = true } = {}) =>
      guard(relative, async () => {
        const folder = await locate(relative);
        // The entries are looked at in parallel: a folder of thousands of files is one wait, not thousands.
        const entries = await Promise.all(
          (await fs.readdir(folder, { withFileTypes: true })).map(async (entry): Promise<VaultDirectoryEntry | undefined> => {
            const absolute = path.join(folder, entry.name);
            const symlink = entry.isSymbolicLink();
            let target: { target?: string } = {};
            if (symlink) {
              const real = await fs.realpath(absolute).catch(() => undefined);
              if (real === undefined || !isInside(realRoot, real)) return undefined;
              target = targetOf(real, '');
            } else if (!entry.isFile() && !entry.isDirectory()) {
              return undefined;
            } else if (!sizes) {
              return { name: entry.name, kind: entry.isFile() ? 'file' : 'directory', size: 0, symlink };
            }
            const stat = await fs.stat(absolute).catch(() => undefined);
            if (stat?.isFile()) return { name: entry.name, kind: 'file', size: stat.size, symlink, ...target };
            if (stat?.isDirectory()) return { name: entry.name, kind: 'directory', size: 0, symlink, ...target };
            return undefined;
          }),
        );
        return entries.filter((entry) => entry !== undefined);
      }),

    makeDirectory: (relative) =>
      guard(relative, async () => {
        const folder = await locate(relative);
        await fs.mkdir(folder, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
          throw error.code === 'EEXIST' ? Object.assign(new Error(error.message), { code: 'ENOTDIR' }) : error;
        });
      }),

    rename: (from, to) =>
      guard(from, async () => {
        const source = await locateEntry(from);
        const destination = await guard(to, () => locateEntry(to));
        if (source === realRoot || !isInside(realRoot, source)) throw new VaultError('INVALID_ARGUMENT', 'The vault root cannot be moved.');
        if (await fs.lstat(destination).then(() => true, () => false)) {
          throw new VaultError('ALREADY_EXISTS', `${to} already exists. Choose another destination.`);
        }
        try {
          await fs.rename(source, destination);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
          // Another device: copy, then remove the original only once the copy is complete.
          await fs.cp(source, destination, { recursive: true, errorOnExist: true, force: false, preserveTimestamps: true, verbatimSymlinks: true });
          await fs.rm(source, { recursive: true });
        }
      }),

    createHasher: () => createHash('sha256'),

    ...(pool ? { searchFiles: (paths: readonly string[], request: SearchFilesRequest) => pool.search(realRoot, paths, request) } : {}),
  };
}
