import { promises as fs } from 'node:fs';
import path from 'node:path';
import { VaultError, type VaultFs } from '@vault/core';
import type { PinnedPaths } from './create-pinned-paths.js';
import { moveWithoutReplacing } from './move-without-replacing.js';
import { isInside } from './real-path-inside.js';
import { replaceFile } from './replace-file.js';
import { withErrorsTranslated } from './to-vault-error.js';
import type { FileLockTiming } from './with-file-lock.js';

/** What the Node backend changes: a file written, a folder made, an entry moved. */
export type DiskWrites = Pick<VaultFs, 'writeFile' | 'makeDirectory' | 'rename'>;

/**
 * The writes to the vault at `realRoot`, each path located and used through `pinned` (see
 * `createPinnedPaths`): files replaced atomically under a lock of `lockTiming` (`replaceFile`), folders
 * made a level at a time, moves that never replace anything.
 */
export function createDiskWrites(realRoot: string, pinned: PinnedPaths, lockTiming?: FileLockTiming): DiskWrites {
  const { locate, locateEntry, inFolder, atEntry } = pinned;
  return {
    writeFile: (relative, data, { expected } = {}) =>
      withErrorsTranslated(relative, async () => {
        const target = await locate(relative);
        await inFolder(path.dirname(target), relative, (folder) => replaceFile(folder, path.basename(target), data, relative, { expected, lockTiming }));
      }),

    makeDirectory: (relative) =>
      withErrorsTranslated(relative, async () => {
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
      withErrorsTranslated(from, async () => {
        const source = await locateEntry(from);
        const destination = await withErrorsTranslated(to, () => locateEntry(to));
        if (source === realRoot || !isInside(realRoot, source)) throw new VaultError('INVALID_ARGUMENT', 'The vault root cannot be moved.');
        await atEntry(source, from, (pinnedSource) =>
          atEntry(destination, to, (pinnedDestination) => moveWithoutReplacing(pinnedSource, pinnedDestination, to)),
        );
      }),
  };
}
