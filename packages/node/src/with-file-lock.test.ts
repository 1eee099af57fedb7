import { execFileSync } from 'node:child_process';
import { lstat, readdir, symlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { createVault, type VaultFs } from '@vault/core';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeFs } from './create-node-fs.js';

const encode = (text: string) => new TextEncoder().encode(text);
const lockOf = (folder: TempFolder, name: string) => path.join(folder.path, `.${name}.vault-lock`);
/** The outcome of each write: 'written', or its error code. */
const outcomes = (writes: Promise<void>[]) => Promise.all(writes.map((write) => write.then(() => 'written', (error: { code: string }) => error.code)));

describe('the lock writes take across processes', () => {
  let folder: TempFolder | undefined;
  afterEach(async () => folder?.remove());

  // A pid no process has: the highest the system allows, plus one.
  const deadPid = () => Number(execFileSync('cat', ['/proc/sys/kernel/pid_max'], { encoding: 'utf8' })) + 1;

  it('breaks the lock of a dead process once, so of three writers expecting the same bytes exactly one wins, 50 times over', async () => {
    folder = await createTempFolder({ 'a.md': 'v0' });
    const fs: VaultFs = await createNodeFs(folder.path);
    for (let trial = 0; trial < 50; trial += 1) {
      await writeFile(path.join(folder.path, 'a.md'), 'v0');
      await writeFile(lockOf(folder, 'a.md'), `${hostname()} ${deadPid()}`);
      const results = await outcomes(['x', 'y', 'z'].map((text) => fs.writeFile('a.md', encode(text), { expected: encode('v0') })));
      expect(results.filter((result) => result === 'written'), `trial ${trial}: ${results}`).toHaveLength(1);
      expect(results.filter((result) => result !== 'written')).toEqual(['STALE_FILE', 'STALE_FILE']);
    }
  });

  it('breaks a lock left by this very pid (a restarted server), an old one, and a planted symlink to a pipe, without blocking', async () => {
    folder = await createTempFolder({ 'own.md': 'x', 'old.md': 'x', 'piped.md': 'x', 'outside/': '' });
    const fs = await createNodeFs(folder.path);
    await writeFile(lockOf(folder, 'own.md'), `${hostname()} ${process.pid}`);
    await writeFile(lockOf(folder, 'old.md'), 'another-host 1');
    await utimes(lockOf(folder, 'old.md'), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    execFileSync('mkfifo', [path.join(folder.path, 'outside/pipe')]);
    await symlink(path.join(folder.path, 'outside/pipe'), lockOf(folder, 'piped.md'));
    for (const name of ['own.md', 'old.md', 'piped.md']) await fs.writeFile(name, encode('written'));
    expect((await readdir(folder.path)).sort()).toEqual(['old.md', 'outside', 'own.md', 'piped.md']);
    expect((await lstat(path.join(folder.path, 'outside/pipe'))).isFIFO()).toBe(true);
  });

  it('waits for a live holder on another host rather than break its lock, and says so after its timeout', async () => {
    folder = await createTempFolder({ 'a.md': 'x' });
    const vault = createVault(await createNodeFs(folder.path));
    await writeFile(lockOf(folder, 'a.md'), 'another-host 1');
    const started = Date.now();
    const keepFresh = setInterval(() => void utimes(lockOf(folder!, 'a.md'), new Date(), new Date()), 1000);
    try {
      await expect(vault.call('TextCreate', { filePath: 'a.md', content: 'y', overwrite: true })).rejects.toMatchObject({ code: 'TIMEOUT' });
    } finally {
      clearInterval(keepFresh);
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(20_000);
  }, 60_000);
});
