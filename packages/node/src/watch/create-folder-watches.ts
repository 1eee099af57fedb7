import { type FSWatcher, lstatSync, readdirSync, type Stats, watch } from 'node:fs';
import path from 'node:path';

/** A folder that is never watched (nor searched): git's, whose churn would only cost events. */
export const unwatchedName = '.git';

/** What a folder watch reports: an entry of the folder (vault-relative) changed (`change`: its content; `rename`: created, removed, renamed). */
export interface FolderWatchListener {
  event(folder: string, kind: 'change' | 'rename', name: string | null): void;
  /** A watch could not be started (a limit reached, a folder that cannot be watched) or failed. */
  failed(error: unknown): void;
}

/** The watches of the folders of a vault, one each (inotify watches one folder at a time); made by `createFolderWatches`. */
export interface FolderWatches {
  /**
   * Watches the folder `relative` and every folder below it (symlinks not followed, `.git` left out),
   * each watch started before its folder is listed, so no change made after the listing goes unseen.
   * With `findLinked`, gives whether a plain file below has more than one link (an lstat of each file);
   * else false. Throws what a watch failed with.
   */
  watchTree(relative: string, findLinked?: boolean): boolean;
  /** Stops watching the folder `relative` and the folders below it (removed, or renamed away). */
  unwatchBelow(relative: string): void;
  /** Whether the folder `relative` is watched. */
  has(relative: string): boolean;
  /** How many folders are watched. */
  readonly size: number;
  closeAll(): void;
}

/**
 * Folder watches below the real root `root`, with Node's `fs.watch` (libuv's inotify on Linux: one queue,
 * events in order). `remoteMount` names the file system of a folder whose changes a watch may not see
 * (a network or FUSE mount inside the vault): watching it throws (`EREMOTE`), and the vault is not watched.
 */
export function createFolderWatches(
  root: string,
  listener: FolderWatchListener,
  { watchLimit = Number.POSITIVE_INFINITY, remoteMount }: { watchLimit?: number | undefined; remoteMount: (folder: string) => string | undefined },
): FolderWatches {
  const watches = new Map<string, FSWatcher>();

  function start(relative: string) {
    if (watches.size >= watchLimit) throw Object.assign(new Error('System limit for number of file watchers reached (a test limit)'), { code: 'ENOSPC' });
    const watcher = watch(path.join(root, relative), { persistent: false, encoding: 'utf8' }, (kind, name) =>
      listener.event(relative, kind === 'change' ? 'change' : 'rename', name),
    );
    watcher.on('error', (error) => listener.failed(error));
    watches.set(relative, watcher);
  }

  return {
    watchTree(relative, findLinked = false) {
      let linked = false;
      const waiting = [relative];
      for (let folder = waiting.pop(); folder !== undefined; folder = waiting.pop()) {
        if (watches.has(folder)) continue;
        try {
          const remote = remoteMount(path.join(root, folder));
          if (remote !== undefined) {
            const where = folder === '' ? 'the vault' : folder;
            throw Object.assign(new Error(`${where} is a ${remote} file system mounted in the vault, whose changes made elsewhere send no events`), {
              code: 'EREMOTE',
            });
          }
          start(folder);
          for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
            if (entry.isDirectory() && entry.name !== unwatchedName) waiting.push(folder === '' ? entry.name : `${folder}/${entry.name}`);
            else if (findLinked && !linked && entry.isFile()) linked = hasOtherNames(lstatOf(path.join(root, folder, entry.name)));
          }
        } catch (error) {
          // Gone since it was found (or replaced by a file): its parent's watch tells of it.
          if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') continue;
          throw error;
        }
      }
      return linked;
    },
    unwatchBelow(relative) {
      const prefix = relative === '' ? '' : `${relative}/`;
      for (const [folder, watcher] of watches) {
        if (folder !== relative && !folder.startsWith(prefix)) continue;
        watcher.close();
        watches.delete(folder);
      }
    },
    has: (relative) => watches.has(relative),
    get size() {
      return watches.size;
    },
    closeAll() {
      for (const watcher of watches.values()) watcher.close();
      watches.clear();
    },
  };
}

/** What is at `absolute` now (a symlink not followed), or undefined. */
export function lstatOf(absolute: string): Stats | undefined {
  try {
    return lstatSync(absolute, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Whether `stat` is of a plain file with more than one link (a hard link: other names share its inode). */
export function hasOtherNames(stat: Stats | undefined): boolean {
  return stat?.isFile() === true && stat.nlink > 1;
}
