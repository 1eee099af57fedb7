import { spawnSync } from 'node:child_process';
import { closeSync, readdirSync, renameSync, watch, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTempFolder } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { createSyncPoint } from './create-sync-point.js';

/** A real watch of `folder` (as the vault watch's root), the names it reported, and a sync point there. */
function watchedPoint(folder: string) {
  const reasons: string[] = [];
  const names: string[] = [];
  const point = createSyncPoint(folder, 60_000, (reason) => reasons.push(reason));
  const watcher = watch(folder, { persistent: false }, (_kind, name) => name && !point.seen(name) && names.push(name));
  const close = () => {
    watcher.close();
    point.cancel();
  };
  return { point, reasons, names, close };
}

describe('createSyncPoint: a cookie of its own, waited for', () => {
  it('passes once its cookie is reported, again and again, and leaves no cookie behind', async () => {
    const folder = await createTempFolder({});
    const { point, reasons, close } = watchedPoint(folder.path);
    try {
      for (let round = 0; round < 5; round += 1) expect(await point.pass()).toBe(true);
      expect(reasons).toEqual([]);
      expect(readdirSync(folder.path)).toEqual([]);
    } finally {
      close();
      await folder.remove();
    }
  });

  it('has seen every change made before it was called: 300 writes, renames and creates, each followed by a sync point', async () => {
    const folder = await createTempFolder({ 'a.md': 'a' });
    const { point, names, close } = watchedPoint(folder.path);
    try {
      for (let round = 0; round < 100; round += 1) {
        const made = [`new-${round}.md`, `moved-${round}.md`, 'a.md'];
        writeFileSync(path.join(folder.path, made[0]!), 'x');
        renameSync(path.join(folder.path, made[0]!), path.join(folder.path, made[1]!));
        writeFileSync(path.join(folder.path, 'a.md'), `a ${round}`);
        names.length = 0;
        expect(await point.pass()).toBe(true);
        for (const name of made) expect(names).toContain(name);
      }
    } finally {
      close();
      await folder.remove();
    }
  });

  it('two sync points on one folder in one process (one process id) never end each other’s waits', async () => {
    const folder = await createTempFolder({});
    const first = watchedPoint(folder.path);
    const second = watchedPoint(folder.path);
    try {
      for (let round = 0; round < 50; round += 1) {
        writeFileSync(path.join(folder.path, `first-${round}.md`), 'x');
        const passing = first.point.pass();
        writeFileSync(path.join(folder.path, `second-${round}.md`), 'x');
        // The second's change is made after the first began: only the second's own round answers for it.
        expect(await second.point.pass()).toBe(true);
        expect(second.names).toContain(`second-${round}.md`);
        expect(await passing).toBe(true);
        expect(first.names).toContain(`first-${round}.md`);
      }
      expect(readdirSync(folder.path).filter((name) => name.startsWith('.vault-sync-'))).toEqual([]);
    } finally {
      first.close();
      second.close();
      await folder.remove();
    }
  });

  it('answers calls made while a round waits with a round begun after them', async () => {
    const folder = await createTempFolder({});
    const { point, names, close } = watchedPoint(folder.path);
    try {
      const early = point.pass();
      writeFileSync(path.join(folder.path, 'late.md'), 'x');
      const late = [point.pass(), point.pass()];
      expect(await early).toBe(true);
      expect(await Promise.all(late)).toEqual([true, true]);
      expect(names).toContain('late.md');
    } finally {
      close();
      await folder.remove();
    }
  });

  it('does not pass when no cookie can be made (a read-only vault, a folder gone), and says why', async () => {
    const folder = await createTempFolder({});
    const reasons: string[] = [];
    const point = createSyncPoint(path.join(folder.path, 'gone'), 60_000, (reason) => reasons.push(reason));
    expect(await point.pass()).toBe(false);
    expect(reasons).toEqual(["no sync point could be written in the vault's root (ENOENT)"]);
    await folder.remove();
  });

  it('does not pass when its event never comes, after its time-out, and passes again with a new cookie', async () => {
    const folder = await createTempFolder({});
    const reasons: string[] = [];
    let quiet = false;
    const point = createSyncPoint(folder.path, 20, (reason) => reasons.push(reason), {
      touch: (descriptor) => (quiet ? undefined : writeFileSync(descriptor, 'x')),
    });
    // A new cookie's round passes on its unlink's event (a round that missed 20 ms on a loaded machine makes another).
    const passOnNewCookie = async () => {
      while (!(await point.pass()));
    };
    try {
      await passOnNewCookie();
      quiet = true;
      expect(await point.pass()).toBe(false);
      expect(reasons.at(-1)).toBe("a sync point's event did not come within 20 ms");
      // The cookie let go; a new one's unlink is the next round's event.
      await passOnNewCookie();
      expect(readdirSync(folder.path)).toEqual([]);
    } finally {
      point.cancel();
      await folder.remove();
    }
  });

  it('a call made as a round ends (chained on its answer) is answered by a round of its own, never left waiting', async () => {
    const folder = await createTempFolder({});
    const { point, close } = watchedPoint(folder.path);
    try {
      for (let round = 0; round < 20; round += 1) expect(await point.pass().then(() => point.pass())).toBe(true);
      expect(await Promise.all([point.pass().then(() => point.pass()), point.pass(), point.pass().then(() => point.pass())])).toEqual([true, true, true]);
    } finally {
      close();
      await folder.remove();
    }
  });

  it('a write to the cookie that fails (its descriptor closed by something else) does not pass, and later rounds pass with a new cookie', async () => {
    const folder = await createTempFolder({});
    const reasons: string[] = [];
    let failing = false;
    const point = createSyncPoint(folder.path, 60_000, (reason) => reasons.push(reason), {
      touch: (descriptor) => {
        // Closed behind its back: the write fails with EBADF, and so does closing it when it is let go.
        if (failing) closeSync(descriptor);
        writeFileSync(descriptor, 'x');
      },
    });
    try {
      expect(await point.pass()).toBe(true);
      failing = true;
      expect(await Promise.all([point.pass(), point.pass()])).toEqual([false, true]);
      failing = false;
      expect(await Promise.all([point.pass(), point.pass(), point.pass()])).toEqual([true, true, true]);
      expect(reasons).toEqual(["no sync point could be written in the vault's root (EBADF)"]);
      expect(readdirSync(folder.path)).toEqual([]);
    } finally {
      point.cancel();
      await folder.remove();
    }
  });

  it('fails the rounds waiting once cancelled, and every later one', async () => {
    const folder = await createTempFolder({});
    const point = createSyncPoint(folder.path, 60_000, () => {});
    const waiting = [point.pass(), point.pass()];
    point.cancel();
    expect(await Promise.all(waiting)).toEqual([false, false]);
    expect(await point.pass()).toBe(false);
    await folder.remove();
  });

  it("removes the cookies a killed server left, and leaves a live server's and every other file", async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const folder = await createTempFolder({ [`.vault-sync-${dead}-0`]: '', [`.vault-sync-${process.ppid}-3`]: '', '.vault-sync-notes.md': 'x' });
    createSyncPoint(folder.path, 20, () => {}).cancel();
    expect(readdirSync(folder.path).sort()).toEqual([`.vault-sync-${process.ppid}-3`, '.vault-sync-notes.md']);
    await folder.remove();
  });

  it('takes only its own names as cookies', () => {
    const point = createSyncPoint('/nowhere', 20, () => {});
    expect(point.seen('.vault-sync-1-1')).toBe(true);
    expect(point.seen('.vault-synced.md')).toBe(false);
    // A person's file that merely begins like one is theirs: listed, and its changes seen.
    expect(point.seen('.vault-sync-notes.md')).toBe(false);
    expect(point.seen('.vault-sync-1-1.md')).toBe(false);
    expect(point.seen('notes.md')).toBe(false);
  });
});
