import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { VaultError } from '@vault/core';
import { isRunning } from './is-running.js';

/** The timing of `withFileLock`, in milliseconds; the defaults suit every use, and tests pass small or large ones. */
export interface FileLockTiming {
  /**
   * A lock older than this was left by a process that died holding it: the work done under a lock
   * (a compare and a rename) takes milliseconds. Sooner, a lock is known stale when it names this
   * host and a process of it that is gone (or this process, which does not hold it); a pid from
   * another host or container means nothing here, so its lock is judged by age only. Default 10 s.
   */
  staleAfter?: number;
  /** How long a write waits for the lock before giving up. Default 20 s (twice the default `staleAfter`). */
  lockTimeout?: number;
  /** A breaker's claim (the file `LOCK.break`, see `breakLock`) older than this was left by a breaker that died. Default 1 s. */
  claimStaleAfter?: number;
}

/** The timing every write through the tools uses. */
export const defaultFileLockTiming: Required<FileLockTiming> = { staleAfter: 10_000, lockTimeout: 20_000, claimStaleAfter: 1_000 };

/** The tokens of the locks this process holds or is taking. */
const heldHere = new Set<string>();

/**
 * Runs `work` holding the lock of the file `name` in `folder`: the hidden file `.NAME.vault-lock`,
 * created exclusively, so that processes writing through the tools (two servers, the CLI and a
 * server) take turns. It holds the host, the pid and a random token. A stale lock is deleted only
 * if it is still the very lock judged stale, token and inode (a new lock may reuse the old one's
 * inode), checked under a claim that breakers take in turn. `timing` overrides the defaults
 * (`defaultFileLockTiming`), as `createNodeFs`'s `fileLock` option does.
 */
export async function withFileLock<T>(folder: string, name: string, relative: string, work: () => Promise<T>, timing: FileLockTiming = {}): Promise<T> {
  const { staleAfter, lockTimeout, claimStaleAfter } = { ...defaultFileLockTiming, ...timing };
  const lock = path.join(folder, `.${shortened(name)}.vault-lock`);
  const token = randomBytes(8).toString('hex');
  const content = `${hostname()} ${process.pid} ${token}`;
  const deadline = Date.now() + lockTimeout;
  // Known as ours before the file exists, so that no other write of this process takes it for a leftover.
  heldHere.add(token);
  try {
    for (let wait = 1; !(await create(lock, content)); wait = Math.min(wait * 2, 50)) {
      const found = await inspect(lock, staleAfter);
      if (found?.stale && (await breakLock(lock, found.identity, staleAfter, claimStaleAfter))) continue;
      if (Date.now() > deadline) {
        throw new VaultError(
          'TIMEOUT',
          `${relative} stayed locked for ${lockTimeout / 1000} s by other programs writing it through these tools. Retry in a moment.`,
        );
      }
      await sleep(wait);
    }
    try {
      return await work();
    } finally {
      // Released only if it is still ours; a failure to remove it leaves a lock that ages into staleness.
      if ((await inspect(lock, staleAfter))?.identity.endsWith(content)) await fs.rm(lock, { force: true }).catch(() => undefined);
    }
  } finally {
    heldHere.delete(token);
  }
}

/** The start of a file name, short enough to take a prefix and a suffix within a file system's 255-byte names. */
export function shortened(name: string): string {
  return Array.from(name).slice(0, 48).join('');
}

/** Creates the lock file holding `content`; false when one exists already. */
async function create(lock: string, content: string): Promise<boolean> {
  try {
    await fs.writeFile(lock, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * What is at the lock's path: whether it is stale (see `staleAfter`) and what tells it apart from
 * any other lock (content and inode). Never follows a link or blocks on a pipe.
 */
async function inspect(lock: string, staleAfter: number): Promise<{ stale: boolean; identity: string } | undefined> {
  const handle = await fs.open(lock, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    if (error.code === 'ELOOP') return 'link' as const;
    throw error;
  });
  if (handle === undefined) return undefined;
  if (handle === 'link') {
    const stat = await fs.lstat(lock).catch(() => undefined);
    return stat && { stale: true, identity: `link ${stat.ino}` };
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return { stale: true, identity: `special ${stat.ino}` };
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(300), 0, 300, 0);
    const content = buffer.toString('utf8', 0, bytesRead);
    const [host, pid, token = ''] = content.split(' ');
    const holderGone =
      host === hostname() && Number.isSafeInteger(Number(pid)) && (Number(pid) === process.pid ? !heldHere.has(token) : !isRunning(Number(pid)));
    return { stale: holderGone || Date.now() - stat.mtimeMs > staleAfter, identity: `${stat.ino} ${content}` };
  } finally {
    await handle.close();
  }
}

/**
 * Deletes the lock if it is still the one judged stale (`identity`), holding the claim to break it
 * (the file `LOCK.break`, created exclusively) meanwhile, so that breakers take turns and none
 * deletes a lock another has just taken. False when another process holds the claim (one its
 * breaker left behind is removed after `claimStaleAfter`, a second by default: breaking takes
 * microseconds).
 */
async function breakLock(lock: string, identity: string, staleAfter: number, claimStaleAfter: number): Promise<boolean> {
  const claim = `${lock}.break`;
  if (!(await create(claim, `${hostname()} ${process.pid}`))) {
    const stat = await fs.lstat(claim).catch(() => undefined);
    if (stat && Date.now() - stat.mtimeMs > claimStaleAfter) await fs.rm(claim, { force: true });
    return false;
  }
  try {
    if ((await inspect(lock, staleAfter))?.identity === identity) await fs.rm(lock, { force: true });
    return true;
  } finally {
    await fs.rm(claim, { force: true });
  }
}
