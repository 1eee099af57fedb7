import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { personEnv } from '@vault/testing';
import { describe, expect, it, vi } from 'vitest';
import { type RemoteClones, useRemoteClones } from '../__fixtures__/remote-clones.js';

// A settle moves the branch, then brings the files over; when they fail to follow (a disk error), the move's journal
// brings them over at the next settle (decision 0019). The call let into the queue right after such a settle skipped
// its fetch, since the push loop was still ending (`busy`), and with it that journal: it wrote on the old files,
// committed the old version of a file the remote changed as an outside change, and its push took another server's
// acknowledged line out of the remote (or, after a taking back, put the change of a call answered with an error there).
// Here the files fail to follow once, and the next call is made while that settle holds the queue.
const hooks = vi.hoisted(() => ({ pushes: 0, beforePush: async (_push: number) => {}, follow: async () => {} }));

vi.mock('./remote-branch.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./remote-branch.js')>();
  return {
    ...original,
    pushBranch: async (...args: Parameters<typeof original.pushBranch>) => {
      hooks.pushes += 1;
      await hooks.beforePush(hooks.pushes);
      return original.pushBranch(...args);
    },
  };
});

vi.mock('./update-work-tree.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./update-work-tree.js')>();
  return {
    ...original,
    updateWorkTree: async (...args: Parameters<typeof original.updateWorkTree>) => {
      await hooks.follow();
      return original.updateWorkTree(...args);
    },
  };
});

const open = useRemoteClones();
const env = { ...process.env, ...personEnv };

/** Another server (a plain clone) appends a line to a file and pushes. */
function otherAppends(remote: RemoteClones, file: string, line: string): void {
  const other = path.join(remote.bare, '..', 'other');
  execFileSync('git', ['clone', '-q', remote.bare, other], { env });
  execFileSync('sh', ['-c', `sed -i 's/^END$/${line}\\nEND/' ${file} && git commit -q -am '${line}' && git push -q origin main`], { cwd: other, env });
}

/** The next call's answer, asked once, as the files fail to follow (the call waits for the queue the settle holds). */
function failFollowOnce(when: () => boolean, next: () => Promise<unknown>): { answer(): Promise<unknown> } {
  let answer: Promise<unknown> | undefined;
  hooks.follow = async () => {
    if (answer || !when()) return;
    answer = next().then(
      () => 'acked',
      (error: unknown) => error,
    );
    throw Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' });
  };
  return { answer: () => answer! };
}

describe('the call right after the files failed to follow the branch', () => {
  it("after a round that landed: the other server's line stays on the remote", async () => {
    hooks.pushes = 0;
    const remote = await open({ 'a.md': 'a\nEND\n', 'b.md': 'b\nEND\n' }, 0);
    const server = await remote.addClone({});
    const edit = (file: string, line: string) => server.vault.call('TextEdit', { filePath: file, oldString: 'END', newString: `${line}\nEND` });
    // The first push is refused (the other server's line on b.md lands first); the round's push lands, and its files fail to follow.
    hooks.beforePush = async (push) => {
      if (push === 1) otherAppends(remote, 'b.md', 'other');
    };
    const next = failFollowOnce(
      () => hooks.pushes === 2,
      () => edit('b.md', 'mine'),
    );
    await edit('a.md', 'first');
    expect(await next.answer()).toBe('acked');
    expect(remote.remoteGit('show', 'main:a.md')).toBe('a\nfirst\nEND\n');
    expect(remote.remoteGit('show', 'main:b.md')).toBe('b\nother\nmine\nEND\n');
    expect(await readFile(path.join(server.top, 'b.md'), 'utf8')).toBe('b\nother\nmine\nEND\n');
    expect(server.git('status', '--porcelain')).toBe('');
  });

  it('after a taking back: the change of the call answered with an error is applied nowhere', async () => {
    hooks.pushes = 0;
    hooks.beforePush = async () => {};
    const remote = await open({ 'a.md': 'a\nEND\n' }, 0);
    await remote.hook('pre-receive', 'cat >/dev/null\n[ -e "$GIT_DIR/refused-once" ] && exit 0\ntouch "$GIT_DIR/refused-once"\necho "not now" >&2\nexit 1');
    const server = await remote.addClone({});
    const edit = (line: string) => server.vault.call('TextEdit', { filePath: 'a.md', oldString: 'END', newString: `${line}\nEND` });
    const next = failFollowOnce(
      () => hooks.pushes === 1,
      () => edit('second'),
    );
    await expect(edit('first')).rejects.toMatchObject({ code: 'IO_ERROR', details: { remote: 'refused' } });
    expect(await next.answer()).toBe('acked');
    expect(remote.remoteGit('show', 'main:a.md')).toBe('a\nsecond\nEND\n');
    expect(server.git('status', '--porcelain')).toBe('');
  });
});
