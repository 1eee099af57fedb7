import { defaultExtensions, type VaultFs, type VaultHistory } from '@vault/core';
import { identityOf } from './change-message.js';
import { type JournalStep, removeLeftScratch } from './change-journal.js';
import { checkAttributes } from './check-attributes.js';
import { createChangeRecorder } from './create-change-recorder.js';
import { createGitReader } from './create-git-reader.js';
import { excludeTemporaries } from './exclude-temporaries.js';
import { openRepository } from './open-repository.js';
import type { RemoteOptions } from './remote/create-remote-sync.js';
import { holdClone } from './remote/hold-clone.js';
import { refuseKeptEdits } from './remote/kept-edits.js';
import { finishMoves } from './remote/move-branch.js';
import { shareThroughRemote } from './remote/share-through-remote.js';

export interface GitHistoryOptions {
  /** The author of every change, `Name <email>` or a name, in place of the agent each call names (`--git-author`). */
  author?: string;
  /** The committer of every change: the server. Default `vault-text-tools`. */
  committer?: string;
  /** The git command. Default `git` (found on the PATH). */
  gitPath?: string;
  /** The vault's extensions, for judging `.gitattributes` lines. Default core's. */
  extensions?: readonly string[];
  /** Share the history through this git remote: a change is answered once the remote has it (`--git-remote`, decision 0019). */
  remote?: RemoteOptions;
}

/**
 * A backend whose vault keeps its history in git (decision 0018): `fs` with each changing call
 * recorded as one commit, and `history` for the history tools. Refuses, at start, a git older than
 * 2.38, a vault folder outside a work tree and attributes that convert the vault's files; records
 * what a server killed mid-call wrote.
 */
export async function withGitHistory<Fs extends VaultFs>(fs: Fs, options: GitHistoryOptions = {}): Promise<Fs> {
  const repository = await openRepository(fs.root, options.gitPath ?? 'git');
  await checkAttributes(
    repository,
    (options.extensions ?? defaultExtensions).map((extension) => extension.toLowerCase()),
  );
  await excludeTemporaries(repository);
  const recorder = createChangeRecorder(repository, {
    ...(options.author === undefined ? {} : { author: options.author }),
    committer: identityOf(options.committer ?? 'vault-text-tools'),
  });
  // Refused or failed at start: the git commands the recovery started end here, and the clone is let go.
  let release = async () => {};
  const shared = await (async () => {
    // One --git-remote server per clone (decision 0019, round 15): a second is refused before it touches anything.
    if (options.remote) release = await holdClone(repository, options.remote.name);
    // A branch a killed server moved before its work tree followed is caught up first: the disk behind it is no person's change.
    await removeLeftScratch(repository);
    await finishMoves(repository);
    await recorder.recover();
    return options.remote && (await shareThroughRemote(repository, recorder, options.remote));
  })().catch(async (error: unknown) => {
    await release();
    await repository.close();
    throw error;
  });
  const sync = shared?.sync;
  const history: VaultHistory = { ...createGitReader(repository), record: recorder.record };
  // A write through a symlink changes the file it leads to: that path is the one recorded.
  const realPath = async (path: string) => (fs.resolveSymlinks ? await fs.resolveSymlinks(path).catch(() => path) : path);
  // Without the remote, a person's edit a fetch of an earlier run kept is still never committed over the remote's change.
  const beforeWrite = async (step: JournalStep) => {
    if (!sync) await refuseKeptEdits(repository, 'write' in step ? [step.write] : step.rename);
    await recorder.beforeWrite(step);
  };
  const backend: Fs = {
    ...fs,
    history,
    async writeFile(path, data, writeOptions) {
      await beforeWrite({ write: await realPath(path) });
      return fs.writeFile(path, data, writeOptions);
    },
    async rename(from, to) {
      await beforeWrite({ rename: [from, to] });
      return fs.rename(from, to);
    },
    // The kept git commands (and the interval fetch) end with the backend; without a close, they end when Node does.
    ...(hasClose(fs) || sync
      ? {
          async close() {
            if (sync) await sync.close();
            await release();
            await repository.close();
            if (hasClose(fs)) await fs.close();
          },
        }
      : {}),
  };
  starts.set(backend, shared?.started ?? Promise.resolve());
  return backend;
}

const starts = new WeakMap<VaultFs, Promise<void>>();

/**
 * Resolves once a backend's start is done with the remote (decision 0019, round 15): the first fetch, and the push of what
 * a killed server committed (each done, or failed and said in a warning). `withGitHistory` does not wait for them, so that
 * reads are served meanwhile; writes wait in the queue.
 */
export function remoteStarted(backend: VaultFs): Promise<void> {
  return starts.get(backend) ?? Promise.resolve();
}

function hasClose(fs: VaultFs): fs is VaultFs & { close(): Promise<void> } {
  return typeof (fs as { close?: unknown }).close === 'function';
}
