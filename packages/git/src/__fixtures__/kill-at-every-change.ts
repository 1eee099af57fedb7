import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createVault, type VaultSeed } from '@vault/core';
import { createNodeFs } from '@vault/node';
import { createTempRepository } from '@vault/testing';
import { expect } from 'vitest';
import { withGitHistory } from '../with-git-history.js';

/**
 * A server process (this package's build on the Node backend) that runs one call and kills itself with SIGKILL after
 * its `killAfter`-th change of the disk (a write or a rename; 0: before the first), as a crash would stop it there;
 * -1: inside its first rename, the Node backend's placeholder made at the destination (an empty file, or folder) and
 * the rename over it not.
 */
const server = `
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createVault } from '@vault/core';
import { createNodeFs } from '@vault/node';
import { withGitHistory } from './dist/index.js';
const [top, killAfter, tool, args] = process.argv.slice(1);
const fs = await createNodeFs(top);
let changes = 0;
const change = async (run) => {
  if (Number(killAfter) === 0) process.kill(process.pid, 'SIGKILL');
  await run();
  changes += 1;
  if (changes === Number(killAfter)) process.kill(process.pid, 'SIGKILL');
};
const vault = createVault(await withGitHistory({
  ...fs,
  writeFile: (file, data, options) => change(() => fs.writeFile(file, data, options)),
  rename: (from, to) => change(async () => {
    if (Number(killAfter) !== -1) return fs.rename(from, to);
    const placeholder = path.join(top, to);
    mkdirSync(path.dirname(placeholder), { recursive: true });
    if (from.endsWith('.md')) writeFileSync(placeholder, '', { flag: 'wx' });
    else mkdirSync(placeholder);
    process.kill(process.pid, 'SIGKILL');
  }),
}));
await vault.call(tool, JSON.parse(args));
await fs.close?.();
`;

/** Runs the call in a server killed after its `killAfter`-th change; resolves with the signal that ended it. */
function killedServer(top: string, killAfter: number, tool: string, args: object): Promise<NodeJS.Signals | null> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', server, top, String(killAfter), tool, JSON.stringify(args)], {
    cwd: path.join(import.meta.dirname, '..', '..'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
}

/** The Node backend's own files of a write (its temp file and lock), which a killed write leaves: hidden, and git leaves them out. */
const writeScratch = /^\..*\.(?:[0-9a-f]{12}\.tmp|vault-lock)$/;

/** The files of the work tree and their texts, the git folder and a killed write's scratch aside. */
async function filesOf(top: string): Promise<VaultSeed> {
  const files: VaultSeed = {};
  for (const entry of await readdir(top, { recursive: true, withFileTypes: true })) {
    const file = path.relative(top, path.join(entry.parentPath, entry.name));
    if (entry.isFile() && !file.startsWith('.git/') && !writeScratch.test(entry.name)) files[file] = await readFile(path.join(top, file), 'utf8');
  }
  return files;
}

/** A Move to kill at each of its changes. */
export interface MoveCase {
  seed: VaultSeed;
  args: { sourcePath: string; destinationPath: string };
  /** The disk after the whole Move. */
  moved: VaultSeed;
  /** Its writes and renames. */
  changes: number;
}

/**
 * Kills a Move at each of its changes (each in a repository of its own), restarts, and checks that disk, HEAD and the
 * person's index hold none of it; then that the client's retry makes all of it, in one commit.
 */
export async function killAtEveryChange({ seed, args, moved, changes }: MoveCase, cleanups: (() => Promise<unknown> | unknown)[]): Promise<void> {
  const kills = [-1, ...Array.from({ length: changes + 1 }, (_, killAfter) => killAfter)];
  const repositories = await Promise.all(kills.map(() => createTempRepository(seed)));
  cleanups.push(...repositories.map((repository) => repository.remove));
  // Each killed: a count of changes too high would let one finish.
  const signals = await Promise.all(repositories.map(({ top }, index) => killedServer(top, kills[index]!, 'Move', args)));
  expect(signals).toEqual(repositories.map(() => 'SIGKILL'));
  const restarts = repositories.map(async ({ top, git, subjects }, index) => {
    const killAfter = kills[index];
    const fs = await withGitHistory(await createNodeFs(top));
    cleanups.push(() => fs.close());
    const seen = { killAfter, files: await filesOf(top), subjects: subjects(), status: git('status', '--porcelain') };
    await createVault(fs).call('Move', args);
    return [seen, { killAfter, files: await filesOf(top), subjects: subjects().length, status: git('status', '--porcelain') }];
  });
  expect(await Promise.all(restarts)).toEqual(
    kills.map((killAfter) => [
      { killAfter, files: seed, subjects: ['first'], status: '' },
      { killAfter, files: moved, subjects: 2, status: '' },
    ]),
  );
}
