import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isRunning } from '@vault/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createHookedGit } from '../__fixtures__/hooked-git.js';
import { until, useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const hooked = createHookedGit();
const helpers: number[] = [];
afterEach(async () => {
  hooked.clear('after', 'fetch');
  hooked.clear('after', 'push');
  for (const pid of helpers.splice(0)) process.kill(pid, 'SIGKILL');
});
afterAll(() => hooked.remove());

/** A helper git leaves running that holds the pipes it inherited (a credential cache, ssh, a hook's child): in git's process group, or in a session of its own. */
const helperBody = (pidFile: string, ownSession: boolean) => `rm -f "$0"\n${ownSession ? 'setsid ' : ''}sh -c 'echo $$ > "${pidFile}"; exec sleep 60' &`;

async function helperPid(pidFile: string): Promise<number> {
  await until(async () => (await readFile(pidFile, 'utf8').catch(() => '')).trim() !== '');
  const pid = Number((await readFile(pidFile, 'utf8')).trim());
  helpers.push(pid);
  return pid;
}

// A fetch or push that succeeded was answered only when every process holding git's pipes had closed them: a helper
// left running turned the success into a time-limit failure, and the group was then killed after git had been reaped.
describe('a helper that keeps git’s pipes open after git exits', () => {
  for (const ownSession of [false, true]) {
    it(`a fetch and a push are answered as git answered, and the helper (${ownSession ? 'its own session' : "in git's group"}) is left alone`, async () => {
      const remote = await open({ 'a.md': 'apple\n' }, 0);
      // The time limit is far: the call must not wait for it.
      const clone = await remote.addClone({ timeout: 60_000 }, { gitPath: hooked.gitPath });
      const folder = path.dirname(remote.bare);
      hooked.hook('after', 'fetch', helperBody(path.join(folder, 'fetch-helper'), ownSession));
      hooked.hook('after', 'push', helperBody(path.join(folder, 'push-helper'), ownSession));
      await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
      expect(remote.remoteGit('show', 'main:a.md')).toBe('quince\n');
      expect(clone.git('rev-parse', 'HEAD')).toBe(remote.remoteGit('rev-parse', 'main'));
      const started = [await helperPid(path.join(folder, 'fetch-helper')), await helperPid(path.join(folder, 'push-helper'))];
      expect(started.map(isRunning)).toEqual([true, true]);
    });
  }
});
