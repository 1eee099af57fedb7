import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ChangeMeta } from '@vault/core';
import type { Repository } from './open-repository.js';

/** What a call is about to change, written before each of its writes, so that a restart can record what a killed server wrote. */
export interface JournalEntry {
  meta: ChangeMeta;
  agent: string;
  paths: string[];
}

/** The tools' folder in the git folder: a server process's journal and branch move, one file each (`KIND-PID.json`). */
export const folderOf = (repository: Repository) => path.join(repository.gitDir, 'vault-text-tools');
const fileOf = (repository: Repository, pid: number) => path.join(folderOf(repository), `journal-${pid}.json`);

/**
 * Writes this process's journal: the call's meta and every path it has started to write. Not synced:
 * it is for a killed process, whose writes the page cache keeps (decision 0018).
 */
export async function writeJournal(repository: Repository, entry: JournalEntry): Promise<void> {
  const write = () => writeFileSync(fileOf(repository, process.pid), JSON.stringify(entry));
  // Its folder is made when first missing.
  try {
    write();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(folderOf(repository), { recursive: true });
    write();
  }
}

export async function clearJournal(repository: Repository): Promise<void> {
  rmSync(fileOf(repository, process.pid), { force: true });
}

/** The journals of server processes that ended without clearing theirs (killed mid-call), each with a way to clear it. */
export async function leftJournals(repository: Repository): Promise<{ entry: JournalEntry; clear(): Promise<void> }[]> {
  return (await leftByGoneServers<JournalEntry>(repository, 'journal')).map(({ file, value }) => ({
    entry: value ?? { meta: { tool: 'unknown' }, agent: 'unknown', paths: [] },
    clear: () => rm(file, { force: true }),
  }));
}

/** The files `KIND-PID.json` of server processes that are gone, in the tools' folder: each path, and its JSON (`undefined`: unreadable). */
export async function leftByGoneServers<T>(repository: Repository, kind: 'journal' | 'move'): Promise<{ file: string; value: T | undefined }[]> {
  const left = [];
  for (const name of await readdir(folderOf(repository)).catch(() => [])) {
    const pid = Number(new RegExp(`^${kind}-(\\d+)\\.json$`).exec(name)?.[1]);
    if (!pid || isAlive(pid)) continue;
    const file = path.join(folderOf(repository), name);
    const value = await readFile(file, 'utf8')
      .then((text) => JSON.parse(text) as T)
      .catch(() => undefined);
    left.push({ file, value });
  }
  return left;
}

export function isAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
