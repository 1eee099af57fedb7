import type { ChangeMeta } from '@vault/core';
import { outsideAuthor, outsideMessage, toolMessage, identityOf } from './change-message.js';
import { clearJournal, leftJournals, writeJournal } from './change-journal.js';
import { checkRepositoryState } from './check-repository-state.js';
import { commitPaths, type Identity } from './commit-paths.js';
import type { Repository } from './open-repository.js';

/** Who changes are put on: `author` (when given) in place of each call's agent, and the server as committer. */
export interface RecorderIdentities {
  author?: string;
  committer: Identity;
}

/** The commit path: one changing call at a time, each one commit (after any outside change to its paths, committed apart). */
export interface ChangeRecorder {
  record<T>(meta: ChangeMeta, work: () => Promise<T>, subjectOf: (output: T) => string): Promise<T>;
  /** Called before a write or a rename touches these vault paths. */
  beforeWrite(paths: readonly string[]): Promise<void>;
  /** Records what a killed server wrote (its journal), at start. */
  recover(): Promise<void>;
}

interface CurrentCall {
  meta: ChangeMeta;
  agent: string;
  paths: string[];
}

/**
 * One queue for every changing call (decision 0015): a call waits for the one before to be committed,
 * runs, and is committed; a later step (pushing to a remote) hooks in after the commit. Before a call
 * first writes a path, what is on disk there is compared with HEAD: a difference was made outside the
 * tools and is committed first, as an outside change, so it is never put on the agent.
 */
export function createChangeRecorder(repository: Repository, identities: RecorderIdentities): ChangeRecorder {
  let tail: Promise<unknown> = Promise.resolve();
  let current: CurrentCall | undefined;
  const authorOf = (agent: string) => identityOf(identities.author ?? agent);

  const commit = (call: CurrentCall, subject: string) =>
    commitPaths(repository, {
      paths: call.paths,
      message: toolMessage(subject, call.meta, call.agent),
      author: authorOf(call.agent),
      committer: identities.committer,
    });

  async function run<T>(meta: ChangeMeta, work: () => Promise<T>, subjectOf: (output: T) => string): Promise<T> {
    await checkRepositoryState(repository);
    const call: CurrentCall = { meta, agent: meta.agent ?? identities.author ?? 'agent', paths: [] };
    current = call;
    try {
      const output = await work();
      current = undefined;
      if (call.paths.length > 0) await commit(call, subjectOf(output));
      return output;
    } catch (error) {
      current = undefined;
      // A call that failed after writing: what it wrote is recorded, so nothing of it is later put on a person.
      if (call.paths.length > 0) await commit(call, `${meta.tool}: ${call.paths[0]} (failed partway)`).catch(() => undefined);
      throw error;
    } finally {
      await clearJournal(repository);
    }
  }

  return {
    record(meta, work, subjectOf) {
      const result = tail.then(() => run(meta, work, subjectOf));
      tail = result.catch(() => undefined);
      return result;
    },

    async beforeWrite(paths) {
      const call = current;
      // A write outside a call is not recorded: the next call that writes the path records it as an outside change.
      if (!call) return;
      const fresh = [...new Set(paths)].filter((path) => !call.paths.includes(path));
      if (fresh.length === 0) return;
      if (await changedOutside(repository, fresh)) {
        await commitPaths(repository, { paths: fresh, message: outsideMessage(fresh), author: outsideAuthor, committer: identities.committer });
      }
      call.paths.push(...fresh);
      await writeJournal(repository, { meta: call.meta, agent: call.agent, paths: call.paths });
    },

    async recover() {
      for (const { entry, clear } of await leftJournals(repository)) {
        if (entry.paths.length > 0) {
          const subject = `${entry.meta.tool}: ${entry.paths[0]} (recorded after a restart)`;
          await commitPaths(repository, {
            paths: entry.paths,
            message: toolMessage(subject, entry.meta, entry.agent),
            author: authorOf(entry.agent),
            committer: identities.committer,
            syncIndex: true,
          });
        }
        await clear();
      }
    },
  };
}

/** Whether git sees the paths differ from HEAD (changed, staged, new or removed), ignored files aside. */
async function changedOutside(repository: Repository, paths: readonly string[]): Promise<boolean> {
  const status = await repository.git([
    'status',
    '--porcelain=v2',
    '-z',
    '--untracked-files=all',
    '--ignored=no',
    '--no-renames',
    '--',
    ...paths.map((path) => repository.prefix + path),
  ]);
  return status.stdout.length > 0;
}
