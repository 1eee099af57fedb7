import type { ChangeMeta } from '@vault/core';
import { outsideAuthor, outsideMessage, toolMessage, identityOf } from './change-message.js';
import { clearJournal, type JournalEntry, type JournalStep, leftJournals, writeJournal } from './change-journal.js';
import { changedSinceHead } from './commit/changed-since-head.js';
import { commitText } from './commit/commit-text.js';
import { headOf } from './commit/head-and-disk.js';
import { planInPrivateIndex } from './commit/plan-in-private-index.js';
import { branchOf, checkRepositoryState, checkStillOn } from './check-repository-state.js';
import { commitPaths, type Identity, splitZ, waitForIndex } from './commit-paths.js';
import { type Repository, vaultPathspec } from './open-repository.js';
import type { RemoteSync } from './remote/create-remote-sync.js';
import { takeBackSteps } from './take-back-steps.js';

/** Who changes are put on: `author` (when given) in place of each call's agent, and the server as committer. */
export interface RecorderIdentities {
  author?: string;
  committer: Identity;
}

/** The commit path: one changing call at a time, each one commit (after any outside change to its paths, committed apart). */
export interface ChangeRecorder {
  record<T>(meta: ChangeMeta, work: () => Promise<T>, subjectOf: (output: T) => string): Promise<T>;
  /** Called before a write or a rename touches the disk. */
  beforeWrite(step: JournalStep): Promise<void>;
  /** At start, a killed server's call (its journal) stopped amid its writes is taken back; one that made them all is recorded as on disk (its commit, or the person's index told when made). */
  recover(): Promise<void>;
  /** Runs work in the queue, between calls (settling the branch on a remote's). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** From now on, each call fetches first and is answered once the remote has its commit (decision 0019). */
  share(sync: RemoteSync): void;
}

interface CurrentCall {
  /** The branch HEAD was on at the call's start: its commit goes there or nowhere. */
  ref: string;
  meta: ChangeMeta;
  agent: string;
  paths: string[];
  /** `paths` as a set, to find a path written in a folder the call moved (its own, no outside change). */
  known: Set<string>;
  /** Each write and rename begun, in order. */
  steps: JournalStep[];
  /** What differed from HEAD in the whole vault when the call went on to write a second time (a Move's link rewrites): asked once, not per path. */
  changedInVault?: readonly string[];
}

/**
 * One queue for every changing call (decision 0018): a call waits for the one before to be committed,
 * runs, and is committed; a later step (pushing to a remote) hooks in after the commit. Before a call
 * first writes a path, what is on disk there is compared with HEAD: a difference was made outside the
 * tools and is committed first, as an outside change, so it is never put on the agent.
 */
