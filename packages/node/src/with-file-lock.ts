import { promises as fs } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { VaultError } from '@vault/core';

/** How long a write waits for another process's lock before giving up. */
const lockTimeout = 10_000;
/** A lock file still without its holder's pid after this long was left by a process that died creating it. */
const emptyLockAge = 1_000;

/**
 * Runs `work` holding the lock of the file `name` in `folder`: the hidden file `.NAME.lock`, created
 * exclusively and holding the holder's pid, so that processes writing through the tools (two servers,
 * the CLI and a server) take turns. A lock whose holder has died is broken.
 */
export async function withFileLock<T>(folder: string, name: string, relative: string, work: () => Promise<T>): Promise<T> {
  const lock = path.join(folder, `.${shortened(name)}.lock`);
  const deadline = Date.now() + lockTimeout;
  for (let wait = 1; ; wait = Math.min(wait * 2, 50)) {
    try {
      await fs.writeFile(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (await isAbandoned(lock)) {
      await fs.rm(lock, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new VaultError(
        'TIMEOUT',
        `${relative} has been locked for ${lockTimeout / 1000} s by another program writing it through these tools. Retry later; if no such program runs, remove the hidden lock file .${shortened(name)}.lock beside it.`,
      );
    }
    await sleep(wait);
  }
  try {
    return await work();
  } finally {
    await fs.rm(lock, { force: true });
  }
}

/** The start of a file name, short enough to take a prefix and a suffix within a file system's 255-byte names. */
export function shortened(name: string): string {
  return Array.from(name).slice(0, 48).join('');
}

async function isAbandoned(lock: string): Promise<boolean> {
  const [holder, stat] = await Promise.all([fs.readFile(lock, 'utf8').catch(() => undefined), fs.stat(lock).catch(() => undefined)]);
  if (holder === undefined || stat === undefined) return false;
  const pid = Number(holder);
  if (!Number.isInteger(pid) || pid <= 0) return Date.now() - stat.mtimeMs > emptyLockAge;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
