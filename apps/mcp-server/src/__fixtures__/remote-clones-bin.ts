// For the tests: a bare remote and clones of it on the real disk, and vault-mcp processes on the clones.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { VaultSeed } from '@vault/core';
import { createTempFolder, createTempRepository, personEnv } from '@vault/testing';
import { bin } from './serve-bin.js';

export interface SharedRemote {
  bare: string;
  /** Runs git in a folder (the bare remote by default) as the person. */
  git(args: string[], cwd?: string): string;
  /** A new clone of the remote: its folder. */
  clone(): string;
  remove(): Promise<void>;
}

export async function createSharedRemote(seed: VaultSeed): Promise<SharedRemote> {
  const first = await createTempRepository(seed);
  const folder = await createTempFolder({}, 'vault-remote-bin-');
  const bare = path.join(folder.path, 'remote.git');
  const git = (args: string[], cwd = bare) => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...personEnv } });
  git(['clone', '-q', '--bare', first.top, bare], folder.path);
  let clones = 0;
  return {
    bare,
    git,
    clone: () => {
      clones += 1;
      const top = path.join(folder.path, `clone-${clones}`);
      git(['clone', '-q', bare, top], folder.path);
      return top;
    },
    remove: async () => {
      await first.remove();
      await folder.remove();
    },
  };
}

/** An MCP client of `vault-mcp --vault CLONE --git --git-remote origin` over stdio (more arguments and environment as given). */
export async function connectServer(clone: string, name: string, args: string[] = [], env: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, '--vault', clone, '--git', '--git-remote', 'origin', ...args],
    env: { ...(process.env as Record<string, string>), ...personEnv, ...env },
    stderr: 'pipe',
  });
  await client.connect(transport);
  return client;
}

/** Waits until `check` holds, looking again after each short pause (an event seen, not a fixed delay). */
export async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}
