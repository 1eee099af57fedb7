import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { VaultChanges, VaultDirectoryEntry } from '@vault/core';
import type { WorkerNotice } from '../search/search-worker.js';
import { type ChangeLog, createChangeLog } from './create-change-log.js';
import { createFolderWatches, hasOtherNames, lstatOf, unwatchedName } from './create-folder-watches.js';
import { createLinkedFiles } from './create-linked-files.js';
import { createSyncPoint, isCookieName } from './create-sync-point.js';
import { remoteMountsBelow, unwatchableReason } from './watchable-file-system.js';

export interface VaultWatchOptions {
  /** Tells the search workers of changed files and folders (vault paths), and whether the watch covers the vault. */
  tell(notice: WorkerNotice): void;
  /** Hears, once each, why the watch cannot be trusted, for now or for good (a server logs it). */
  log(message: string): void;
}

/** What only tests set, to make the faults a machine seldom shows. */
export interface VaultWatchTuning {
  /** Most folders watched, as if the kernel's limit (`fs.inotify.max_user_watches`) were this. */
  watchLimit?: number;
  /** Events in one turn of the event loop taken as a queue overflow. Default: half of `fs.inotify.max_queued_events`. */
  burstLimit?: number;
  /** How long (ms) a sync point waits for its event. Default 2,000. */
  syncTimeout?: number;
  /** Why a watch of the vault cannot be trusted (default: `unwatchableReason`, by platform and file system). */
  unwatchable?: (root: string) => string | undefined;
  /** The file system of a folder mounted in the vault that a watch cannot trust (default: `remoteMountsBelow`, by device and type). */
  remoteMount?: (folder: string) => string | undefined;
}

/** Change detection for the Node backend; made by `createVaultWatch`. */
export interface VaultWatch {
  /** A sync point: `true` once every change made before the call has been seen (and told); `false` when nothing kept can be trusted now, and all must be checked. */
  sync(): Promise<boolean>;
  /** The vault paths changed since `cursor` (a folder's path stands for everything below it), or `everything`. */
  changesSince(cursor: number): VaultChanges;
  /** The kept entries of the watched folder `relative`, when kept and unchanged since. */
  listing(relative: string): VaultDirectoryEntry[] | undefined;
  /** A token of the folder's listing now, to give `keep` with a listing read after it. */
  listingToken(relative: string): number;
  /** Keeps a folder's entries, read from disk after `token` was taken, unless the folder changed since (or is not watched). */
  keep(relative: string, entries: VaultDirectoryEntry[], token: number): void;
  /**
   * Whether the folder `relative` is watched now: then every folder on the way to it was a real folder
   * (a watch never follows a symlink) and none has been replaced since, up to the last event handled.
   */
  watches(relative: string): boolean;
  /** Whether the watch covers these real vault paths now: watching, and none in a `.git` folder. */
  covers(paths: readonly string[]): boolean;
  /** Hears a version the backend gave of a file with more than one link: checked at every sync point from now on, and logged as changed when it is not that version. */
  linked(relative: string, version: string): void;
  /** `starting` (or starting again), `watching`, or `off` for good. */
  readonly state: 'starting' | 'watching' | 'off';
  close(): void;
}

/**
 * Watches every folder of the vault at the real root `root` (but `.git`), keeps folder listings and a
 * log of changed paths, and tells the search workers what changed. Searches pass a sync point first
 * (`sync`: a cookie, see `createSyncPoint`). What cannot be trusted falls back to checking: a platform
 * or file system where events can be missed, a watch that cannot start (the kernel's limit) or fails,
 * the vault folder moved away: off for good (said once); a burst of events as large as the kernel's
 * queue (it may have overflowed, dropping events): everything forgotten, and watched anew.
 */
