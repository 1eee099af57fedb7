import { closeSync, promises as fs, lstatSync, read, readFile, readFileSync, readSync } from 'node:fs';
import { promisify } from 'node:util';
import type { VaultFs, VaultStat } from '@vault/core';
import { type OpenedFile, type PinnedPaths, specialFile, swappedIn } from './create-pinned-paths.js';
import { describeEntry } from './describe-entry.js';
import { fileVersion } from './file-version.js';
import { toVaultError, withErrorsTranslated } from './to-vault-error.js';

/** Files up to this size are read with one blocking call (see `openFile`). */
const syncReadLimit = 1024 * 1024;
const readFileAsync = promisify(readFile);
const readAsync = promisify(read);

/** What the Node backend reads: what is at a path, a file whole or in chunks of `chunkSize` bytes, its version, a folder's entries, where a path leads. */
export type DiskReads = Pick<VaultFs, 'stat' | 'readFile' | 'version' | 'readDirectory' | 'resolveSymlinks'> & Required<Pick<VaultFs, 'readFileChunks'>>;

/**
 * The reads of the vault at `realRoot`, each path located and used through `pinned` (see `createPinnedPaths`);
 * `linked` hears each version given of a file with more than one name (a watch checks those at every sync point).
 */
export function createDiskReads(realRoot: string, pinned: PinnedPaths, chunkSize: number, linked?: (relative: string, version: string) => void): DiskReads {
  const { locate, inFolder, openFile, targetOf } = pinned;
  return {
    stat: (relative) =>
      withErrorsTranslated(relative, async (): Promise<VaultStat | undefined> => {
        const real = await locate(relative);
        // Metadata only, so not pinned (a call saved on every tool call): lstat never follows a link
        // swapped in at the end; one swapped in on the way could show an outside file's size, no content.
        // A blocking call: microseconds, where an awaited one costs a round trip to the thread pool.
        const stat = lstatSync(real, { throwIfNoEntry: false });
        if (!stat) return undefined;
        if (stat.isSymbolicLink()) throw swappedIn(relative);
        if (stat.isDirectory()) return { kind: 'directory', size: 0, ...targetOf(real, relative) };
        if (stat.isFile()) return { kind: 'file', size: stat.size, ...targetOf(real, relative) };
        throw specialFile(relative);
      }),

    readFile(relative) {
      // A file in a watched folder opened and read with no await: a small note costs its system calls and no more.
      let opened: ReturnType<typeof openFile>;
      try {
        opened = openFile(relative);
        if (!(opened instanceof Promise) && opened.size <= syncReadLimit) return Promise.resolve(readAndClose(opened));
      } catch (error) {
        return Promise.reject(toVaultError(error, relative));
      }
      return withErrorsTranslated(relative, async () => {
        const { descriptor, size } = await opened;
        try {
          // A small file in one blocking call, a large one on the thread pool (the event loop stays free).
          return size <= syncReadLimit ? readOpened(descriptor, size) : await readFileAsync(descriptor);
        } finally {
          closeSync(descriptor);
        }
      });
    },

    readFileChunks(relative, { buffer: into, start = 0 } = {}) {
      return {
        async *[Symbol.asyncIterator]() {
          const { descriptor } = await withErrorsTranslated(relative, async () => openFile(relative));
          try {
            for (let position = start; ; ) {
              const buffer = into ?? Buffer.allocUnsafe(chunkSize);
              const { bytesRead } = await withErrorsTranslated(relative, () => readAsync(descriptor, buffer, 0, buffer.length, position));
              if (bytesRead === 0) return;
              position += bytesRead;
              yield buffer.subarray(0, bytesRead);
            }
          } finally {
            closeSync(descriptor);
          }
        },
      };
    },

    version: (relative) =>
      withErrorsTranslated(relative, async () => {
        const stat = lstatSync(await locate(relative), { bigint: true, throwIfNoEntry: false });
        if (!stat?.isFile()) return undefined;
        const version = fileVersion(stat);
        if (stat.nlink > 1n) linked?.(relative, version);
        return version;
      }),

    readDirectory: (relative, { sizes = true } = {}) =>
      withErrorsTranslated(relative, async () => {
        // The entries are looked at in parallel: a folder of thousands of files is one wait, not thousands.
        const entries = await inFolder(await locate(relative), relative, async (folder) =>
          Promise.all((await fs.readdir(folder, { withFileTypes: true })).map((entry) => describeEntry(folder, entry, { realRoot, targetOf, sizes }))),
        );
        return entries.filter((entry) => entry !== undefined);
      }),

    resolveSymlinks: (relative) => withErrorsTranslated(relative, async () => targetOf(await locate(relative), relative).target ?? relative),
  };
}

/** The bytes of a small file opened (see `readOpened`), its descriptor closed after. */
function readAndClose({ descriptor, size }: OpenedFile): Buffer {
  try {
    return readOpened(descriptor, size);
  } finally {
    closeSync(descriptor);
  }
}

/**
 * The bytes of the regular file open at `descriptor`, up to `size` (its size when opened, as
 * `readFileSync` reads it), in one read into a buffer of that size: no second stat. A file of size 0
 * (which may be one the kernel makes as it is read) is read to its end.
 */
function readOpened(descriptor: number, size: number): Buffer {
  if (size === 0) return readFileSync(descriptor);
  const buffer = Buffer.allocUnsafe(size);
  let filled = 0;
  while (filled < size) {
    const bytesRead = readSync(descriptor, buffer, filled, size - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled === size ? buffer : buffer.subarray(0, filled);
}
