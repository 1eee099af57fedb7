import { spawnSync } from 'node:child_process';
import { readdirSync, watch } from 'node:fs';
import path from 'node:path';
import { createTempFolder } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { createSyncPoint } from './create-sync-point.js';

describe('createSyncPoint: a cookie written and waited for', () => {
  it('passes once the watch reports its cookie, and leaves no cookie behind', async () => {
    const folder = await createTempFolder({});
    const reasons: string[] = [];
    const point = createSyncPoint(folder.path, 60_000, (reason) => reasons.push(reason));
    const watcher = watch(folder.path, { persistent: false }, (_kind, name) => name && point.seen(name));
    try {
      expect(await point.pass()).toBe(true);
      expect(reasons).toEqual([]);
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
    expect(readdirSync(folder.path)).toEqual([]);
    await folder.remove();
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
});
