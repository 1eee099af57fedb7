import { describe, expect, it, vi } from 'vitest';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';

// Issue 29: with group commit the first push of a round runs beside the queue, so a call can commit while the push
// reads the branch's tip. The tip read is older than that commit; the push took the waiting calls' commits after
// reading it, found the newer one not on the tip, and took back every waiting call as if a person had switched branch
// (an IO_ERROR "has branch main checked out, not main", seen at 16 clones in the bench). Here the tip read is held,
// its value as read, until the next call has committed and is waiting.
const hooks = vi.hoisted(() => ({ shares: 0, secondShared: () => {}, held: Promise.resolve() }));

vi.mock('./remote-branch.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./remote-branch.js')>();
  return {
    ...original,
    commitOf: async (...args: Parameters<typeof original.commitOf>) => {
      const commit = await original.commitOf(...args);
      if (args[1] === 'refs/heads/main' && hooks.shares === 1) await hooks.held;
      return commit;
    },
  };
});

vi.mock('./create-remote-sync.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./create-remote-sync.js')>();
  return {
    ...original,
    createRemoteSync: (...args: Parameters<typeof original.createRemoteSync>) => {
      const sync = original.createRemoteSync(...args);
      return {
        ...sync,
        share(commit: string) {
          hooks.shares += 1;
          if (hooks.shares === 2) hooks.secondShared();
          return sync.share(commit);
        },
      };
    },
  };
});

const open = useRemoteClones();

describe('group commit: a call committing while the push reads the tip', () => {
  it('goes in the next push; no call is taken back', async () => {
    hooks.held = new Promise((resolve) => (hooks.secondShared = resolve));
    const remote = await open({}, 1);
    const [server] = remote.clones;
    const answers = await Promise.all(
      [0, 1].map((index) =>
        server!.vault.call('TextCreate', { filePath: `n${index}.md`, content: `${index}\n` }).then(
          () => 'applied',
          (error: unknown) => (error as Error).message,
        ),
      ),
    );
    expect(hooks.shares).toBe(2);
    expect(answers).toEqual(['applied', 'applied']);
    expect(remote.remoteSubjects()).toEqual(['TextCreate: n1.md', 'TextCreate: n0.md', 'first']);
    expect(server!.git('for-each-ref', 'refs/vault/taken-back/')).toBe('');
  });
});
