import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileHash, type VaultError } from '@vault/core';
import { type FileChange, notAFile } from '../kept/kept-trees.js';
import type { Repository } from '../open-repository.js';
import { type RemoteBranch, commitOf } from './remote-branch.js';
import { alreadyOnRemote, staleOnRemote } from './remote-errors.js';
import { commitsAfter } from './commits-after.js';
import { moveBranch } from './move-branch.js';

/** What became of each local commit: rebuilt on the remote's tip (its new id), or taken back (why). */
export type CommitFate = { id: string } | { error: VaultError };

/** Numbers each private index of this process. */
let indexCount = 0;

/**
 * Puts the branch on the remote's `tip` (decision 0019): each local commit the remote does not have is
 * rebuilt on it, in order (the new parent's tree with the commit's own entries of its paths, written
 * through the kept processes, or in a private index for symlinks, submodules and folders; the commit
 * with its author, committer, encoding and message byte for byte; paths by their bytes): no rebase
 * state in the work tree. A commit that touches a path the remote changed meanwhile (or a path of a commit
 * taken back before it) is taken back with `STALE_FILE`; `takeBack` takes every local commit back.
 * A commit taken back stays in `refs/vault/taken-back/`, so nothing is ever lost.
 * Then the branch moves by compare-and-swap and the work tree follows (`moveBranch`, journalled); `meanwhile`
 * (given the fates) runs once the branch is where it goes and before the work tree follows.
 */
export async function replayCommits(
  repository: Repository,
  branch: RemoteBranch,
  tip: string,
  takeBack?: VaultError,
  before?: string,
  meanwhile?: (fates: ReadonlyMap<string, CommitFate>) => Promise<void>,
): Promise<Map<string, CommitFate>> {
  const fates = new Map<string, CommitFate>();
  const head = await commitOf(repository, branch.ref);
  if (!head || head === tip) {
    await meanwhile?.(fates);
    return fates;
  }
  const { local, base, changedThere } = (before && (await keptHistories(repository, head, tip, before))) || (await gitHistories(repository, head, tip));
  const stale = createStalePaths(changedThere);
  let parent = tip;
  // While nothing was taken back on a remote that did not move, the commits stay as they are.
  let untouched = base === tip;
  for (const { commit, paths } of local) {
    // A Move whose links were rewritten before the remote's notes came: a note the remote changed may link to what it moves.
    const clash = paths.find((file) => stale.clashes(file)) ?? (await linkingToMoved(repository, commit, paths, changedThere, tip));
    if (takeBack || clash !== undefined) {
      for (const file of paths) stale.add(file);
      untouched = false;
      // Kept where a person can still find it, though no branch has it.
      await repository.git(['update-ref', `refs/vault/taken-back/${commit}`, commit]);
      const applied = !takeBack && (await holdsAlready(repository, commit, paths, tip));
      fates.set(commit, { error: takeBack ?? (await staleError(repository, base, tip, clash!, applied)) });
      continue;
    }
    parent = untouched ? commit : await rebuild(repository, commit, paths, parent);
    fates.set(commit, { id: parent });
  }
  // Nothing rebuilt and nothing taken back: the branch is where it was.
  if (parent !== head) await moveBranch(repository, { ref: branch.ref, from: head, to: parent }, branch.remote, meanwhile && (() => meanwhile(fates)));
  else await meanwhile?.(fates);
  return fates;
}

/** Where the local commits and the remote's meet: the local commits (oldest first, each with its paths), their base, and the paths the remote changed since. */
interface Histories {
  local: { commit: string; paths: string[] }[];
  base: string;
  changedThere: string[];
}

/**
 * The histories told through the kept processes, when the local commits and the remote's new ones both lie in a
 * straight line on `before` (the remote's tip as last fetched: where the branch was settled or pushed last), the
 * usual case; `undefined` otherwise (a merge, a person's reset, a local commit the remote has), for git to tell.
 */
