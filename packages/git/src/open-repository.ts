import path from 'node:path';
import { VaultError } from '@vault/core';
import { createKeptGit, type KeptGit } from './kept/kept-git.js';
import { createKeptTrees } from './kept/kept-trees.js';
import { type GitResult, type GitRunOptions, runGit } from './run-git.js';

/** The oldest git history works with (`merge-tree --write-tree`, which the many-machines work needs, came in 2.38). */
export const leastGitVersion = [2, 38] as const;

/** The repository a vault lives in, as the history sees it. */
export interface Repository {
  /** Runs git in the repository's top folder. */
  git(args: readonly string[], options?: Omit<GitRunOptions, 'cwd'>): Promise<GitResult>;
  /** The work tree's top folder (real path). */
  top: string;
  /** The repository's git folder (absolute). */
  gitDir: string;
  /** The person's index file (absolute; GIT_INDEX_FILE when set). */
  indexFile: string;
  /** The folder of the repository's refs (absolute): the git folder, or a linked work tree's main one. */
  commonDir: string;
  /** The vault folder relative to the top, with a trailing slash, or `''` when the vault is the top. */
  prefix: string;
  /** The id of no object (40 zeros, or 64 in a SHA-256 repository). */
  zeroId: string;
  /** Whether git records the executable bit of files (`core.fileMode`; off where the file system has none, as on a Windows drive). */
  fileMode: boolean;
  /** The git commands kept running for writes (started when first asked). */
  kept: KeptGit;
  /** Trees read and written through `kept`. */
  trees: ReturnType<typeof createKeptTrees>;
  /** Ends the kept git commands. */
  close(): Promise<void>;
}

/**
 * Opens the repository the vault folder `root` (a real path) lies in, refusing a git older than 2.38,
 * a folder outside any work tree (how to make one is said, none is made: decision 0018) and a bare repository.
 */
export async function openRepository(root: string, gitPath: string): Promise<Repository> {
  checkVersion((await runGit(gitPath, ['version'], { cwd: root })).stdout.toString('utf8'), gitPath);
  const found = await runGit(
    gitPath,
    ['rev-parse', '--show-toplevel', '--absolute-git-dir', '--show-object-format', '--git-path', 'objects', '--git-path', 'index', '--git-common-dir'],
    {
      cwd: root,
      okCodes: [0, 128],
    },
  );
  if (found.code !== 0) {
    throw new VaultError(
      'NOT_FOUND',
      `The vault folder ${root} is not inside a git work tree (${found.stderr.split('\n')[0]}), so history cannot be kept. Make it one (git init, then a first commit of what is there), or start without --git.`,
    );
  }
  const [top, gitDir, format, objects, index, common] = found.stdout.toString('utf8').split('\n');
  const relative = path.relative(top!, root).split(path.sep).join('/');
  const idBytes = format === 'sha256' ? 32 : 20;
  // A linked work tree's objects are the main one's (`--git-path` says where, as GIT_OBJECT_DIRECTORY may too).
  const kept = createKeptGit(gitPath, { top: top!, objectsDir: path.resolve(root, objects!), idBytes });
  const fileMode = await runGit(gitPath, ['config', '--bool', 'core.fileMode'], { cwd: top!, okCodes: [0, 1] });
  return {
    git: (args, options) => runGit(gitPath, args, { ...options, cwd: top! }),
    top: top!,
    gitDir: gitDir!,
    indexFile: path.resolve(root, index!),
    commonDir: path.resolve(root, common!),
    prefix: relative === '' ? '' : `${relative}/`,
    zeroId: '0'.repeat(idBytes * 2),
    fileMode: fileMode.stdout.toString('utf8').trim() !== 'false',
    kept,
    trees: createKeptTrees(kept, idBytes),
    close: () => kept.close(),
  };
}

/** Refuses a git older than `leastGitVersion`, from `git version`'s answer. */
export function checkVersion(answer: string, gitPath: string): void {
  const [major = 0, minor = 0] = (/(\d+)\.(\d+)/.exec(answer) ?? []).slice(1).map(Number);
  const [leastMajor, leastMinor] = leastGitVersion;
  if (major > leastMajor || (major === leastMajor && minor >= leastMinor)) return;
  throw new VaultError(
    'IO_ERROR',
    `History needs git ${leastMajor}.${leastMinor} or newer, and ${gitPath} is ${answer.trim() || 'of an unknown version'}. Install a newer git (Debian 12 and Ubuntu 24.04 ship one: apt-get install git), or start without --git.`,
  );
}

/** The arguments that limit a command to the vault's paths: none when the vault is the whole work tree. */
export function vaultPathspec({ prefix }: Repository): string[] {
  return prefix === '' ? [] : ['--', prefix];
}
