import { lstat, readdir, readlink, rm } from 'node:fs/promises';
import path from 'node:path';
import { VaultError } from '@vault/core';
import { checkRepositoryState } from './check-repository-state.js';
import type { Repository } from './open-repository.js';

/** Who a commit names: `GIT_AUTHOR_*` and `GIT_COMMITTER_*`. */
export interface Identity {
  name: string;
  email: string;
}

/** A commit to make: the vault paths (files or folders) whose state on disk it records, and its message and people. */
export interface CommitRequest {
  paths: readonly string[];
  message: string;
  author: Identity;
  committer: Identity;
  /** Tell the person's index of these paths also when nothing is to commit (a restart finishing a killed call's commit). */
  syncIndex?: boolean;
}

/** Numbers each private index of this process, so that no two commits ever share one. */
let indexCount = 0;

/** How often a commit is rebuilt when the branch moved under it (a person's commit meanwhile). */
const attempts = 5;

/**
 * Records the paths as they are on disk now in one commit on the checked-out branch, and returns its
 * id, or `undefined` when they already are as HEAD has them. Built in a private index (`GIT_INDEX_FILE`,
 * read from HEAD), so what a person staged is never touched; the branch moves by compare-and-swap
 * (`update-ref NEW OLD`), rebuilt on the new HEAD when a person's commit came first; then the
 * person's index learns the new entries of these paths only, so `git status` agrees with the disk.
 */
export async function commitPaths(repository: Repository, request: CommitRequest): Promise<string | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    const ref = await checkRepositoryState(repository);
    const head = await headOf(repository, ref);
    indexCount += 1;
    const index = path.join(repository.gitDir, `vault-index-${process.pid}-${indexCount}`);
    const env = { GIT_INDEX_FILE: index };
    try {
      await repository.git(head ? ['read-tree', head.tree] : ['read-tree', '--empty'], { env });
      const entries = await entriesOf(repository, env, request.paths);
      if (entries === '') return undefined;
      await repository.git(['update-index', '-z', '--index-info'], { env, input: entries });
      const tree = (await repository.git(['write-tree'], { env })).stdout.toString('utf8').trim();
      if (tree === head?.tree) {
        if (request.syncIndex) await updatePersonsIndex(repository, entries);
        return undefined;
      }
      const commit = await commitTree(repository, tree, head?.commit, request);
      const moved = await repository.git(['update-ref', '-m', `vault: ${request.message.split('\n')[0]}`, ref, commit, head?.commit ?? repository.zeroId], {
        okCodes: [0, 1, 128],
      });
      if (moved.code === 0) {
        await updatePersonsIndex(repository, entries);
        return commit;
      }
      if (attempt === attempts) throw branchKeptMoving(ref);
    } finally {
      await rm(index, { force: true });
    }
  }
}

/** The commit and tree a branch points at, or `undefined` for a branch with no commit yet. */
async function headOf(repository: Repository, ref: string): Promise<{ commit: string; tree: string } | undefined> {
  const found = (await repository.git(['for-each-ref', '--format=%(objectname) %(tree)', ref])).stdout.toString('utf8').trim();
  if (found === '') return undefined;
  const [commit = '', tree = ''] = found.split(' ');
  return { commit, tree };
}

async function commitTree(repository: Repository, tree: string, parent: string | undefined, { message, author, committer }: CommitRequest): Promise<string> {
  const env = {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_COMMITTER_NAME: committer.name,
    GIT_COMMITTER_EMAIL: committer.email,
  };
  const args = ['commit-tree', '--no-gpg-sign', tree, ...(parent ? ['-p', parent] : []), '-F', '-'];
  return (await repository.git(args, { env, input: message })).stdout.toString('utf8').trim();
}

/**
 * The private index's new entries (`update-index --index-info -z` lines) for the paths: each file on
 * disk under them, hashed as its bytes are (`--no-filters`), unless ignored and untracked; each
 * tracked file no longer on disk, removed.
 */
