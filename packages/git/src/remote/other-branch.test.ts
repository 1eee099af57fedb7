import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { until, useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const read = (top: string, file: string) => readFile(path.join(top, file), 'utf8');
const edit = { filePath: 'a.md', oldString: 'apple', newString: 'quince' };

// The server shares the branch checked out at its start. A person who checks out another one makes the work tree theirs:
// writes there were acknowledged though no push carried them, and a settle rewrote the person's files.
describe('a person checks out another branch than the one the server shares', () => {
  it('a call is refused before it writes (IO_ERROR other-branch), and goes through once they switch back', async () => {
    const remote = await open({ 'a.md': 'apple\n' }, 1);
    const clone = remote.clones[0]!;
    clone.git('switch', '-q', '-c', 'side');
    const refused = await clone.vault.call('TextEdit', edit).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'IO_ERROR', details: { remote: 'other-branch' } });
    expect((refused as Error).message).toContain('git switch main');
    expect(await read(clone.top, 'a.md')).toBe('apple\n');
    expect(clone.git('status', '--porcelain')).toBe('');
    expect(clone.git('rev-parse', 'side')).toBe(remote.remoteGit('rev-parse', 'main'));
    clone.git('switch', '-q', 'main');
    await clone.vault.call('TextEdit', edit);
    expect(remote.remoteGit('show', 'main:a.md')).toBe('quince\n');
  });

  it('an orphan checkout is refused the same way', async () => {
    const remote = await open({ 'a.md': 'apple\n' }, 1);
    const clone = remote.clones[0]!;
    clone.git('checkout', '-q', '--orphan', 'fresh');
    expect(await clone.vault.call('TextEdit', edit).catch((error: unknown) => error)).toMatchObject({ details: { remote: 'other-branch' } });
    expect(await read(clone.top, 'a.md')).toBe('apple\n');
    expect(remote.remoteSubjects()).toEqual(['first']);
  });

  it("a call whose write came after the switch is committed on no branch: the person's branch is untouched, the change left on disk and said", async () => {
    const remote = await open({ 'a.md': 'apple\n' }, 0);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const arrived = new Promise<void>((resolve) => (held = resolve));
    const clone = await remote.addClone(
      {},
      {
        wrapFs: (fs) => ({
          ...fs,
          async writeFile(file, data, options) {
            held();
            await gate;
            return fs.writeFile(file, data, options);
          },
        }),
      },
    );
    const before = clone.git('rev-parse', 'main');
    const call = clone.vault.call('TextEdit', edit).catch((error: unknown) => error);
    await arrived;
    clone.git('switch', '-q', '-c', 'side');
    release();
    const answer = await call;
    expect(answer).toMatchObject({ code: 'IO_ERROR', details: { remote: 'other-branch', outcome: 'on-disk' } });
    expect((answer as Error).message).toContain('committed on no branch');
    // Before: the commit landed on side (the person's branch) while the answer said the change was not made.
    expect(clone.git('rev-parse', 'side')).toBe(before);
    expect(clone.git('rev-parse', 'main')).toBe(before);
    expect(remote.remoteSubjects()).toEqual(['first']);
    expect(clone.git('for-each-ref', 'refs/vault/taken-back/')).toBe('');
    expect(await read(clone.top, 'a.md')).toBe('quince\n');
    expect(clone.git('status', '--porcelain')).toBe(' M a.md\n');
  });

  it('a push refused while another branch is checked out takes the change back on the shared branch alone, the files untouched', async () => {
    const remote = await open({ 'a.md': 'apple\n' }, 0);
    const clone = await remote.addClone();
    // The push waits in the hook until the person switched, then is refused.
    const gate = path.join(remote.bare, 'closed');
    await writeFile(gate, '');
    await remote.hook(
      'pre-receive',
      `cat >/dev/null\ntouch "${gate}.arrived"\nwhile [ -e "${gate}" ]; do sleep 0.02; done\necho "no pushes today" >&2\nexit 1`,
    );
    const call = clone.vault.call('TextEdit', edit).catch((error: unknown) => error);
    await until(async () => (await stat(`${gate}.arrived`).catch(() => undefined)) !== undefined);
    // The person's branch starts from the clone's main, the call's commit on it.
    clone.git('switch', '-q', '-c', 'side');
    await rm(gate);
    expect(await call).toMatchObject({ code: 'IO_ERROR', details: { remote: 'refused' } });
    expect(remote.remoteSubjects()).toEqual(['first']);
    // main is back on the remote's tip, the commit kept; side and its files are the person's, as they left them.
    expect(clone.git('rev-parse', 'main')).toBe(remote.remoteGit('rev-parse', 'main'));
    expect(clone.git('for-each-ref', '--format=%(refname)', 'refs/vault/taken-back/').split('\n').filter(Boolean)).toHaveLength(1);
    expect(clone.git('rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('side');
    expect(await read(clone.top, 'a.md')).toBe('quince\n');
    expect(clone.git('status', '--porcelain')).toBe('');
  });
});
