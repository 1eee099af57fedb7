import { createHash } from 'node:crypto';
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SearchFilesRequest, VaultError, type VaultFs, type WalkedEntry, walkVault } from '@vault/core';
import { createPinnedPaths } from './create-pinned-paths.js';
import { createSearchPool } from '../search/create-search-pool.js';
import type { WarmTotals } from '../search/search-worker.js';
import { noneKept } from '../search/worker-slot.js';
import { createDiskReads } from './create-disk-reads.js';
import { createDiskWrites } from './create-disk-writes.js';
import { toVaultError } from './to-vault-error.js';
import type { FileLockTiming } from './with-file-lock.js';
import { createVaultWatch, type VaultWatch, type VaultWatchTuning } from '../watch/create-vault-watch.js';

export interface NodeFsOptions {
  /** Worker threads that search many files in parallel; 0 searches on the main thread. Default: the cores, at most 4. */
  searchWorkers?: number;
  /** The search worker's script. Default `search-worker.js` beside this module (bundlers must emit it there); without it, no workers. */
  searchWorker?: URL;
  /** Start the search workers soon (a server: 100 ms on, after its start-up work), not at the first search of many files. Default false. */
  startSearchWorkers?: boolean;
  /**
   * Bytes of file text the search workers keep in memory between searches (see `warmSearch`), so that a
   * search reads only the files changed since; past it, files are read from disk at each search. 0 keeps
   * nothing. Default 0; a long-lived server sets it (vault-mcp: 512 MiB).
   */
  searchMemory?: number;
  /**
   * Watch the vault's folders (Linux, a local file system), so that a search after a sync point uses the
   * folder listings and file texts it keeps without checking each (see decision 0015); where a watch
   * cannot be trusted, every search checks every file, as without one. Default false; vault-mcp sets it.
   */
  watch?: boolean;
  /** Hears, once each, why the watch cannot be trusted, for now or for good. Default: a process warning (`VAULT_WATCH`). */
  onWatchNotice?: (message: string) => void;
}

/**
 * What only tests set: not part of the package's API, whose `createNodeFs` (`index.ts`) is typed with
 * `NodeFsOptions` alone; tests reach it by importing `createNodeFs` from this file.
 */
export interface NodeFsTuning {
  /** Chunk size of `readFileChunks`, in bytes. Default 1 MiB. */
  chunkSize?: number;
  /** The timing of the lock every write takes (see `FileLockTiming`). Default: a write waits up to 20 s, a lock is stale after 10 s. */
  fileLock?: FileLockTiming;
  /**
   * How long (ms) a file must have gone unchanged before the workers keep its text: a file system stamps
   * times at its own granularity, so a write in the same tick as the read could leave the same times on
   * new content (see `racyMargin`). Default 2,500, for the coarsest (FAT); 0 on a file system known to
   * stamp each write apart.
   */
  searchSettleTime?: number;
  /** The watch's faults, made on purpose (see `VaultWatchTuning`). */
  watchTuning?: VaultWatchTuning;
}

/** The Node backend: a `VaultFs` that holds worker threads and memory until it is closed. */
export interface NodeVaultFs extends VaultFs, AsyncDisposable {
  /**
   * Reads the vault's files (those `isListed` accepts, in folders it accepts, no symlink followed) into the
   * search workers' memory, in the background: a batch at a time whenever a worker has no search to
   * serve. Resolves with what the workers keep then (files, their postings, the texts held). Without
   * `searchMemory` (or workers) it keeps nothing.
   */
  warmSearch(isListed?: (path: string, kind: 'file' | 'directory') => boolean): Promise<WarmTotals>;
  /** Stops the search workers and frees what they keep; searches still running fail. Later calls of other methods still work, on the main thread. */
  close(): Promise<void>;
}

/**
 * The real-disk `VaultFs` for the folder `root` (canonicalised once, here). Every path is checked
 * against the real root after following symlinks at every level, and used through the folder or file
 * opened and checked again where it really is (on Linux), so that a symlink swapped in after the check
 * is never followed (see `createPinnedPaths`). Writes are atomic (temp file in the same folder, fsync,
 * rename), keep the file's mode and replace only what was read; moves work across devices.
 */
