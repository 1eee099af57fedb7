import { randomInt } from 'node:crypto';
import { closeSync, type FSWatcher, openSync, readdirSync, unlinkSync, watch, writeSync } from 'node:fs';
import path from 'node:path';
import { isRunning } from '../disk/is-running.js';

/** The names of the marker files a sync point makes in the vault's root (hidden, so no tool lists or searches them; removed at once). */
export const cookiePrefix = '.vault-sync-';

/** Sync points by Watchman's cookie technique; made by `createSyncPoint`. */
export interface SyncPoint {
  /**
   * Makes an event of its own (a cookie) and waits for it: events come in order, so then every change
   * made before the call has been seen. Resolves `true` once it has, `false` when no cookie could be
   * made (a read-only vault) or its event did not come within `timeout` ms.
   */
  pass(): Promise<boolean>;
  /** To be called with each name the root's watch reports: whether it was a cookie's (and nothing else to look at). */
  seen(name: string): boolean;
  /** Fails the sync points still waiting, and lets the cookie go. */
  cancel(): void;
}

/** A cookie: a file made in the root, watched, and unlinked at once; kept open, each write to it is an event of its own watch. */
interface Cookie {
  descriptor: number;
  watcher: FSWatcher;
  /** Ends the round waiting for the cookie's next event. */
  arrived?: ((seen: boolean) => void) | undefined;
}

/**
 * Sync points in the folder `root` (watched by the caller, with Node's `fs.watch`, in this thread), each
 * waiting at most `timeout` ms; `failed` hears why one could not pass. The cookie is a file made in the
 * root, watched by an `fs.watch` of its own (the same inotify instance as the root's, so one queue, in
 * order) and unlinked at once: its unlink is the first round's event, a one-byte write to it each later
 * round's. Nothing stays in the vault, and no other program or backend can name it, so only this sync
 * point's rounds make its events. One round at a time, each begun after the calls it answers: a call
 * that comes while a round waits joins the next one. A round whose event did not come lets the cookie
 * go (a late event must not end a later round), and the next round makes a new one.
 */
export function createSyncPoint(
  root: string,
  timeout: number,
  failed: (reason: string) => void,
  { touch = (descriptor: number) => writeSync(descriptor, 'x', 0) }: { touch?: (descriptor: number) => void } = {},
): SyncPoint {
  removeDeadCookies(root);
  let cookie: Cookie | undefined;
  let closed = false;
  let round: Promise<boolean> | undefined;
  let next: Promise<boolean> | undefined;

  function letGo() {
    const gone = cookie;
    cookie = undefined;
    if (!gone) return;
    gone.watcher.close();
    closeSync(gone.descriptor);
    gone.arrived?.(false);
  }

  function runRound(): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      if (closed) return resolve(false);
      const timer = setTimeout(() => {
        failed(`a sync point's event did not come within ${timeout} ms`);
        letGo();
      }, timeout);
      const finish = (seen: boolean) => {
        clearTimeout(timer);
        if (cookie?.arrived === finish) cookie.arrived = undefined;
        resolve(seen);
      };
      try {
        // The event comes in a later turn of the event loop: `arrived` is set in time.
        if (cookie) touch(cookie.descriptor);
        else cookie = makeCookie(root, letGo);
        cookie.arrived = finish;
      } catch (error) {
        letGo();
        failed(`no sync point could be written in the vault's root (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
        finish(false);
      }
    });
  }

  const start = () => {
    round = runRound().finally(() => (round = undefined));
    return round;
  };

  return {
    pass() {
      if (!round) return start();
      // The round waiting began before this call: the next one, shared by every call meanwhile, answers it.
      next ??= round.then(() => {
        next = undefined;
        return start();
      });
      return next;
    },
    seen: (name) => name.startsWith(cookiePrefix),
    cancel() {
      closed = true;
      letGo();
    },
  };
}

/** A new cookie in `root`: made (never over another file, so never another backend's), watched (`broken` hears its watch fail), then unlinked. */
function makeCookie(root: string, broken: () => void): Cookie {
  for (;;) {
    const file = path.join(root, `${cookiePrefix}${process.pid}-${randomInt(2 ** 47)}`);
    let descriptor: number;
    try {
      descriptor = openSync(file, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    try {
      const made: Cookie = { descriptor, watcher: undefined as unknown as FSWatcher };
      made.watcher = watch(file, { persistent: false }, () => made.arrived?.(true));
      made.watcher.on('error', broken);
      unlinkSync(file);
      return made;
    } catch (error) {
      closeSync(descriptor);
      try {
        unlinkSync(file);
      } catch {}
      throw error;
    }
  }
}

/** Removes the cookies a server killed mid-sync left in `root` (their process is gone); another live server's stay. */
function removeDeadCookies(root: string): void {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^\.vault-sync-(\d+)-\d+$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isRunning(pid)) continue;
    try {
      unlinkSync(path.join(root, name));
    } catch {}
  }
}
