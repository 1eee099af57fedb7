import { execFileSync } from 'node:child_process';
import { chmod, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createVault, type Vault, type VaultSeed } from '@vault/core';
import { createNodeFs, type NodeVaultFs } from '@vault/node';
import { createTempFolder, createTempRepository, personEnv } from '@vault/testing';
import { afterEach } from 'vitest';
import type { RemoteOptions } from '../remote/create-remote-sync.js';
import { remoteStarted, withGitHistory } from '../with-git-history.js';

/** How a clone is made: `url` clones from there in place of the bare folder; `watch`: the Node backend's watched index. */
export interface CloneOptions {
  url?: string;
  watch?: boolean;
  /** Wraps the Node backend under the history (a test holding a write, say). */
  wrapFs?: (fs: NodeVaultFs) => NodeVaultFs;
  /** The git the server runs (a wrapper acting at a chosen step). */
  gitPath?: string;
  /** A clone already made (a server's restart): opened as it is. */
  existing?: string;
}

/** A server's clone of the shared remote, with its vault sharing history through `origin`. */
export interface RemoteClone {
  top: string;
  vault: Vault;
  /** Runs the person's git in the clone. */
  git(...args: string[]): string;
  close(): Promise<void>;
}

export interface RemoteClones {
  /** The bare remote's folder. */
  bare: string;
  /** Runs git in the bare remote. */
  remoteGit(...args: string[]): string;
  /** The subjects of the remote's branch, newest first. */
  remoteSubjects(): string[];
  clones: RemoteClone[];
  /** Installs a hook in the remote (a shell script's body). */
  hook(name: 'pre-receive' | 'post-receive', body: string): Promise<void>;
  /** One more clone of the remote, with its vault (`remote` options as given, fetch interval off unless said; `watch`: the Node backend's watched index). */
  addClone(remote?: Partial<RemoteOptions>, backend?: CloneOptions): Promise<RemoteClone>;
}

const run = (cwd: string, args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...personEnv } });
const lines = (text: string) => text.split('\n').filter((line) => line !== '');

/** For a test file: a bare remote whose first commit holds `seed`, and `count` clones of it, each with a vault; all removed after each test. */
export function useRemoteClones(): (seed: VaultSeed, count: number, remote?: Partial<RemoteOptions>) => Promise<RemoteClones> {
  let removals: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const remove of removals.reverse()) await remove();
    removals = [];
  });
  return async (seed, count, remote) => {
    const first = await createTempRepository(seed);
    removals.push(first.remove);
    const folder = await createTempFolder({}, 'vault-remote-');
    removals.push(folder.remove);
    const bare = path.join(folder.path, 'remote.git');
    run(folder.path, ['clone', '-q', '--bare', first.top, bare]);
    let made = 0;
    const addClone = async (
      options: Partial<RemoteOptions> = remote ?? {},
      { url, watch, wrapFs = (fs) => fs, gitPath, existing }: CloneOptions = {},
    ): Promise<RemoteClone> => {
      made += 1;
      const top = existing ?? path.join(folder.path, `clone-${made}`);
      if (!existing) run(folder.path, ['clone', '-q', url ?? bare, top]);
      const fs = await withGitHistory(wrapFs(await createNodeFs(top, { watch })), {
        remote: { name: 'origin', fetchInterval: 0, ...options },
        ...(gitPath ? { gitPath } : {}),
      });
      await remoteStarted(fs);
      const clone = { top, vault: createVault(fs), git: (...args: string[]) => run(top, args), close: () => fs.close() };
      removals.push(clone.close);
      return clone;
    };
    const clones: RemoteClone[] = [];
    for (let index = 0; index < count; index += 1) clones.push(await addClone());
    return {
      bare,
      remoteGit: (...args) => run(bare, args),
      remoteSubjects: () => lines(run(bare, ['log', '--format=%s', 'main'])),
      clones,
      addClone,
      hook: async (name, body) => {
        const file = path.join(bare, 'hooks', name);
        await writeFile(file, `#!/bin/sh\n${body}\n`);
        await chmod(file, 0o755);
      },
    };
  };
}

/** Waits until `check` holds, looking again after each short pause (an event on disk, not a fixed delay). */
export async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * Makes the remote hold every push in its pre-receive hook until `release`, which waits until `count`
 * pushes arrived (`arrived` waits for that alone): so two servers' pushes race for the branch, each built on the same tip.
 */
export async function holdPushes(bare: string, hook: RemoteClones['hook'], count = 2): Promise<(() => Promise<void>) & { arrived(): Promise<void> }> {
  const gate = path.join(bare, '..', 'gate');
  await mkdir(gate, { recursive: true });
  await writeFile(path.join(gate, 'closed'), '');
  await hook('pre-receive', `cat >/dev/null\ntouch "${gate}/arrived-$$"\nwhile [ -e "${gate}/closed" ]; do sleep 0.02; done`);
  const arrived = () => until(async () => (await readdir(gate)).filter((name) => name.startsWith('arrived-')).length >= count);
  return Object.assign(
    async () => {
      await arrived();
      await rm(path.join(gate, 'closed'));
    },
    { arrived },
  );
}
