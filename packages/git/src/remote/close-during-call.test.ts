import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHookedGit } from '../__fixtures__/hooked-git.js';
import type { CloneOptions } from '../__fixtures__/remote-clones.js';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();

/** A clone whose next write waits until `release`; `arrived` resolves once it waits. */
async function heldClone(remote: Awaited<ReturnType<typeof open>>, fetchInterval = 0, backend: CloneOptions = {}) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const arrived = new Promise<void>((resolve) => (held = resolve));
  let holding = true;
  const clone = await remote.addClone(
    { fetchInterval },
    {
      ...backend,
      wrapFs: (fs) => ({
        ...fs,
        async writeFile(file, data, options) {
          if (holding) {
            holding = false;
            held();
            await gate;
          }
          return fs.writeFile(file, data, options);
        },
      }),
    },
  );
  return { clone, arrived, release };
}

// close() used to answer only the calls already waiting for a push: a call still writing then committed, waited for a push
// loop that never ran again, and was never answered; so was every call after close.
describe('close() while a call is writing', () => {
  it('waits for the call, which is answered closed; a call after close is refused before it writes', async () => {
    const remote = await open({ 'a.md': 'apple\n', 'b.md': 'bee\n' }, 0);
    const { clone, arrived, release } = await heldClone(remote);
    const call = clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' }).catch((error: unknown) => error);
    await arrived;
    let closed = false;
    const closing = clone.close().then(() => (closed = true));
    const later = clone.vault.call('TextEdit', { filePath: 'b.md', oldString: 'bee', newString: 'wasp' }).catch((error: unknown) => error);
    expect(closed).toBe(false);
    release();
    expect(await call).toMatchObject({ code: 'IO_ERROR', details: { remote: 'closed' } });
    expect(await later).toMatchObject({ code: 'IO_ERROR', details: { remote: 'closed' } });
    await closing;
    // The first call's commit stays in the clone for the next start; the later call wrote nothing.
    expect(clone.git('log', '-1', '--format=%s')).toContain('a.md');
    expect(await readFile(path.join(clone.top, 'b.md'), 'utf8')).toBe('bee\n');
    expect(remote.remoteSubjects()).toEqual(['first']);
  });

  it('the next start shares what the closed server committed', async () => {
    const remote = await open({ 'a.md': 'apple\n' }, 0);
    const { clone, arrived, release } = await heldClone(remote);
    const call = clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' }).catch((error: unknown) => error);
    await arrived;
    const closing = clone.close();
    release();
    expect(await call).toMatchObject({ details: { remote: 'closed' } });
    await closing;
    await remote.addClone({}, { existing: clone.top });
    expect(remote.remoteGit('show', 'main:a.md')).toBe('quince\n');
  });

  it('an interval fetch queued behind the call does not run once close() was asked', async () => {
    const remote = await open({ 'a.md': 'apple\n' }, 0);
    const git = createHookedGit();
    try {
      const { clone, arrived, release } = await heldClone(remote, 5, { gitPath: git.gitPath });
      const call = clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' }).catch((error: unknown) => error);
      await arrived;
      // Timers fire in the order they fall due: once this one fired, the 5 ms tick fired during the held call, and waits behind it.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const closing = clone.close();
      const before = git.steps().length;
      release();
      expect(await call).toMatchObject({ details: { remote: 'closed' } });
      await closing;
      expect(git.steps().slice(before)).not.toContain('fetch');
      expect(git.steps().slice(before)).not.toContain('push');
    } finally {
      git.remove();
    }
  });
});
