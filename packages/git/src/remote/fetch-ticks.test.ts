import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createNodeFs } from '@vault/node';
import { personEnv } from '@vault/testing';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createHookedGit } from '../__fixtures__/hooked-git.js';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';
import { withGitHistory } from '../with-git-history.js';

const open = useRemoteClones();
const hooked = createHookedGit();
afterAll(() => hooked.remove());
afterEach(() => vi.useRealTimers());

// The interval's ticks wait for the queue like calls do; while a long call holds it, they must not pile
// up (one fetch when it ends): the next tick is set only once the last one's fetch ended.
describe('interval fetches while a call holds the queue', () => {
  it('ten ticks during one long call make one fetch after it, not ten', async () => {
    const remote = await open({ 'a.md': 'apple\n' }, 0);
    const top = path.join(remote.bare, '..', 'ticks');
    execFileSync('git', ['clone', '-q', remote.bare, top], { env: { ...process.env, ...personEnv } });
    // The timers are faked but go on with the real clock too (git's own waits end): the test moves the interval on by hand.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'], shouldAdvanceTime: true });
    const fs = await withGitHistory(await createNodeFs(top), { gitPath: hooked.gitPath, remote: { name: 'origin', fetchInterval: 1000 } });
    try {
      const fetches = () => hooked.steps().filter((step) => step === 'fetch').length;
      let release!: () => void;
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const long = fs.history!.record(
        { tool: 'Long' },
        () => {
          started();
          return new Promise<string>((resolve) => (release = () => resolve('done')));
        },
        () => 'nothing written',
      );
      await running;
      const before = fetches();
      vi.advanceTimersByTime(10_000);
      release();
      await long;
      // A call after them: it runs once every tick queued before it has.
      await fs.history!.record(
        { tool: 'Next' },
        async () => 'done',
        () => 'nothing written',
      );
      // One tick's fetch, then the next call's own.
      expect(fetches() - before).toBe(2);
    } finally {
      await fs.close!();
    }
  });
});
