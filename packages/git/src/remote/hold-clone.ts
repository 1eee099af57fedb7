import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VaultError } from '@vault/core';
import { folderOf, isGone, startTokenOf } from '../change-journal.js';
import type { Repository } from '../open-repository.js';
import type { RemoteTrouble } from './remote-errors.js';

/** The server that holds a clone: its PID and start token (decision 0018's, so a later process with its PID is not taken for it). */
interface Holder {
  pid: number;
  started?: string;
}

/**
 * Makes this process the one `--git-remote` server of the clone (decision 0019, round 15), or refuses: a second one would
 * settle the same work tree and branch as the first and undo its acknowledged writes. The holder's file in the tools'
 * folder is made whole or not at all (a link of a file already written, which fails when one is there); a holder that is
 * gone (killed) is taken away first, and only while its file is still the gone one's, so of several servers starting at
 * once exactly one holds the clone. Returns the release, for close.
 */
export async function holdClone(repository: Repository, remote: string): Promise<() => Promise<void>> {
  const file = path.join(folderOf(repository), 'remote-server.json');
  const own: Holder = { pid: process.pid, started: startTokenOf(process.pid, repository) };
  const draft = `${file}.${process.pid}-${randomUUID()}`;
  await mkdir(folderOf(repository), { recursive: true });
  await writeFile(draft, JSON.stringify(own));
  try {
    for (;;) {
      const linked = await link(draft, file).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw error;
          return false;
        },
      );
      if (linked) return () => release(file, own);
      const holder = await holderOf(file);
      if (holder === undefined) continue;
      if (!isGone(holder.pid, holder.started, repository)) throw await inUse(repository, remote, holder.pid);
      await takeAway(file, holder);
    }
  } finally {
    await rm(draft, { force: true });
  }
}

/** The holder a file names; `undefined` when there is no file (released meanwhile); a file not read as one is a gone holder's. */
async function holderOf(file: string): Promise<Holder | undefined> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as Partial<Holder>;
    return typeof value.pid === 'number' ? (value as Holder) : { pid: 0 };
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : { pid: 0 };
  }
}

/**
 * Removes a gone holder's file. It is moved aside first, in one step, and checked there: when another starting server
 * took the clone between the read and the move, its file is put back (unless a third one holds the clone by now).
 */
async function takeAway(file: string, gone: Holder): Promise<void> {
  const aside = `${file}.gone-${process.pid}-${randomUUID()}`;
  const moved = await rename(file, aside).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      return false;
    },
  );
  if (!moved) return;
  const found = await holderOf(aside);
  if (found?.pid !== gone.pid || found.started !== gone.started) await link(aside, file).catch(() => undefined);
  await rm(aside, { force: true });
}

/** Removes the holder's file at close, when it is still this process's. */
async function release(file: string, own: Holder): Promise<void> {
  const holder = await holderOf(file);
  if (holder?.pid === own.pid && holder.started === own.started) await rm(file, { force: true });
}

async function inUse(repository: Repository, remote: string, pid: number): Promise<VaultError> {
  const url = withoutCredentials((await repository.git(['remote', 'get-url', '--', remote], { okCodes: [0, 2, 128] })).stdout.toString('utf8').trim()) || 'URL';
  return new VaultError(
    'IO_ERROR',
    `Another vault-mcp server (process ${pid}) shares this clone (${repository.top}) through ${remote}: two servers on one clone would undo each other's changes. Run each server on its own clone: git clone ${url} FOLDER, then start this server on FOLDER (or stop process ${pid} first).`,
    { remote: 'in-use' satisfies RemoteTrouble, pid },
  );
}

/** A remote's URL as a message may show it: a user and password (a token, as in `https://x-access-token:TOKEN@host/...`) left out. */
function withoutCredentials(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  if (!parsed.username && !parsed.password) return url;
  parsed.username = '';
  parsed.password = '';
  return parsed.href;
}
