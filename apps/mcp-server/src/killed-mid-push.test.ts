import { execFileSync } from 'node:child_process';
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKillingGit } from './__fixtures__/killing-git.js';
import { connectServer, createSharedRemote, until } from './__fixtures__/remote-clones-bin.js';

let killingGit: string;
beforeAll(async () => {
  killingGit = await createKillingGit(execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim());
});
afterAll(() => rm(killingGit, { recursive: true, force: true }));

// A server sharing through a remote is killed (SIGKILL) around the last steps of a change: the commit
// (the branch moved by the kept update-ref's first request) and the push. Restarted, it pushes what it
// committed and did not push: the change is on the remote exactly once.
describe('vault-mcp --git --git-remote killed mid-commit and mid-push', () => {
  const cases = ['update-ref#1', 'push'].flatMap((step) => (['before', 'after'] as const).map((when) => ({ step, when })));
  it.each(cases)('$when $step: after a restart, the write is on the remote exactly once', async ({ step, when }) => {
    const remote = await createSharedRemote({ 'a.md': 'alpha\n' });
    try {
      const clone = remote.clone();
      const killed = await connectServer(clone, 'killed', [], { PATH: `${killingGit}:${process.env.PATH}`, KILL_AT: step, KILL_WHEN: when });
      const closed = new Promise<void>((resolve) => (killed.onclose = resolve));
      await killed.callTool({ name: 'TextEdit', arguments: { filePath: 'a.md', oldString: 'alpha', newString: 'omega' } }).catch(() => undefined);
      await closed;

      const restarted = await connectServer(clone, 'restarted');
      // The restart answers at once and pushes meanwhile (round 15): until the clone is the remote's.
      await until(() => remote.git(['rev-parse', 'HEAD'], clone) === remote.git(['rev-parse', 'main']));
      const onDisk = await readFile(path.join(clone, 'a.md'), 'utf8');
      const subjects = remote.git(['log', '--format=%s', 'main']).split('\n').filter(Boolean);
      // Each of these steps comes after the write reached the disk: the restart records (journal) and pushes it.
      expect(onDisk).toBe('omega\n');
      expect(subjects).toEqual([step === 'update-ref#1' && when === 'before' ? 'TextEdit: a.md (recorded after a restart)' : 'TextEdit: a.md', 'first']);
      expect(remote.git(['show', 'main:a.md'])).toBe('omega\n');
      expect(remote.git(['rev-parse', 'HEAD'], clone)).toBe(remote.git(['rev-parse', 'main']));
      expect(remote.git(['status', '--porcelain', '--untracked-files=all'], clone)).toBe('');
      await restarted.close();
    } finally {
      await remote.remove();
    }
  });
});

// A fetch brings another server's change: the branch moves (update-ref), then the work tree follows. A
// server killed between the two leaves the disk behind its branch; the restart must finish the move, not
// take the old files for a person's change and commit them (which would undo the other server's change).
describe('vault-mcp --git --git-remote killed at each step of a fetch that moves the branch and the work tree', () => {
  // After its fetch, a settle with nothing local to replay moves the branch (the first request of its kept update-ref),
  // then brings the files over and tells the person's index with no git process (the changed paths diffed in the
  // server, the disk hashed there): killed before the move, or after it and before any file followed.
  const steps = ['update-ref#1'];
  const cases = steps.flatMap((step) => (['before', 'after'] as const).map((when) => ({ step, when })));
  it.each(cases)("$when $step: after a restart, the disk is the remote's and the other server's change stays on the remote", async ({ step, when }) => {
    const remote = await createSharedRemote({ 'a.md': 'alpha\n', 'b.md': 'bee\n' });
    try {
      const clone = remote.clone();
      const other = remote.clone();
      const env = { PATH: `${killingGit}:${process.env.PATH}`, KILL_AT: step, KILL_WHEN: when };
      const killed = await connectServer(clone, 'killed', ['--git-fetch-interval', '0'], env);
      const closed = new Promise<void>((resolve) => (killed.onclose = resolve));
      // Another server (a plain clone) changes a.md and pushes.
      await writeFile(path.join(other, 'a.md'), 'alpha from elsewhere\n');
      remote.git(['commit', '-q', '-am', 'elsewhere'], other);
      remote.git(['push', '-q', 'origin', 'main'], other);
      // The killed server's next write fetches first, and the server is killed at that step of it.
      await killed.callTool({ name: 'TextEdit', arguments: { filePath: 'b.md', oldString: 'bee', newString: 'wasp' } }).catch(() => undefined);
      await closed;

      const restarted = await connectServer(clone, 'restarted', ['--git-fetch-interval', '0']);
      // The restart answers at once and fetches meanwhile (round 15): until the disk is the remote's.
      await until(async () => (await readFile(path.join(clone, 'a.md'), 'utf8')) === 'alpha from elsewhere\n');
      expect(remote.git(['status', '--porcelain', '--untracked-files=all'], clone)).toBe('');
      // The write is made again after the restart, and lands on the other server's change.
      await restarted.callTool({ name: 'TextEdit', arguments: { filePath: 'b.md', oldString: 'bee', newString: 'wasp' } });
      expect(remote.git(['log', '--format=%s', 'main']).split('\n').filter(Boolean)).toEqual(['TextEdit: b.md', 'elsewhere', 'first']);
      expect(remote.git(['show', 'main:a.md'])).toBe('alpha from elsewhere\n');
      expect(remote.git(['status', '--porcelain', '--untracked-files=all'], clone)).toBe('');
      await restarted.close();
    } finally {
      await remote.remove();
    }
  });
});