export function createVaultWatch(root: string, { tell, log }: VaultWatchOptions, tuning: VaultWatchTuning = {}): VaultWatch {
  const { watchLimit, burstLimit = defaultBurstLimit(), syncTimeout = 2000, unwatchable = unwatchableReason } = tuning;
  const logged = new Set<string>();
  const logOnce = (message: string) => {
    if (logged.has(message)) return;
    logged.add(message);
    log(message);
  };
  const changes: ChangeLog = createChangeLog();
  const listings = new Map<string, VaultDirectoryEntry[]>();
  const tokens = new Map<string, number>();
  let epoch = 0;
  let state: VaultWatch['state'] = 'starting';
  let burst = 0;
  let rechecking = false;
  /** Entries created, removed or renamed this turn, their watches renewed at its end (`renew`). */
  const renewing: string[] = [];
  const linked = createLinkedFiles(root);
  const forgotten = { files: [] as string[], folders: [] as string[] };
  const absolute = (relative: string) => (relative === '' ? root : path.join(root, relative));
  const folders = createFolderWatches(
    root,
    { event: onEvent, failed: (error) => stop(`a folder watch failed (${codeOf(error)})`) },
    { watchLimit, remoteMount: tuning.remoteMount ?? remoteMountsBelow(root) },
  );
  const syncPoint = createSyncPoint(root, syncTimeout, (reason) => logOnce(`Searches check every file this time: ${reason}.`), {
    unwatchable: (error) => stop(unwatchedBecause(error)),
  });

  function start() {
    state = 'starting';
    setImmediate(() => {
      if (state !== 'starting') return;
      try {
        folders.watchTree('');
      } catch (error) {
        stop(unwatchedBecause(error));
        return;
      }
      state = 'watching';
      tell({ watching: true });
    });
  }

  /** The watch off for good: every search checks every file, as without a watch. */
  function stop(reason: string) {
    if (state === 'off') return;
    state = 'off';
    folders.closeAll();
    listings.clear();
    changes.lose();
    syncPoint.cancel();
    tell({ watching: false });
    logOnce(`The vault is not watched (${reason}); every search checks every file.`);
  }

  /** Events may have been dropped: nothing kept is trusted, and the vault is watched anew. */
  function restart(reason: string) {
    logOnce(`Watching the vault again: ${reason}; until then every search checks every file.`);
    folders.closeAll();
    listings.clear();
    epoch += 1;
    changes.lose();
    tell({ watching: false });
    start();
  }

  function onEvent(folder: string, kind: 'change' | 'rename', name: string | null) {
    if (state === 'off') return;
    if (burst++ === 0) setImmediate(() => (burst = 0));
    if (burst === burstLimit && state === 'watching') return restart(`${burstLimit} events at once, as many as the kernel's queue may hold`);
    if (name === null) return folder === '' ? stop('the vault folder was moved or removed') : undefined;
    if (folder === '' && syncPoint.seen(name)) return;
    const relative = folder === '' ? name : `${folder}/${name}`;
    changes.add(relative);
    forget(relative, kind === 'rename');
    if (kind === 'change') return;
    // Created, removed, renamed or replaced: the folder's listing is read again, what was below the
    // entry is forgotten, and a folder there now is watched, with all below it.
    listings.delete(folder);
    tokens.set(folder, (tokens.get(folder) ?? 0) + 1);
    for (const kept of [...listings.keys()]) if (kept === relative || kept.startsWith(`${relative}/`)) listings.delete(kept);
    // Its watches are renewed once every event of this read of the kernel's queue has come: a watch closed now would drop the
    // events queued for it uncounted, and a burst that overflowed the queue would go unseen (a folder's `chmod` first, then
    // thousands of files made in it: the changes the kernel dropped after them were missed for good).
    if (renewing.length === 0) setImmediate(renew, epoch);
    renewing.push(relative);
  }

  /** The watches below each entry an event named since the last turn closed, and made again for a folder there now. */
  function renew(startedIn: number) {
    for (const relative of renewing.splice(0)) {
      // Stopped, or watched anew from the root meanwhile (`restart`).
      if (state === 'off' || epoch !== startedIn) return;
      folders.unwatchBelow(relative);
      const stat = lstatOf(absolute(relative));
      // A name for a file with others (a hard link made, a linked file moved in): which kept names share it is not known.
      if (hasOtherNames(stat)) recheck();
      if (path.basename(relative) === unwatchedName || !stat?.isDirectory()) continue;
      try {
        if (folders.watchTree(relative, true)) recheck();
      } catch (error) {
        stop(unwatchedBecause(error));
        return;
      }
      // Files read from it before its watch started are read again.
      forget(relative, true);
    }
  }

  /**
   * A file with more than one name (hard links) appeared under a name: a write through one name sends an
   * event for that name alone, and which kept names share its inode is not known. Nothing kept is trusted
   * until checked once: the change log says `everything` (FindNotes asks each note's version, and keeps
   * those with other names to check at every sync point), and the workers check each kept file once
   * (keeping one with other names checked at every search).
   */
  function recheck() {
    changes.lose();
    rechecking = true;
  }

  function forget(file: string, below: boolean) {
    if (forgotten.files.length === 0 && forgotten.folders.length === 0) setImmediate(flush);
    forgotten.files.push(file);
    if (below) forgotten.folders.push(file);
  }

  function flush() {
    if (forgotten.files.length > 0 || forgotten.folders.length > 0)
      tell({ forget: { files: forgotten.files.splice(0), folders: forgotten.folders.splice(0) } });
    // Every kept file checked once more (`recheck`), once for all the names that asked it since.
    if (rechecking && state === 'watching') tell({ watching: true });
    rechecking = false;
  }

  const reason = unwatchable(root);
  if (reason === undefined) start();
  else stop(reason);

  return {
    async sync() {
      if (state !== 'watching') return false;
      const passed = await syncPoint.pass();
      // The root moved away and another folder put at its path: its events never come (the cookie lives in the old one).
      if (passed && !syncPoint.sameRoot()) stop('the vault folder was moved or replaced');
      // Files with other names: a write through another sends no event for theirs.
      if (passed && state === 'watching') {
        for (const file of linked.changed()) {
          changes.add(file);
          forget(file, false);
        }
      }
      flush();
      return passed && state === 'watching';
    },
    changesSince: (cursor) => (state === 'watching' ? changes.since(cursor) : { cursor: changes.cursor, everything: true }),
    listing: (relative) => (state === 'watching' ? listings.get(relative) : undefined),
    listingToken: (relative) => epoch * 2 ** 32 + (tokens.get(relative) ?? 0),
    keep(relative, entries, token) {
      if (state !== 'watching' || !folders.has(relative) || token !== epoch * 2 ** 32 + (tokens.get(relative) ?? 0)) return;
      listings.set(relative, relative === '' ? entries.filter((entry) => !isCookieName(entry.name)) : entries);
    },
    watches: (relative) => state === 'watching' && folders.has(relative),
    covers: (paths) => state === 'watching' && !holdsUnwatched(paths),
    linked: (relative, version) => linked.gave(relative, version),
    get state() {
      return state;
    },
    close() {
      state = 'off';
      folders.closeAll();
      syncPoint.cancel();
    },
  };
}

/** Why a folder could not be watched, as the notice says it. */
function unwatchedBecause(error: unknown): string {
  const code = codeOf(error);
  if (code === 'EREMOTE') return (error as Error).message;
  return `a folder could not be watched (${code}${code === 'ENOSPC' ? ': the limit fs.inotify.max_user_watches is reached' : ''})`;
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error);
}

/** Half of the kernel's event queue (`max_queued_events`, 16,384 by default): a burst that large may have overflowed it. */
function defaultBurstLimit(): number {
  try {
    return Math.max(64, Math.floor(Number(readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8')) / 2));
  } catch {
    return 8192;
  }
}

/** Whether a list of paths holds one in an unwatched (`.git`) folder: looked at once per list (the same array, never changed: a walk kept between searches). */
const unwatchedHeld = new WeakMap<readonly string[], boolean>();

function holdsUnwatched(paths: readonly string[]): boolean {
  let held = unwatchedHeld.get(paths);
  if (held === undefined) {
    held = paths.some((file) => file.startsWith(`${unwatchedName}/`) || file.includes(`/${unwatchedName}/`));
    unwatchedHeld.set(paths, held);
  }
  return held;
}
