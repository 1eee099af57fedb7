import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { VaultSeed } from '@vault/core';
import { createTempFolder, seedFolder } from './temp-folder.js';

/** A temp git repository on the real disk, as a person uses it. */
export interface TempRepository {
  /** The work tree's top folder (real path). */
  top: string;
  /** The vault folder: the top, or a folder below it. */
  vault: string;
  /** Runs the person's git in the top folder (no system or global configuration, a fixed name) and gives its stdout. */
  git(...args: string[]): string;
  /** The subjects of the branch's commits, newest first. */
  subjects(): string[];
  remove(): Promise<void>;
}

/** The environment of the person's git: their name, and no configuration of this machine. */
export const personEnv = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Pat Person',
  GIT_AUTHOR_EMAIL: 'pat@example.com',
  GIT_COMMITTER_NAME: 'Pat Person',
  GIT_COMMITTER_EMAIL: 'pat@example.com',
};

/** A new repository (branch `main`) whose first commit, by the person, holds `seed` in the vault folder (`vaultFolder` below the top, or the top). */
export async function createTempRepository(seed: VaultSeed = {}, vaultFolder = ''): Promise<TempRepository> {
  const folder = await createTempFolder({}, 'vault-git-');
  const vault = path.join(folder.path, vaultFolder);
  await mkdir(vault, { recursive: true });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: folder.path, encoding: 'utf8', env: { ...process.env, ...personEnv } });
  git('init', '-q', '-b', 'main');
  await seedFolder(vault, seed);
  git('add', '-A');
  git('commit', '-q', '--allow-empty', '-m', 'first');
  return {
    top: folder.path,
    vault,
    git,
    subjects: () =>
      git('log', '--format=%s')
        .split('\n')
        .filter((line) => line !== ''),
    remove: folder.remove,
  };
}