async function keptHistories(repository: Repository, head: string, tip: string, before: string): Promise<Histories | undefined> {
  const [local, there] = await Promise.all([commitsAfter(repository, head, before), commitsAfter(repository, tip, before)]);
  // A local commit the remote has: a push whose answer was lost landed; git's merge-base places it.
  if (!local || !there || local.some((commit) => there.includes(commit))) return undefined;
  if (local.length === 0) return { local: [], base: tip, changedThere: [] };
  const withPaths = await Promise.all(local.map(async (commit, at) => ({ commit, paths: await pathsBetween(repository, local[at - 1] ?? before, commit) })));
  return { local: withPaths, base: before, changedThere: before === tip ? [] : await pathsBetween(repository, before, tip) };
}

/** The paths (keys of their bytes) two commits' trees differ on, diffed in-process. */
async function pathsBetween(repository: Repository, from: string, to: string): Promise<string[]> {
  const [before, after] = await Promise.all([repository.trees.treeOfCommit(from), repository.trees.treeOfCommit(to)]);
  if (before === undefined || after === undefined) throw new Error(`git has no commit ${before === undefined ? from : to}`);
  return (await repository.trees.changedFiles(before, after, 'bytes')).map(({ file }) => file);
}

/** The histories told by git's `rev-list`, `merge-base` and `diff`: whatever their shape. */
async function gitHistories(repository: Repository, head: string, tip: string): Promise<Histories> {
  const local = await localCommits(repository, tip, head);
  const base = local.length === 0 ? tip : (await repository.git(['merge-base', head, tip])).stdout.toString('utf8').trim();
  const changedThere = base === tip ? [] : keysOf((await repository.git(['diff', '--name-only', '-z', '--no-renames', base, tip])).stdout);
  return { local, base, changedThere };
}

/**
 * The paths a replayed commit may not touch: those the remote changed (and those of commits taken back),
 * and a path where one of them is a folder, or inside one of them: a file written where the remote made
 * a folder (or the reverse) would replace the remote's files in the rebuilt tree.
 */
function createStalePaths(changed: Iterable<string>) {
  const files = new Set<string>();
  const folders = new Set<string>();
  const add = (file: string) => {
    files.add(file);
    for (let at = file.indexOf('/'); at !== -1; at = file.indexOf('/', at + 1)) folders.add(file.slice(0, at));
  };
  for (const file of changed) add(file);
  return {
    add,
    clashes(file: string): boolean {
      if (files.has(file) || folders.has(file)) return true;
      for (let at = file.indexOf('/'); at !== -1; at = file.indexOf('/', at + 1)) if (files.has(file.slice(0, at))) return true;
      return false;
    },
  };
}

/** The local commits the remote's `tip` lacks, oldest first, each with the paths it changed (as keys of their bytes): two processes, whatever their number. */
async function localCommits(repository: Repository, tip: string, head: string): Promise<{ commit: string; paths: string[] }[]> {
  // One id a line: `rev-list -z` separates commits with NUL only in newer gits (2.39 still writes line breaks).
  const ids = (await repository.git(['rev-list', '--reverse', `${tip}..${head}`])).stdout.toString('utf8').split('\n').filter(Boolean);
  if (ids.length === 0) return [];
  // Each commit's id (`--always`: even when it changed nothing), then its paths; an id is known before it comes, so no path is taken for one.
  const listed = keysOf(
    (await repository.git(['diff-tree', '--stdin', '--always', '--no-renames', '-r', '-z', '--name-only', '--root'], { input: `${ids.join('\n')}\n` })).stdout,
  );
  const local = ids.map((commit) => ({ commit, paths: [] as string[] }));
  let at = -1;
  for (const entry of listed) {
    if (entry === local[at + 1]?.commit) at += 1;
    else local[at]?.paths.push(entry);
  }
  return local;
}

/** The commit rebuilt on `parent`: the parent's tree with the commit's own entries of its paths; through the kept processes when every one is a plain file or none. */
async function rebuild(repository: Repository, commit: string, paths: readonly string[], parent: string): Promise<string> {
  return (await rebuildKept(repository, commit, paths, parent)) ?? rebuildInIndex(repository, commit, paths, parent);
}

