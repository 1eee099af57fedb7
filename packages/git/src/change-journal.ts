import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ChangeMeta } from '@vault/core';
import type { Repository } from './open-repository.js';

/** What a call is about to change, written before each of its writes, so that a restart can record or take back what a killed server wrote. */
export interface JournalEntry {
  meta: ChangeMeta;
  agent: string;
  paths: string[];
  /** Each write and rename the call began, in order (absent in a journal of an older version: taken as one). */
  steps?: JournalStep[];
  /** The branch the call is on, and its commit when the journal was written: still there at a restart, the call's commit was not made. */
  ref?: string;
  head?: string;
  /** Every step made (the call's work returned): its commit is all that was left. */
  done?: boolean;
}

/** One change of the disk a call makes: a file written (once, however often), or a rename. */
export type JournalStep = { write: string } | { rename: [from: string, to: string] };

/** The server process that wrote a tools' file: its start token (`started`), so a process that took its PID since is not taken for it. */
interface Signed {
  started?: string;
}

/** The tools' folder in the git folder: each backend's journal and branch move, one file each (`KIND-PID-N.json`, N counting the backends of a process). */
export const folderOf = (repository: Repository) => path.join(repository.gitDir, 'vault-text-tools');

/** Numbers the backends of this process, so two (two vaults of one repository) never share a file. */
let backends = 0;
const tags = new WeakMap<Repository, string>();

/** This backend's file of a kind: `KIND-PID-N.json`. */
export function ownFileOf(repository: Repository, kind: 'journal' | 'move'): string {
  let tag = tags.get(repository);
  if (tag === undefined) {
    backends += 1;
    tag = `${process.pid}-${backends}`;
    tags.set(repository, tag);
  }
  return path.join(folderOf(repository), `${kind}-${tag}.json`);
}

/** Writes this backend's file of a kind, signed with the process's start token; its folder made when first missing. */
export function writeOwnFile(repository: Repository, kind: 'journal' | 'move', value: object): void {
  const text = JSON.stringify({ ...value, started: startTokenOf(process.pid, repository) } satisfies Signed);
  try {
    writeFileSync(ownFileOf(repository, kind), text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(folderOf(repository), { recursive: true });
    writeFileSync(ownFileOf(repository, kind), text);
  }
}

/**
 * Writes this backend's journal: the call's meta and every path it has started to write. Not synced:
 * it is for a killed process, whose writes the page cache keeps (decision 0018).
 */
export async function writeJournal(repository: Repository, entry: JournalEntry): Promise<void> {
  writeOwnFile(repository, 'journal', entry);
}

export async function clearJournal(repository: Repository): Promise<void> {
  rmSync(ownFileOf(repository, 'journal'), { force: true });
}

/** The journals of server processes that ended without clearing theirs (killed mid-call), each with a way to clear it. */
export async function leftJournals(repository: Repository): Promise<{ entry: JournalEntry; clear(): Promise<void> }[]> {
  return (await leftByGoneServers<JournalEntry>(repository, 'journal')).map(({ file, value }) => ({
    entry: value ?? { meta: { tool: 'unknown' }, agent: 'unknown', paths: [] },
    clear: () => rm(file, { force: true }),
  }));
}

/**
 * The files of a kind that no running backend will finish, in the tools' folder: each path, and its JSON (`undefined`:
 * unreadable). This backend's own (a move whose work tree failed to follow) and those of servers that are gone: their
 * PID runs no process, or a process started since (its start token differs from the one the file was signed with).
 * Another backend of this process is running.
 */
export async function leftByGoneServers<T>(repository: Repository, kind: 'journal' | 'move'): Promise<{ file: string; value: T | undefined }[]> {
  const left = [];
  const own = path.basename(ownFileOf(repository, kind));
  for (const name of await readdir(folderOf(repository)).catch(() => [])) {
    const pid = Number(new RegExp(`^${kind}-(\\d+)(-\\d+)?\\.json$`).exec(name)?.[1]);
    if (!pid) continue;
    const file = path.join(folderOf(repository), name);
    const value = await readFile(file, 'utf8')
      .then((text) => JSON.parse(text) as T & Signed)
      .catch(() => undefined);
    if (name !== own && !isGone(pid, value?.started, repository)) continue;
    left.push({ file, value });
  }
  return left;
}

/**
 * Removes the scratch files servers that are gone left in the git folder (killed before their close): the private
 * indexes' `vault-KIND-PID-N` (and the object writers' of earlier versions) and, in the tools' folder, their
 * `alive-PID.json`. At start.
 */
export async function removeLeftScratch(repository: Repository): Promise<void> {
  for (const [folder, pattern] of [
    [repository.gitDir, /^vault-(?:commit|tree|index|replay)-(\d+)-\d+(?:\.lock)?$/],
    [folderOf(repository), /^alive-(\d+)\.json$/],
  ] as const) {
    for (const name of await readdir(folder).catch(() => [])) {
      const pid = Number(pattern.exec(name)?.[1]);
      if (pid && isGone(pid, undefined, repository)) await rm(path.join(folder, name), { force: true });
    }
  }
}

/**
 * Whether the server process `pid` that signed a file with `started` is gone: no process has the PID (this process
 * always runs: its other backends), or the one that has it now has another start token. Without a token (a file of an
 * older version, or a temp file), the PID alone tells.
 */
export function isGone(pid: number, started: string | undefined, repository: Repository): boolean {
  // No process's number (a file emptied by a power cut, garbage): 0 and negative numbers signal process groups, which run.
  if (!Number.isSafeInteger(pid) || pid <= 0) return true;
  if (pid !== process.pid && !isRunning(pid)) return true;
  // Running: the same process only while the token it has now is the one the file was signed with.
  if (started === undefined) return false;
  const now = startTokenOf(pid, repository, false);
  return now !== undefined && now !== started;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** This process's random start token where /proc has none: written to `alive-PID.json` once per tools' folder. */
const ownToken = randomUUID();
const signedFolders = new Set<string>();
/** This process's start token from /proc, once read. */
let ownStart: string | undefined;

/**
 * A token that tells a process apart from any later one with its PID: the start time from `/proc/PID/stat` (field 22)
 * where it exists, else the random token the process wrote to `alive-PID.json` (`write`: this process writes its own
 * there first). `undefined`: nothing tells (no such process, or it wrote none).
 */
export function startTokenOf(pid: number, repository: Repository, write = true): string | undefined {
  // This process's own never changes: read once (each journal is signed with it, a read of /proc each call).
  if (pid === process.pid && ownStart !== undefined) return ownStart;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command's name (field 2) is in parentheses and may hold any character: the fields are counted after its end.
    const token = `linux:${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]}`;
    if (pid === process.pid) ownStart = token;
    return token;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && process.platform === 'linux') return undefined;
  }
  const alive = path.join(folderOf(repository), `alive-${pid}.json`);
  if (pid === process.pid && write && !signedFolders.has(alive)) {
    mkdirSync(folderOf(repository), { recursive: true });
    writeFileSync(alive, JSON.stringify(ownToken));
    signedFolders.add(alive);
  }
  if (pid === process.pid) return ownToken;
  try {
    return JSON.parse(readFileSync(alive, 'utf8')) as string;
  } catch {
    return undefined;
  }
}
