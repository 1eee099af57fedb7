import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, watch } from 'node:fs';
import path from 'node:path';
import { createTempFolder } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { untilWatched } from '../__fixtures__/warm-search-fixture.js';
import { createNodeFs } from '../disk/create-node-fs.js';
import { createSyncPoint } from './create-sync-point.js';

describe('createSyncPoint: a cookie written and waited for', () => {
  it('passes once the watch reports its cookie, keeps one cookie renamed at each pass, and removes it when cancelled', async () => {
    const folder = await createTempFolder({});
    const reasons: string[] = [];
    const point = createSyncPoint(folder.path, 60_000, (reason) => reasons.push(reason));
    const watcher = watch(folder.path, { persistent: false }, (_kind, name) => name && point.seen(name));
    try {
      expect(await point.pass()).toBe(true);
      expect(readdirSync(folder.path)).toEqual([`.vault-sync-${process.pid}-0`]);
      // Three at once: each waits for its own name, and one cookie is left.
      expect(await Promise.all([point.pass(), point.pass(), point.pass()])).toEqual([true, true, true]);
      expect(readdirSync(folder.path)).toEqual([`.vault-sync-${process.pid}-3`]);
      expect(reasons).toEqual([]);
      point.cancel();
      expect(readdirSync(folder.path)).toEqual([]);
    } finally {
      watcher.close();
      await folder.remove();
    }
  });

  it('does not pass when no cookie can be written (a read-only vault, a folder gone), and says why', async () => {
    const folder = await createTempFolder({});
    const reasons: string[] = [];
    const point = createSyncPoint(path.join(folder.path, 'gone'), 60_000, (reason) => reasons.push(reason));
    expect(await point.pass()).toBe(false);
    expect(reasons).toEqual(["no sync point could be written in the vault's root (ENOENT)"]);
    await folder.remove();
  });

  it('does not pass when the cookie is never reported (a watch that died), after its time-out', async () => {
    const folder = await createTempFolder({});
    const reasons: string[] = [];
    const point = createSyncPoint(folder.path, 20, (reason) => reasons.push(reason));
    expect(await point.pass()).toBe(false);
    expect(reasons).toEqual(["a sync point's event did not come within 20 ms"]);
    point.cancel();
    expect(readdirSync(folder.path)).toEqual([]);
    await folder.remove();
  });

  it('writes a new cookie when the kept one was removed by another program, and still passes', async () => {
    const folder = await createTempFolder({});
    const reasons: string[] = [];
    const point = createSyncPoint(folder.path, 60_000, (reason) => reasons.push(reason));
    const watcher = watch(folder.path, { persistent: false }, (_kind, name) => name && point.seen(name));
    try {
      expect(await point.pass()).toBe(true);
      rmSync(path.join(folder.path, `.vault-sync-${process.pid}-0`));
      expect(await point.pass()).toBe(true);
      expect(readdirSync(folder.path)).toEqual([`.vault-sync-${process.pid}-1`]);
      expect(reasons).toEqual([]);
    } finally {
      point.cancel();
      watcher.close();
      await folder.remove();
    }
  });

  it("removes the cookies a killed server left, and leaves a live server's and every other file", async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const folder = await createTempFolder({ [`.vault-sync-${dead}-0`]: '', [`.vault-sync-${process.ppid}-3`]: '', '.vault-sync-notes.md': 'x' });
    createSyncPoint(folder.path, 20, () => {});
    expect(readdirSync(folder.path).sort()).toEqual([`.vault-sync-${process.ppid}-3`, '.vault-sync-notes.md']);
    await folder.remove();
  });

  it('takes only its own names as cookies', () => {
    const point = createSyncPoint('/nowhere', 20, () => {});
    expect(point.seen('.vault-sync-1-1')).toBe(true);
    expect(point.seen('.vault-synced.md')).toBe(false);
    expect(point.seen('notes.md')).toBe(false);
  });

  it("keeps its cookie out of every listing of the vault's root, this backend's and another's", async () => {
    const folder = await createTempFolder({ 'a.md': 'a\n', '.vault-sync-notes.md': 'a hidden note of the person\n' });
    const watched = await createNodeFs(folder.path, { searchWorkers: 0, watch: true, onWatchNotice: () => {} });
    const other = await createNodeFs(folder.path, { searchWorkers: 0 });
    try {
      await untilWatched(watched);
      expect(readdirSync(folder.path).filter((name) => /^\.vault-sync-\d+-\d+$/.test(name))).toHaveLength(1);
      for (const fs of [watched, other]) {
        expect((await fs.readDirectory('', { sizes: false })).map((entry) => entry.name).sort()).toEqual(['.vault-sync-notes.md', 'a.md']);
      }
      expect((await watched.readDirectory('', { sizes: false, afterSync: true })).map((entry) => entry.name).sort()).toEqual(['.vault-sync-notes.md', 'a.md']);
    } finally {
      await watched.close();
      await other.close();
    }
    expect(readdirSync(folder.path).sort()).toEqual(['.vault-sync-notes.md', 'a.md']);
    await folder.remove();
  });
});
