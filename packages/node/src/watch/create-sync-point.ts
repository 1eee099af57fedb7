import { readdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isRunning } from '../disk/is-running.js';

/** The names of the marker files a sync point writes in the vault's root (hidden, so no tool lists or searches them). */
export const cookiePrefix = '.vault-sync-';

/** Whether `name`, in the vault's root, is a sync point's cookie (of this server or another): never a file of the vault's. */
export function isCookieName(name: string): boolean {
  return /^\.vault-sync-\d+-\d+$/.test(name);
}

/** Sync points by Watchman's cookie technique; made by `createSyncPoint`. */
export interface SyncPoint {
  /**
   * Gives the marker file (the cookie) in the root a new name, or writes it the first time, and waits
   * for the root's watch to report that name: events come in order, so then every change made before
   * the call has been seen. Resolves `true` once it has, `false` when no cookie could be written (a
   * read-only vault) or its event did not come within `timeout` ms.
   */
  pass(): Promise<boolean>;
  /** To be called with each name the root's watch reports: whether it was a cookie's (and nothing else to look at). */
  seen(name: string): boolean;
  /** Fails the sync points still waiting, and removes the cookie. */
  cancel(): void;
}

/**
 * Sync points in the folder `root` (watched), each waiting at most `timeout` ms; `failed` hears why one
 * could not pass. One cookie is kept between sync points and renamed at each (one `rename`, about 5 us,
 * where creating a file costs 100 to 300 us on a busy ext4), its new name unique to the sync point: the
 * event that names it is queued after every change made before the rename, as a new file's would be.
 */
export function createSyncPoint(root: string, timeout: number, failed: (reason: string) => void): SyncPoint {
  removeDeadCookies(root);
  const waiting = new Map<string, (arrived: boolean) => void>();
  let next = 0;
  /** The cookie's name in the root now, when there is one. */
  let kept: string | undefined;

  /** The cookie under the new name `name`: the kept one renamed, or (the first time, or when it was removed) a new one. */
  function renameCookie(name: string) {
    const file = path.join(root, name);
    const from = kept;
    kept = undefined;
    if (from !== undefined) {
      try {
        renameSync(path.join(root, from), file);
        return;
      } catch {}
    }
    writeFileSync(file, '', { flag: 'wx' });
  }

  return {
    async pass() {
      const name = `${cookiePrefix}${process.pid}-${next++}`;
      const arrived = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => finish(false), timeout);
        const finish = (seen: boolean) => {
          clearTimeout(timer);
          waiting.delete(name);
          resolve(seen);
        };
        waiting.set(name, finish);
      });
      try {
        renameCookie(name);
        kept = name;
      } catch (error) {
        waiting.get(name)?.(false);
        failed(`no sync point could be written in the vault's root (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
        return false;
      }
      const seen = await arrived;
      if (!seen) failed(`a sync point's event did not come within ${timeout} ms`);
      return seen;
    },
    seen(name) {
      if (!name.startsWith(cookiePrefix)) return false;
      waiting.get(name)?.(true);
      return true;
    },
    cancel() {
      for (const finish of [...waiting.values()]) finish(false);
      if (kept === undefined) return;
      try {
        unlinkSync(path.join(root, kept));
      } catch {}
      kept = undefined;
    },
  };
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
    const pid = isCookieName(name) ? Number(name.split('-')[2]) : 0;
    if (!pid || pid === process.pid || isRunning(pid)) continue;
    try {
      unlinkSync(path.join(root, name));
    } catch {}
  }
}
