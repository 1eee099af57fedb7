import { readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isRunning } from '../disk/is-running.js';

/** The names of the marker files a sync point writes in the vault's root (hidden, so no tool lists or searches them). */
export const cookiePrefix = '.vault-sync-';

/** Sync points by Watchman's cookie technique; made by `createSyncPoint`. */
export interface SyncPoint {
  /**
   * Writes a marker file (a cookie) in the root and waits for its watch to report it: events come in
   * order, so then every change made before the call has been seen. Resolves `true` once it has, `false`
   * when no cookie could be written (a read-only vault) or its event did not come within `timeout` ms.
   */
  pass(): Promise<boolean>;
  /** To be called with each name the root's watch reports: whether it was a cookie's (and nothing else to look at). */
  seen(name: string): boolean;
  /** Fails the sync points still waiting. */
  cancel(): void;
}

/** Sync points in the folder `root` (watched), each waiting at most `timeout` ms; `failed` hears why one could not pass. */
export function createSyncPoint(root: string, timeout: number, failed: (reason: string) => void): SyncPoint {
  removeDeadCookies(root);
  const waiting = new Map<string, (arrived: boolean) => void>();
  let next = 0;
  return {
    async pass() {
      const name = `${cookiePrefix}${process.pid}-${next++}`;
      const file = path.join(root, name);
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
        writeFileSync(file, '', { flag: 'wx' });
      } catch (error) {
        waiting.get(name)?.(false);
        failed(`no sync point could be written in the vault's root (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
        return false;
      }
      const seen = await arrived;
      try {
        unlinkSync(file);
      } catch {}
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
    const pid = Number(/^\.vault-sync-(\d+)-\d+$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isRunning(pid)) continue;
    try {
      unlinkSync(path.join(root, name));
    } catch {}
  }
}
