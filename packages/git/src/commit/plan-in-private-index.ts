import { lstat, readdir, readlink, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Head } from './head-and-disk.js';
import type { Repository } from '../open-repository.js';
import type { CommitPlan } from './plan-from-head.js';
import { splitZ } from '../run-git.js';

/** Numbers each private index of this process, so that no two commits ever share one. */
let indexCount = 0;

/**
 * The tree of HEAD with the paths (vault paths: files or folders) as they are on disk, built in a
 * private index (`GIT_INDEX_FILE` in the git folder, read from HEAD, removed after): for what the
 * kept commands do not answer (folders, symlinks, a branch with no commit yet).
 */
export async function planInPrivateIndex(repository: Repository, head: Head | undefined, paths: readonly string[]): Promise<CommitPlan> {
  indexCount += 1;
  const index = path.join(repository.gitDir, `vault-index-${process.pid}-${indexCount}`);
  const env = { GIT_INDEX_FILE: index };
  try {
    await repository.git(head ? ['read-tree', head.tree] : ['read-tree', '--empty'], { env });
    const entries = await entriesOf(repository, env, paths);
    if (entries === '') return { tree: head?.tree ?? '', entries };
    await repository.git(['update-index', '-z', '--index-info'], { env, input: entries });
    return { tree: (await repository.git(['write-tree'], { env })).stdout.toString('utf8').trim(), entries };
  } finally {
    await rm(index, { force: true });
  }
}

/**
 * The private index's new entries (`update-index --index-info -z` lines) for the paths: each file on
 * disk under them, hashed as its bytes are (by the kept commands, no filter), unless ignored and untracked; each
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

/** Blob ids of the files, written to the object store with no git process: their bytes as they are (a symlink: its target's name). */
function hashFiles(repository: Repository, files: readonly DiskFile[]): Promise<string[]> {
  return Promise.all(
    files.map(async (file) =>
      file.mode === '120000'
        ? repository.kept.makeBlob(await readlink(path.join(repository.top, file.path), { encoding: 'buffer' }))
        : repository.kept.hashFile(file.path),
    ),
  );
}