// After a refused push, a round fetches, replays and pushes the replayed commits, and moves the branch only after that
// push answered (decision 0019, round 8). A server killed before or after the round's push leaves its branch on the old
// commits: restarted, it shares the change or finds the remote has it, and the change is on the remote exactly once.
describe("vault-mcp --git --git-remote killed at a round's push", () => {
  it.each(['before', 'after'] as const)('%s the second push: after a restart, the write is on the remote exactly once', async (when) => {
    const remote = await createSharedRemote({ 'a.md': 'alpha\n', 'b.md': 'bee\n' });
    try {
      const clone = remote.clone();
      const other = remote.clone();
      await writeFile(path.join(other, 'b.md'), 'wasp\n');
      remote.git(['commit', '-q', '-m', 'b elsewhere', 'b.md'], other);
      remote.git(['push', '-q', 'origin', 'HEAD:refs/heads/side'], other);
      // Another server's push lands while this server's first push is received: that push is refused (the branch moved).
      const hook = path.join(remote.bare, 'hooks', 'pre-receive');
      await writeFile(
        hook,
        '#!/bin/sh\n[ -e moved-once ] && exit 0\ntouch moved-once\nenv -u GIT_QUARANTINE_PATH -u GIT_OBJECT_DIRECTORY -u GIT_ALTERNATE_OBJECT_DIRECTORIES git update-ref refs/heads/main refs/heads/side\n',
      );
      await chmod(hook, 0o755);
      const counter = path.join(remote.bare, 'push-count');
      const env = { PATH: `${killingGit}:${process.env.PATH}`, KILL_AT: 'push@2', KILL_WHEN: when, KILL_COUNTER: counter };
      const killed = await connectServer(clone, 'killed', [], env);
      const closed = new Promise<void>((resolve) => (killed.onclose = resolve));
      await killed.callTool({ name: 'TextEdit', arguments: { filePath: 'a.md', oldString: 'alpha', newString: 'omega' } }).catch(() => undefined);
      await closed;
      expect(await readFile(counter, 'utf8')).toBe('2\n');

      const restarted = await connectServer(clone, 'restarted');
      await restarted.callTool({ name: 'TextEdit', arguments: { filePath: 'b.md', oldString: 'wasp', newString: 'hornet' } });
      const subjects = remote.git(['log', '--format=%s', 'main']).split('\n').filter(Boolean);
      expect(subjects.filter((subject) => subject.startsWith('TextEdit: a.md'))).toHaveLength(1);
      expect(remote.git(['show', 'main:a.md'])).toBe('omega\n');
      expect(remote.git(['show', 'main:b.md'])).toBe('hornet\n');
      expect(await readFile(path.join(clone, 'a.md'), 'utf8')).toBe('omega\n');
      expect(remote.git(['rev-parse', 'HEAD'], clone)).toBe(remote.git(['rev-parse', 'main']));
      expect(remote.git(['status', '--porcelain', '--untracked-files=all'], clone)).toBe('');
      await restarted.close();
    } finally {
      await remote.remove();
    }
  });
});