/** The rebuild with no process started (`withChanges` writes the trees); `undefined` when a path is a folder, a symlink or a submodule on either side. */
async function rebuildKept(repository: Repository, commit: string, paths: readonly string[], parent: string): Promise<string | undefined> {
  const [raw, parentTree] = await Promise.all([rawCommit(repository, commit), repository.trees.treeOfCommit(parent)]);
  if (parentTree === undefined) throw new Error(`git has no commit ${parent}`);
  const changes = new Map<string, FileChange>();
  for (const file of paths) {
    const [mine, there] = await Promise.all([repository.trees.fileAt(treeOf(raw), file, 'bytes'), repository.trees.fileAt(parentTree, file, 'bytes')]);
    if (mine === notAFile || there === notAFile) return undefined;
    changes.set(file, mine ? { mode: mine.mode, id: mine.id } : null);
  }
  return commitOn(repository, raw, await repository.trees.withChanges(parentTree, changes, 'bytes'), parent);
}

/**
 * The commit `raw` (its bytes, one character each) made again on `tree` and `parent`, written with no
 * process: its author, committer and encoding lines and its message kept byte for byte, as a rebase keeps them.
 */
function commitOn(repository: Repository, raw: string, tree: string, parent: string): Promise<string> {
  const split = raw.indexOf('\n\n');
  const header = split < 0 ? raw : raw.slice(0, split);
  const kept = header.split('\n').filter((line) => /^(author|committer|encoding) /.test(line));
  return repository.kept.makeCommit(Buffer.from(`tree ${tree}\nparent ${parent}\n${kept.join('\n')}\n\n${split < 0 ? '' : raw.slice(split + 2)}`, 'latin1'));
}

/** A commit's bytes, one character each, through the kept `cat-file`. */
async function rawCommit(repository: Repository, id: string): Promise<string> {
  const object = await repository.kept.readObject(id);
  if (object?.type !== 'commit') throw new Error(`git has no commit ${id}`);
  return object.bytes.toString('latin1');
}

/** The tree of a raw commit. */
function treeOf(raw: string): string {
  return /^tree ([0-9a-f]+)$/m.exec(raw)?.[1] ?? '';
}

/** Git's NUL-separated names as keys of their bytes, one character each: a name need not be UTF-8. */
function keysOf(output: Buffer): string[] {
  return output
    .toString('latin1')
    .split('\0')
    .filter((name) => name !== '');
}

/** A key's text (UTF-8), or `undefined` when its bytes are not UTF-8 (an argument to git cannot carry them). */
function textOf(key: string): string | undefined {
  const text = Buffer.from(key, 'latin1').toString('utf8');
  return Buffer.from(text).toString('latin1') === key ? text : undefined;
}

/** The rebuild in a private index (`read-tree` of the parent, the commit's entries of its paths, `write-tree`), the commit written as `commitOn` writes it. */
async function rebuildInIndex(repository: Repository, commit: string, paths: readonly string[], parent: string): Promise<string> {
  indexCount += 1;
  const env = { GIT_INDEX_FILE: path.join(repository.gitDir, `vault-replay-${process.pid}-${indexCount}`) };
  try {
    await repository.git(['read-tree', parent], { env });
    const wanted = new Set(paths);
    const texts = paths.map(textOf);
    const listed = new Map<string, string>();
    // Named to ls-tree 500 at a time; a name that is not UTF-8 cannot be: then the whole tree is listed.
    const batches = texts.every((text) => text !== undefined) ? paths.map((_, at) => at).filter((at) => at % 500 === 0) : [-1];
    for (const start of batches) {
      const named = start < 0 ? [] : ['--', ...(texts.slice(start, start + 500) as string[])];
      const found = await repository.git(['ls-tree', '-r', '-z', '--full-tree', commit, ...named]);
      for (const line of keysOf(found.stdout)) {
        const key = line.slice(line.indexOf('\t') + 1);
        if (wanted.has(key)) listed.set(key, line);
      }
    }
    const entries = Buffer.from(paths.map((file) => `${listed.get(file) ?? `0 ${repository.zeroId}\t${file}`}\0`).join(''), 'latin1');
    await repository.git(['update-index', '-z', '--index-info'], { env, input: entries });
    const tree = (await repository.git(['write-tree'], { env })).stdout.toString('utf8').trim();
    return await commitOn(repository, await rawCommit(repository, commit), tree, parent);
  } finally {
    await rm(env.GIT_INDEX_FILE, { force: true });
  }
}

