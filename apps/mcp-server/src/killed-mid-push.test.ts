import { execFileSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
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
// (update-ref) and the push. Restarted, it pushes what it committed and did not push: the change is on
// the remote exactly once.
describe('vault-mcp --git --git-remote killed mid-commit and mid-push', () => {
  const cases = ['update-ref', 'push'].flatMap((step) => (['before', 'after'] as const).map((when) => ({ step, when })));
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
      expect(subjects).toEqual([step === 'update-ref' && when === 'before' ? 'TextEdit: a.md (recorded after a restart)' : 'TextEdit: a.md', 'first']);
      expect(remote.git(['show', 'main:a.md'])).toBe('omega\n');
      expect(remote.git(['rev-parse', 'HEAD'], clone)).toBe(remote.git(['rev-parse', 'main']));
      expect(remote.git(['status', '--porcelain', '--untracked-files=all'], clone)).toBe('');
      await restarted.close();
    } finally {
      await remote.remove();
    }
  });
});
