import { execFileSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKillingGit } from './__fixtures__/killing-git.js';
import { connectServer, createSharedRemote } from './__fixtures__/remote-clones-bin.js';

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
      expect(await readFile(path.join(clone, 'a.md'), 'utf8')).toBe('alpha from elsewhere\n');
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
