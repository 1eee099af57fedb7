import { execFileSync } from 'node:child_process';
import { lstat, readdir, readFile, symlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import type { VaultFs } from '@vault/core';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeFs } from './create-node-fs.js';
import { withFileLock } from './with-file-lock.js';

const encode = (text: string) => new TextEncoder().encode(text);
const lockOf = (folder: TempFolder, name: string) => path.join(folder.path, `.${name}.vault-lock`);
/** The outcome of each write: 'written', or its error code. */
const outcomes = (writes: Promise<void>[]) =>
  Promise.all(
    writes.map((write) =>
      write.then(
        () => 'written',
        (error: { code: string }) => error.code,
      ),
    ),
  );
/** An hour: a lock this young is never judged stale by age, however slowly the machine runs the test. */
const anHour = 3_600_000;

describe('the lock writes take across processes', () => {
  let folder: TempFolder | undefined;
  afterEach(async () => folder?.remove());

  // A pid no process has: the highest the system allows, plus one.
  const deadPid = () => Number(execFileSync('cat', ['/proc/sys/kernel/pid_max'], { encoding: 'utf8' })) + 1;

  it('breaks the lock of a dead process once, so of three writers expecting the same bytes exactly one wins, 50 times over', async () => {
    folder = await createTempFolder({ 'a.md': 'v0' });
    // Locks young for an hour: the dead holder is what makes the lock stale, never its age.
    const fs: VaultFs = await createNodeFs(folder.path, { fileLock: { staleAfter: anHour, lockTimeout: anHour } });
    for (let trial = 0; trial < 50; trial += 1) {
      await writeFile(path.join(folder.path, 'a.md'), 'v0');
      await writeFile(lockOf(folder, 'a.md'), `${hostname()} ${deadPid()}`);
      const results = await outcomes(['x', 'y', 'z'].map((text) => fs.writeFile('a.md', encode(text), { expected: encode('v0') })));
      expect(
        results.filter((result) => result === 'written'),
        `trial ${trial}: ${results}`,
      ).toHaveLength(1);
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
    await writeFile(lockOf(folder, 'a.md'), 'another-host 1');
    let ran = false;
    const work = async () => {
      ran = true;
    };
    // A short wait, and a lock that stays fresh throughout: the holder is alive, as far as this host can tell.
    await expect(withFileLock(folder.path, 'a.md', 'a.md', work, { lockTimeout: 100, staleAfter: anHour })).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: expect.stringContaining('a.md stayed locked for 0.1 s'),
    });
    expect(ran).toBe(false);
    expect(await readFile(lockOf(folder, 'a.md'), 'utf8')).toBe('another-host 1');
    expect((await readdir(folder.path)).sort()).toEqual(['.a.md.vault-lock', 'a.md']);
  });

  it("takes its timing from createNodeFs's fileLock option: a write waits that long for a live holder, then says so", async () => {
    folder = await createTempFolder({ 'a.md': 'x' });
    await writeFile(lockOf(folder, 'a.md'), 'another-host 1');
    const fs = await createNodeFs(folder.path, { fileLock: { lockTimeout: 100, staleAfter: anHour } });
    await expect(fs.writeFile('a.md', encode('written'))).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: expect.stringContaining('a.md stayed locked for 0.1 s'),
    });
    expect(await readFile(path.join(folder.path, 'a.md'), 'utf8')).toBe('x');
    expect(await readFile(lockOf(folder, 'a.md'), 'utf8')).toBe('another-host 1');
    expect((await readdir(folder.path)).sort()).toEqual(['.a.md.vault-lock', 'a.md']);
  });

  it('judges a lock of another host by its age against staleAfter', async () => {
    folder = await createTempFolder({ 'a.md': 'x' });
    await writeFile(lockOf(folder, 'a.md'), 'another-host 1');
    const aMinuteAgo = new Date(Date.now() - 60_000);
    await utimes(lockOf(folder, 'a.md'), aMinuteAgo, aMinuteAgo);
    // A minute old: live for a staleAfter of an hour, so the write gives up; stale for one of 10 s, so it is broken.
    await expect(withFileLock(folder.path, 'a.md', 'a.md', async () => 'ran', { lockTimeout: 100, staleAfter: anHour })).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
    expect(await withFileLock(folder.path, 'a.md', 'a.md', async () => 'ran', { lockTimeout: anHour, staleAfter: 10_000 })).toBe('ran');
    expect(await readdir(folder.path)).toEqual(['a.md']);
  });

  it('makes the writers of this process take turns: never two inside at once, and every one gets in', async () => {
    folder = await createTempFolder({ 'a.md': 'x' });
    let inside = 0;
    let most = 0;
    const entered: number[] = [];
    const work = (writer: number) => async () => {
      inside += 1;
      most = Math.max(most, inside);
      entered.push(writer);
      // Some file work under the lock, during which the others try and wait.
      for (let step = 0; step < 5; step += 1) await readFile(path.join(folder!.path, 'a.md'));
      inside -= 1;
      return writer;
    };
    // Held locks are this process's own, never judged stale: only a generous safety-net timeout.
    const writers = Array.from({ length: 5 }, (_, writer) =>
      withFileLock(folder!.path, 'a.md', 'a.md', work(writer), { lockTimeout: anHour, staleAfter: anHour }),
    );
    expect(await Promise.all(writers)).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(1);
    expect(entered.sort()).toEqual([0, 1, 2, 3, 4]);
    expect(await readdir(folder.path)).toEqual(['a.md']);
  });
});
