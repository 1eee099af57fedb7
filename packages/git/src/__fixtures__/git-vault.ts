import { createVault, type Vault, type VaultOptions, type VaultSeed } from '@vault/core';
import { createNodeFs } from '@vault/node';
import { createTempRepository, seedFolder } from '@vault/testing';
import { type GitHistoryOptions, withGitHistory } from '../with-git-history.js';

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
  const repository = await createTempRepository(seed, vaultFolder);
  if (uncommitted) await seedFolder(repository.vault, uncommitted);
  const fs = await withGitHistory(await createNodeFs(repository.vault), history);
  const lines = (text: string) => text.split('\n').filter((line) => line !== '');
  const { git } = repository;
  return {
    top: repository.top,
    root: repository.vault,
    vault: createVault(fs, vaultOptions),
    git,
    subjects: repository.subjects,
    lastChanged: () => lines(git('show', '--format=', '--name-status', '--no-renames', 'HEAD')),
    status: () => lines(git('status', '--porcelain', '--untracked-files=all')),
    remove: async () => {
      await fs.close();
      await repository.remove();
    },
  };
}