async function entriesOf(repository: Repository, env: Record<string, string>, paths: readonly string[]): Promise<string> {
  const wanted = paths.map((vaultPath) => repository.prefix + vaultPath);
  const tracked = splitZ((await repository.git(['ls-files', '-z', '--cached', '--', ...wanted], { env })).stdout);
  const onDisk = (await Promise.all(wanted.map((file) => filesUnder(repository.top, file)))).flat();
  const trackedSet = new Set(tracked);
  const ignored = await ignoredOf(
    repository,
    env,
    onDisk.map((file) => file.path).filter((file) => !trackedSet.has(file)),
  );
  const kept = onDisk.filter((file) => !ignored.has(file.path));
  const ids = await hashFiles(repository, kept);
  const present = new Set(kept.map((file) => file.path));
  const lines = kept.map((file, index) => `${file.mode} ${ids[index]}\t${file.path}\0`);
  for (const file of tracked) if (!present.has(file) && !ignored.has(file)) lines.push(`0 ${repository.zeroId}\t${file}\0`);
  return lines.join('');
}

interface DiskFile {
  path: string;
  mode: '100644' | '100755' | '120000';
}

/** The files at or under a top-relative path on disk (none when nothing is there), nested repositories left out. */
async function filesUnder(top: string, file: string): Promise<DiskFile[]> {
  const stat = await lstat(path.join(top, file)).catch(() => undefined);
  if (!stat) return [];
  if (stat.isSymbolicLink()) return [{ path: file, mode: '120000' }];
  if (stat.isFile()) return [{ path: file, mode: stat.mode & 0o111 ? '100755' : '100644' }];
  if (!stat.isDirectory()) return [];
  const entries = await readdir(path.join(top, file));
  const nested = await Promise.all(entries.filter((name) => name !== '.git').map((name) => filesUnder(top, `${file}/${name}`)));
  return nested.flat();
}

/** Of untracked files, those .gitignore leaves out: they stay out of history. */
async function ignoredOf(repository: Repository, env: Record<string, string>, files: readonly string[]): Promise<Set<string>> {
  if (files.length === 0) return new Set();
  const listed = await repository.git(['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--', ...files], { env });
  return new Set(splitZ(listed.stdout));
}

/** Blob ids of the files, written to the object store: their bytes as they are (a symlink: its target's name). */
async function hashFiles(repository: Repository, files: readonly DiskFile[]): Promise<string[]> {
  const ids: string[] = [];
  const plain = files.filter((file) => file.mode !== '120000');
  // In batches, so that a Move of thousands of files stays within the argument list's limit.
  for (let start = 0; start < plain.length; start += 500) {
    const batch = plain.slice(start, start + 500).map((file) => file.path);
    const hashed = await repository.git(['hash-object', '-w', '--no-filters', '--', ...batch]);
    ids.push(...hashed.stdout.toString('utf8').trim().split('\n'));
  }
  const byPath = new Map(plain.map((file, index) => [file.path, ids[index]!]));
  const result: string[] = [];
  for (const file of files) {
    if (file.mode !== '120000') result.push(byPath.get(file.path)!);
    else {
      const target = await readlink(path.join(repository.top, file.path));
      result.push((await repository.git(['hash-object', '-w', '--stdin'], { input: target })).stdout.toString('utf8').trim());
    }
  }
  return result;
}

/**
 * The person's index learns the committed entries of these paths (and nothing else), so `git status`
 * shows them clean. Retried for a while when a person's git holds `index.lock`; then left, with the
 * reason, since the change itself is recorded.
 */
export async function updatePersonsIndex(repository: Repository, entries: string): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const updated = await repository.git(['update-index', '-z', '--index-info'], { input: entries, okCodes: [0, 128] });
    if (updated.code === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  process.emitWarning(
    `vault history: the repository's index.lock stayed taken, so git status may show the last change as staged. Run git reset -q, or remove a stale .git/index.lock.`,
  );
}

function branchKeptMoving(ref: string): VaultError {
  return new VaultError(
    'IO_ERROR',
    `${ref} kept moving while the change was being recorded (other commits ${attempts} times in a row), so it is written on disk but not yet recorded: it will be recorded with the next change of the same file. Retry later.`,
  );
}

/** Names from `-z` output. */
export function splitZ(output: Buffer): string[] {
  return output
    .toString('utf8')
    .split('\0')
    .filter((name) => name !== '');
}