/**
 * For a Move (its `Vault-Tool` trailer) replayed on a remote that changed other files: the first of those whose text at
 * `tip` names a file the Move took away (its name, or `[[` and its name without the extension), so that the Move is taken
 * back whole rather than leave that link broken (round 15). A mention that is no link takes it back too: the retry rewrites.
 */
async function linkingToMoved(
  repository: Repository,
  commit: string,
  paths: readonly string[],
  changedThere: readonly string[],
  tip: string,
): Promise<string | undefined> {
  if (changedThere.length === 0 || !/\nVault-Tool: Move\n/.test(await rawCommit(repository, commit))) return undefined;
  const [mine, there] = await Promise.all([repository.trees.treeOfCommit(commit), repository.trees.treeOfCommit(tip)]);
  if (mine === undefined || there === undefined) return undefined;
  const names: string[] = [];
  for (const file of paths) {
    if ((await repository.trees.fileAt(mine, file, 'bytes')) !== undefined) continue;
    const name = Buffer.from(file.slice(file.lastIndexOf('/') + 1), 'latin1').toString('utf8');
    names.push(name, `[[${name.replace(/\.[^.]*$/, '')}`);
  }
  if (names.length === 0) return undefined;
  for (const file of changedThere) {
    if (paths.includes(file)) continue;
    const entry = await repository.trees.fileAt(there, file, 'bytes');
    if (entry === undefined || entry === notAFile) continue;
    const text = (await repository.kept.readObject(entry.id))?.bytes.toString('utf8') ?? '';
    if (names.some((name) => text.includes(name))) return file;
  }
  return undefined;
}

/**
 * Whether the remote's `tip` holds every path of `commit` (keys of their bytes) as the commit leaves it: the same mode and
 * object, or absent in both. Then the commit's change is there already (another server made the same change meanwhile).
 */
async function holdsAlready(repository: Repository, commit: string, paths: readonly string[], tip: string): Promise<boolean> {
  const [mine, there] = await Promise.all([repository.trees.treeOfCommit(commit), repository.trees.treeOfCommit(tip)]);
  if (mine === undefined || there === undefined) return false;
  for (const file of paths) {
    const [left, found] = await Promise.all([repository.trees.fileAt(mine, file, 'bytes'), repository.trees.fileAt(there, file, 'bytes')]);
    if (left === notAFile || found === notAFile) return false;
    if (left?.mode !== found?.mode || left?.id !== found?.id) return false;
  }
  return true;
}

/**
 * `STALE_FILE` for a top-relative path (a key of its bytes): what the remote holds there now, and the last remote change to
 * it; `applied`: the remote holds the commit's change already (the call is answered as already applied).
 */
async function staleError(repository: Repository, base: string, tip: string, file: string, applied: boolean): Promise<VaultError> {
  const text = textOf(file) ?? Buffer.from(file, 'latin1').toString('utf8');
  const blob = await repository.git(['cat-file', 'blob', `${tip}:${text}`], { okCodes: [0, 128] });
  const last = await repository.git(['log', '-1', '-z', '--format=%H%x00%an', `${base}..${tip}`, '--', text]);
  const [found = '', author = 'unknown'] = last.stdout.toString('utf8').split('\0');
  const change = found || tip;
  return (applied ? alreadyOnRemote : staleOnRemote)({
    path: text.slice(repository.prefix.length),
    ...(blob.code === 0 ? { fileHash: await fileHash(blob.stdout) } : {}),
    change,
    author,
  });
}