export async function createNodeFs(root: string, options: NodeFsOptions & NodeFsTuning = {}): Promise<NodeVaultFs> {
  const realRoot = await realRootOf(root);
  const searchWorker = options.searchWorker ?? new URL('./search-worker.js', import.meta.url);
  const pool =
    options.searchWorkers !== 0 && workerFound(searchWorker)
      ? createSearchPool(searchWorker, { size: options.searchWorkers, warmBytes: options.searchMemory, settleTime: options.searchSettleTime })
      : undefined;
  if (pool && options.startSearchWorkers) setTimeout(() => pool.warmUp(), 100).unref();
  const log = options.onWatchNotice ?? ((message: string) => process.emitWarning(message, { code: 'VAULT_WATCH' }));
  const watch = options.watch ? createVaultWatch(realRoot, { tell: (notice) => pool?.tell(notice), log }, options.watchTuning) : undefined;
  const pinned = createPinnedPaths(realRoot, watch ? { watchedFolder: (relative) => watch.watches(relative) } : {});
  const reads = createDiskReads(realRoot, pinned, options.chunkSize ?? 1024 * 1024, watch && ((relative, version) => watch.linked(relative, version)));

  const nodeFs: NodeVaultFs = {
    root: realRoot,
    ...reads,
    ...(watch
      ? { readDirectory: keptListings(reads.readDirectory, watch), sync: () => watch.sync(), changesSince: (cursor: number) => watch.changesSince(cursor) }
      : {}),
    ...createDiskWrites(realRoot, pinned, options.fileLock),

    createHasher: () => createHash('sha256'),

    ...(pool
      ? {
          searchFiles: (paths: readonly string[], request: SearchFilesRequest) =>
            pool.search(realRoot, paths, request, {
              watched: request.afterSync === true && watch?.covers(paths) === true,
              // While the watch starts, the fill after it reads the files in: a search reads from disk meanwhile, the cheaper way.
              keepRead: watch?.state !== 'starting',
            }),
        }
      : {}),

    warmSearch: async (isListed = () => true) => (pool ? pool.fill(realRoot, plainFilesBelow(nodeFs, isListed), Number.POSITIVE_INFINITY) : noneKept),

    close: async () => {
      watch?.close();
      await pool?.close();
    },

    async [Symbol.asyncDispose]() {
      watch?.close();
      await pool?.close();
    },
  };
  return nodeFs;
}

/**
 * `readDirectory` answered from the listings the watch keeps, after a sync point (`afterSync`, no sizes
 * asked); a listing read from disk is kept when it holds no symlink (whose targets no watch of this
 * folder follows) and nothing changed in the folder while it was read.
 */
function keptListings(readDirectory: VaultFs['readDirectory'], watch: VaultWatch): VaultFs['readDirectory'] {
  return async (relative, options = {}) => {
    const withoutSizes = options.sizes === false;
    const kept = withoutSizes && options.afterSync ? watch.listing(relative) : undefined;
    if (kept) return kept;
    const token = watch.listingToken(relative);
    const entries = await readDirectory(relative, options);
    if (withoutSizes && !entries.some((entry) => entry.symlink)) watch.keep(relative, entries, token);
    return entries;
  };
}

/** The canonical path of the vault folder `root`, refused when missing or a file. */
async function realRootOf(root: string): Promise<string> {
  const realRoot = await fs.realpath(path.resolve(root)).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT'
      ? new VaultError('NOT_FOUND', `The vault folder ${root} does not exist. Pass an existing folder as the vault.`)
      : toVaultError(error, `The vault folder ${root}`);
  });
  if (!(await fs.stat(realRoot)).isDirectory()) {
    throw new VaultError('NOT_A_DIRECTORY', `The vault folder ${root} is a file. Pass a folder as the vault.`);
  }
  return realRoot;
}

/**
 * Whether the search worker's script is there. A bundler that did not emit it beside the bundle leaves
 * searches on the main thread: said once a process, as a warning, with the way out.
 */
function workerFound(searchWorker: URL): boolean {
  if (existsSync(fileURLToPath(searchWorker))) return true;
  if (!warnedOfMissingWorker)
    process.emitWarning(
      `The search worker ${fileURLToPath(searchWorker)} is missing, so searches run on the main thread (slower, and a stuck regex cannot be stopped). Copy @vault/node's dist/search-worker.js there, or pass its URL as the searchWorker option.`,
      { code: 'VAULT_NO_SEARCH_WORKER' },
    );
  warnedOfMissingWorker = true;
  return false;
}
let warnedOfMissingWorker = false;

/** The vault-relative paths of the plain files of the vault that `isListed` accepts (in folders it accepts); symlinks are neither followed nor listed. */
async function plainFilesBelow(vaultFs: VaultFs, isListed: (path: string, kind: 'file' | 'directory') => boolean): Promise<string[]> {
  const files: string[] = [];
  const enter = ({ path }: WalkedEntry) => isListed(path, 'directory');
  // Filling search memory may do with part of the vault: a folder it cannot read is passed over.
  for await (const { path, entry } of walkVault(vaultFs, '', { enter, passOver: () => true })) {
    if (entry.kind === 'file' && !entry.symlink && isListed(path, 'file')) files.push(path);
  }
  return files;
}
