import { randomInt } from 'node:crypto';
import { closeSync, type FSWatcher, openSync, readdirSync, statSync, unlinkSync, watch, writeSync } from 'node:fs';
import path from 'node:path';
import { isRunning } from '../disk/is-running.js';

/** The names of the marker files a sync point makes in the vault's root (hidden, so no tool lists or searches them; removed at once): a person's `.vault-sync-notes.md` is not one. */
const cookieName = /^\.vault-sync-(\d+)-\d+$/;
export const isCookieName = (name: string) => cookieName.test(name);

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
  /** Whether the folder at `root` is still the one the cookie was made in (not moved away, or replaced by another). */
  sameRoot(): boolean;
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
  {
    touch = (descriptor: number) => writeSync(descriptor, 'x', 0),
    unwatchable = () => {},
  }: {
    touch?: (descriptor: number) => void;
    /** Hears that no watch could be set on a cookie (the watch limit reached): the caller stops watching, rather than make a file in the vault each search. */
    unwatchable?: (error: unknown) => void;
  } = {},
): SyncPoint {
  removeDeadCookies(root);
  const folder = identityOf(root);
  let cookie: Cookie | undefined;
  let closed = false;
  let round: Promise<boolean> | undefined;
  let next: Promise<boolean> | undefined;

  function letGo() {
    const gone = cookie;
    cookie = undefined;
    if (!gone) return;
    try {
      gone.watcher.close();
      closeSync(gone.descriptor);
    } catch {}
    gone.arrived?.(false);
  }

  function runRound(): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      if (closed) return resolve(false);
      const timer = setTimeout(() => {
        failed(`a sync point's event did not come within ${timeout} ms`);
        letGo();
        finish(false);
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
        if ((error as { watching?: boolean }).watching) unwatchable(error);
        else failed(`no sync point could be written in the vault's root (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
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
      // One round at a time: a call between a round's end and the start of the next one queued joins that one.
      if (!round && !next) return start();
      // The round waiting began before this call: the next one, shared by every call meanwhile, answers it.
      const after = () => {
        next = undefined;
        return start();
      };
      next ??= (round ?? Promise.resolve(false)).then(after, after);
      return next;
    },
    seen: isCookieName,
    sameRoot: () => sameIdentity(folder, identityOf(root)),
    cancel() {
      closed = true;
      letGo();
    },
  };
}

/** A new cookie in `root`: made (never over another file, so never another backend's), watched (`broken` hears its watch fail), then unlinked. */
function makeCookie(root: string, broken: () => void): Cookie {
  for (;;) {
    const file = path.join(root, `.vault-sync-${process.pid}-${randomInt(2 ** 47)}`);
    let descriptor: number;
    try {
      descriptor = openSync(file, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    const made: Partial<Cookie> & { descriptor: number } = { descriptor };
    try {
      // Its byte written before it is watched: later rounds overwrite it, so a full disk does not refuse them.
      writeSync(descriptor, 'x', 0);
      try {
        // Only a write is a round's event (or the unlink's change of link count); anything else is the watch failing.
        made.watcher = watch(file, { persistent: false }, (kind) => (kind === 'change' ? made.arrived?.(true) : broken()));
      } catch (error) {
        throw Object.assign(error as Error, { watching: true });
      }
      made.watcher.on('error', broken);
      unlinkSync(file);
      return made as Cookie;
    } catch (error) {
      made.watcher?.close();
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
    const pid = Number(cookieName.exec(name)?.[1]);
    if (!pid || pid === process.pid || isRunning(pid)) continue;
    try {
      unlinkSync(path.join(root, name));
    } catch {}
  }
}

/** A folder's device and inode numbers (`undefined`: none there now). */
function identityOf(folder: string): { dev: number; ino: number } | undefined {
  try {
    const { dev, ino } = statSync(folder);
    return { dev, ino };
  } catch {
    return undefined;
  }
}

const sameIdentity = (a: { dev: number; ino: number } | undefined, b: { dev: number; ino: number } | undefined) =>
  a !== undefined && b !== undefined && a.dev === b.dev && a.ino === b.ino;