export function createChangeRecorder(repository: Repository, identities: RecorderIdentities): ChangeRecorder {
  let tail: Promise<unknown> = Promise.resolve();
  let current: CurrentCall | undefined;
  let checks: Promise<unknown> = Promise.resolve();
  let sharing: RemoteSync | undefined;
  const authorOf = (agent: string) => identityOf(identities.author ?? agent);

  const commit = (call: CurrentCall, subject: string) =>
    commitPaths(repository, {
      paths: call.paths,
      ref: call.ref,
      message: toolMessage(subject, call.meta, call.agent),
      author: authorOf(call.agent),
      committer: identities.committer,
    });

  async function run<T>(meta: ChangeMeta, work: () => Promise<T>, subjectOf: (output: T) => string, committed: (id?: string) => void): Promise<T> {
    const ref = await checkRepositoryState(repository);
    await waitForIndex(repository);
    await sharing?.beforeCall(ref);
    const call: CurrentCall = { ref, meta, agent: meta.agent ?? identities.author ?? 'agent', paths: [], known: new Set(), steps: [] };
    current = call;
    try {
      const output = await work();
      // Every step made: a restart records the call as it is on disk, whole, rather than take it back.
      if (call.paths.length > 0) await journal(call, true);
      current = undefined;
      if (call.paths.length > 0) committed(await commit(call, subjectOf(output)));
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

  async function checkBeforeWrite(step: JournalStep): Promise<void> {
    const call = current;
    // A write outside a call is not recorded: the next call that writes the path records it as an outside change.
    if (!call) return;
    const repeated = 'write' in step && call.steps.some((done) => 'write' in done && done.write === step.write);
    if (!repeated) call.steps.push(step);
    await checkPaths(call, 'write' in step ? [step.write] : step.rename);
    if (repeated) return;
    await journal(call, false);
  }

  /** Writes the call's journal, with the branch's commit now (after any outside change the call committed first): a restart that finds it still there knows the call's commit was not made. */
  async function journal(call: CurrentCall, done: boolean): Promise<void> {
    const head = (await headOf(repository, call.ref))?.commit;
    await writeJournal(repository, { meta: call.meta, agent: call.agent, paths: call.paths, steps: call.steps, ref: call.ref, done, ...(head && { head }) });
  }

  /** Before a call first writes a path: a person's switch refused, an outside change there committed apart, the path added to the call's. */
  async function checkPaths(call: CurrentCall, paths: readonly string[]): Promise<void> {
    const fresh = [...new Set(paths)].filter((path) => !isKnown(call.known, path));
    if (fresh.length === 0) return;
    // A person's git switch since the call started: the work tree is another branch's, so nothing more is written.
    await checkStillOn(repository, call.ref, call.paths);
    // The first path by itself (one file, most calls); later ones against one status of the whole vault.
    // What the call itself changed so far is no outside change.
    if (call.paths.length > 0 && call.changedInVault === undefined) {
      call.changedInVault = (await changedInVault(repository)).filter((file) => !within(file, call.paths));
    }
    const changed = call.changedInVault ? changedAmong(fresh, call.changedInVault) : await changedOutside(repository, fresh);
    if (changed) {
      await sharing?.beforeOutsideChange(fresh);
      await commitPaths(repository, { paths: fresh, ref: call.ref, message: outsideMessage(fresh), author: outsideAuthor, committer: identities.committer });
    }
    for (const path of fresh) {
      call.paths.push(path);
      call.known.add(path);
    }
  }

  return {
    record(meta, work, subjectOf) {
      let id: string | undefined;
      const ran = tail.then(() => run(meta, work, subjectOf, (committed) => (id = committed)));
      const sync = sharing;
      const result = sync ? ran.then(async (output) => (id === undefined ? output : sync.share(id).then(() => output))) : ran;
      // With group commit the next call runs while this one's push is in flight (the push loop settles in the queue). Without,
      // the next call waits for this one's answer and then for the push loop to stop: answered STALE_FILE, the loop may still be
      // settling the branch and the work tree, and a write meanwhile would be committed on a tip it never read (issue 29).
      tail = (sync?.groupCommit === false ? result.catch(() => undefined).then(() => sync.idle()) : ran).catch(() => undefined);
      return result;
    },

    exclusive(work) {
      const result = tail.then(work);
      tail = result.catch(() => undefined);
      return result;
    },

    share(sync) {
      sharing = sync;
    },

    beforeWrite(step) {
      // One check at a time: a Move writes its link rewrites concurrently, and each path is checked and journalled once.
      const checked = checks.then(() => checkBeforeWrite(step));
      checks = checked.catch(() => undefined);
      return checked;
    },

    async recover() {
      for (const { entry, clear } of await leftJournals(repository)) {
        if (await isUnfinished(repository, entry)) {
          // The files as they are on disk, kept first: a person may have edited one while the server was down.
          const kept = await keepOnDisk(repository, entry.ref ?? 'HEAD', entry.paths, identities.committer);
          await takeBackSteps(repository, entry.steps ?? []);
          process.emitWarning(
            `vault history: a ${entry.meta.tool} call of ${entry.agent} was stopped before its commit (the server was killed) and has been taken back: ${entry.paths.slice(0, 5).join(', ')}${entry.paths.length > 5 ? ', ...' : ''} are as before it, and nothing of it was recorded. Retry the call.${kept ? ` The files as they were on disk before (an edit made while the server was down among them) are kept in commit ${kept} (refs/vault/taken-back/${kept}): git show ${kept.slice(0, 12)} shows them.` : ''}`,
          );
        } else if (entry.paths.length > 0) {
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

/**
 * Whether a killed call stopped amid its writes: not all made (`done`), and its commit not made (so it was not answered
 * either), its branch still at the commit its journal names, or past it by outside changes alone (one the call
 * committed before a write it was killed before journalling). A journal of an older version names none: its paths are
 * recorded as on disk, as then.
 */
async function isUnfinished(repository: Repository, { steps, ref, head, done }: JournalEntry): Promise<boolean> {
  if (done || steps === undefined || ref === undefined || head === undefined) return false;
  // On another branch now (a person's switch since), the work tree is not the call's to take back.
  if ((await branchOf(repository)) !== ref) return false;
  const tip = (await headOf(repository, ref))?.commit;
  if (tip === head) return true;
  const since = await repository.git(['log', '-z', '--format=%an', `${head}..${tip}`], { okCodes: [0, 128] });
  return since.code === 0 && splitZ(since.stdout).every((author) => author === outsideAuthor.name);
}

/**
 * The paths as they are on disk, in a commit on the branch's tip kept under `refs/vault/taken-back/` (on no branch),
 * when they differ from it: what taking a killed call back overwrites (its half-made writes, or a person's edit made
 * while the server was down: the journal cannot tell them apart) stays in git.
 */
async function keepOnDisk(repository: Repository, ref: string, paths: readonly string[], committer: Identity): Promise<string | undefined> {
  const head = await headOf(repository, ref);
  if (paths.length === 0 || head === undefined) return undefined;
  const { tree } = await planInPrivateIndex(repository, head, paths);
  if (tree === head.tree) return undefined;
  const message = 'vault: the files of a call killed before its commit, as they were on disk when it was taken back\n';
  const commit = await repository.kept.makeCommit(commitText({ tree, parent: head.commit, author: committer, committer, message }));
  await repository.git(['update-ref', `refs/vault/taken-back/${commit}`, commit]);
  return commit;
}

/** Whether the path, or a folder it is in, is among the call's: a note the call moved with its folder is the call's to write, and the folder's commit records it. */
function isKnown(known: ReadonlySet<string>, path: string): boolean {
  for (let end = path.length; end > 0; end = path.lastIndexOf('/', end - 1)) if (known.has(path.slice(0, end))) return true;
  return false;
}

/** `git status` of some paths (none: the vault): what differs from HEAD (changed, staged, new or removed), ignored files aside. */
function status(repository: Repository, paths: readonly string[]) {
  const pathspec = paths.length === 0 ? vaultPathspec(repository) : ['--', ...paths.map((path) => repository.prefix + path)];
  return repository.git(['status', '--porcelain=v2', '-z', '--untracked-files=all', '--ignored=no', '--no-renames', ...pathspec]);
}

/** Whether the paths differ from HEAD: asked of the kept git commands, or of `git status` when they cannot tell (a folder, a symlink). */
async function changedOutside(repository: Repository, paths: readonly string[]): Promise<boolean> {
  return (await changedSinceHead(repository, paths).catch(() => undefined)) ?? (await status(repository, paths)).stdout.length > 0;
}

/** The vault paths that differ from HEAD, from one `git status` of the vault (porcelain v2: the path is the last field of each entry). */
async function changedInVault(repository: Repository): Promise<string[]> {
  const fieldsBefore = (entry: string) => (entry.startsWith('1 ') ? 8 : entry.startsWith('u ') ? 10 : 1);
  return splitZ((await status(repository, [])).stdout).map((entry) => entry.split(' ').slice(fieldsBefore(entry)).join(' ').slice(repository.prefix.length));
}

/** Whether any of the paths (a file, or a folder and what is in it) is among those changed. */
function changedAmong(paths: readonly string[], changed: readonly string[]): boolean {
  return paths.some((path) => changed.some((file) => within(file, [path])));
}

/** Whether a vault path is one of the paths or lies in one of them (a folder). */
function within(path: string, paths: readonly string[]): boolean {
  return paths.some((other) => path === other || path.startsWith(`${other}/`));
}
