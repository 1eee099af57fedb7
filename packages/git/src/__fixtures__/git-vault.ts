import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createVault, type Vault, type VaultOptions, type VaultSeed } from '@vault/core';
import { createNodeFs } from '@vault/node';
import { createTempFolder, seedFolder } from '@vault/testing';
import { type GitHistoryOptions, withGitHistory } from '../with-git-history.js';

/** A person's git in the test repository: fixed identity, no global or system configuration. */
export function personGit(cwd: string, args: readonly string[], input?: string): string {
  return execFileSync('git', args, {
    cwd,
    input,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_AUTHOR_NAME: 'Pat Person',
      GIT_AUTHOR_EMAIL: 'pat@example.com',
      GIT_COMMITTER_NAME: 'Pat Person',
      GIT_COMMITTER_EMAIL: 'pat@example.com',
    },
  });
}

export interface GitVault {
  /** The work tree's top folder. */
  top: string;
  /** The vault folder (the top, or `vaultFolder` below it). */
  root: string;
  vault: Vault;
  /** Runs the person's git in the top folder. */
  git(...args: string[]): string;
  /** The subjects of the branch's commits, newest first. */
  subjects(): string[];
  /** What the last commit changed: `M\tpath` lines. */
  lastChanged(): string[];
  /** `git status --porcelain` lines (untracked files too). */
  status(): string[];
  remove(): Promise<void>;
}

/**
 * A temp repository with a first commit of `seed` (by the person), and a vault with history on it.
 * `vaultFolder` puts the vault in a folder of the repository; `uncommitted` is written after the first commit.
 */
export async function createGitVault(
  seed: VaultSeed,
  {
    vaultFolder,
    uncommitted,
    history,
    vaultOptions,
  }: { vaultFolder?: string; uncommitted?: VaultSeed; history?: GitHistoryOptions; vaultOptions?: VaultOptions } = {},
): Promise<GitVault> {
  const folder = await createTempFolder({}, 'vault-git-');
  const top = folder.path;
  const root = vaultFolder ? path.join(top, vaultFolder) : top;
  await mkdir(root, { recursive: true });
  const git = (...args: string[]) => personGit(top, args);
  git('init', '-q', '-b', 'main');
  await seedFolder(root, seed);
  git('add', '-A');
  git('commit', '-q', '--allow-empty', '-m', 'first');
  if (uncommitted) await seedFolder(root, uncommitted);
  const fs = await withGitHistory(await createNodeFs(root), history);
  const lines = (text: string) => text.split('\n').filter((line) => line !== '');
  return {
    top,
    root,
    vault: createVault(fs, vaultOptions),
    git,
    subjects: () => lines(git('log', '--format=%s')),
    lastChanged: () => lines(git('show', '--format=', '--name-status', '--no-renames', 'HEAD')),
    status: () => lines(git('status', '--porcelain', '--untracked-files=all')),
    remove: async () => {
      await fs.close();
      await folder.remove();
    },
  };
}
