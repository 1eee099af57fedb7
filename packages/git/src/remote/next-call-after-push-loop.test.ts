import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { personEnv } from '@vault/testing';
import { describe, expect, it, vi } from 'vitest';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';
import type { RemoteSync } from './create-remote-sync.js';

// Issue 29's lost update (decision 0019): without group commit, a call answered STALE_FILE released
// the queue while its push loop went on (it pushed the tip it had settled on, was refused, and settled
// again): the next call's write landed in the middle of that settling, the work tree kept it as a
// person's change, and the call committed it on the new tip, reverting another server's line. The
// order is made by held promises: the pushes are wrapped (real git underneath), and the next call's
// write is held while a push loop is running.
interface Hooks {
  beforePush(commit: string): Promise<void>;
  /** A call waits for the push loop to stop (the recorder asks the sync). */
  idleAsked(): void;
  sync?: RemoteSync;
}
const hooks: Hooks = vi.hoisted(() => ({ beforePush: async () => {}, idleAsked: () => {} }));

vi.mock('./remote-branch.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./remote-branch.js')>();
  return {
    ...original,
    pushBranch: async (...args: Parameters<typeof original.pushBranch>) => {
      await hooks.beforePush(args[2]);
      return original.pushBranch(...args);
    },
  };
});

vi.mock('./create-remote-sync.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./create-remote-sync.js')>();
  return {
    ...original,
    createRemoteSync: (...args: Parameters<typeof original.createRemoteSync>) => {
      const sync = original.createRemoteSync(...args);
      hooks.sync = sync;
      return {
        ...sync,
        idle() {
          hooks.idleAsked();
          return sync.idle();
        },
      };
    },
  };
});

const open = useRemoteClones();

/** A promise the test resolves, and whether it did. */
function held() {
  const hold = { done: false, promise: Promise.resolve(), resolve: () => {} };
  hold.promise = new Promise<void>((resolve) => {
    hold.resolve = () => {
      hold.done = true;
      resolve();
    };
  });
  return hold;
}

describe('group commit off: the next call runs once the push loop of the one before has stopped', () => {
  it('a call answered STALE_FILE while its push loop settles again: the next write lands on the remote tip, no line lost', async () => {
    const remote = await open({ 'a.md': 'a\nEND\n', 'b.md': 'b\nEND\n' }, 0);
    const bWrote = held();
    const idleAsked = held();
    const afterRace = held();
    const server = await remote.addClone(
      { groupCommit: false },
      {
        wrapFs: (fs) => ({
          ...fs,
          async writeFile(file, data, options) {
            await fs.writeFile(file, data, options);
            if (file !== 'b.md' || bWrote.done) return;
            bWrote.resolve();
            // Held while a push loop still runs (the bug), until it settled on the other server's line.
            await Promise.race([afterRace.promise, hooks.sync!.idle()]);
          },
        }),
      },
    );
    // Another server (a plain clone) appends a line and pushes.
    const other = path.join(remote.bare, '..', 'other');
    const otherGit = (...args: string[]) => execFileSync('git', args, { cwd: other, encoding: 'utf8', env: { ...process.env, ...personEnv } });
    execFileSync('git', ['clone', '-q', remote.bare, other], { env: { ...process.env, ...personEnv } });
    const otherAppends = async (file: string, line: string) => {
      otherGit('pull', '-q', '--ff-only', 'origin', 'main');
      const text = await readFile(path.join(other, file), 'utf8');
      await writeFile(path.join(other, file), text.replace('END\n', `${line}\nEND\n`));
      otherGit('commit', '-q', '-am', `other: ${line}`);
      otherGit('push', '-q', 'origin', 'main');
    };

    let pushes = 0;
    let raced = false;
    hooks.idleAsked = () => idleAsked.resolve();
    hooks.beforePush = async () => {
      pushes += 1;
      // The first push (the call on a.md) finds the other server's line there: STALE_FILE.
      if (pushes === 1) return otherAppends('a.md', 'other 1');
      if (raced) return afterRace.resolve();
      // The next push once the call on b.md has written (or is waiting for this loop): the other server pushes b.md first.
      await Promise.race([bWrote.promise, idleAsked.promise]);
      if (!bWrote.done) return;
      await otherAppends('b.md', 'other 2');
      raced = true;
    };

    const edit = (file: string, line: string) => server.vault.call('TextEdit', { filePath: file, oldString: 'END', newString: `${line}\nEND` });
    const answers = await Promise.all(
      [edit('a.md', 'line A'), edit('b.md', 'line B')].map((call) =>
        call.then(
          () => 'acked',
          (error: unknown) => error,
        ),
      ),
    );
    expect(answers[0]).toMatchObject({ code: 'STALE_FILE', details: { path: 'a.md' } });
    expect(raced).toBe(true);
    // Each call answered STALE_FILE is retried, as an agent would (read again, redo).
    for (const [index, [file, line]] of [
      ['a.md', 'line A'],
      ['b.md', 'line B'],
    ].entries()) {
      if (answers[index] === 'acked') continue;
      expect(answers[index]).toMatchObject({ code: 'STALE_FILE', details: { path: file } });
      await edit(file!, line!);
    }
    // Every acknowledged line is on the remote, once: the other server's line on b.md was not reverted.
    expect(remote.remoteGit('show', 'main:a.md')).toBe('a\nother 1\nline A\nEND\n');
    expect(remote.remoteGit('show', 'main:b.md')).toBe('b\nother 2\nline B\nEND\n');
    expect(server.git('rev-parse', 'HEAD')).toBe(remote.remoteGit('rev-parse', 'main'));
    expect(server.git('status', '--porcelain')).toBe('');
  });
});
