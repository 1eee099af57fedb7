import { isRunning } from '@vault/testing';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHookedGit } from '../__fixtures__/hooked-git.js';
import { until, useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();

// git's helpers (receive-pack and its hook here; ssh or git-remote-http elsewhere) inherit its pipes: killing git alone
// left the call waiting for them. The time limit stops git's whole process group and answers once git is gone.
describe('a remote whose hook never ends', () => {
  it('the push is stopped at the time limit with its helpers, and the answer says the remote may still take the change', async () => {
    const remote = await open({ 'a.md': 'apple\n' }, 0);
    // Long enough for the fetch before the write, however loaded the machine; the hook would wait for ever.
    const clone = await remote.addClone({ timeout: 3000 });
    const pidFile = path.join(remote.bare, 'hook.pid');
    await remote.hook('pre-receive', `cat >/dev/null\necho $$ > "${pidFile}"\nwhile :; do sleep 1; done`);
    const refused = await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'IO_ERROR', details: { remote: 'unavailable', outcome: 'unknown' } });
    expect((refused as Error).message).toContain('no answer within 3000 ms');
    expect((refused as Error).message).toContain('the remote may still take it');
    // The hook's shell was in git's group: it is gone, not left holding the pipes.
    const hook = Number(await readFile(pidFile, 'utf8'));
    await until(async () => !isRunning(hook));
    expect(remote.remoteSubjects()).toEqual(['first']);
    expect(await readFile(path.join(clone.top, 'a.md'), 'utf8')).toBe('apple\n');
    expect(clone.git('status', '--porcelain')).toBe('');
    expect(clone.git('for-each-ref', '--format=%(refname)', 'refs/vault/taken-back/').split('\n').filter(Boolean)).toHaveLength(1);
    // The next call is not held either: with the hook gone, it goes through.
    await remote.hook('pre-receive', 'cat >/dev/null');
    await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
    expect(remote.remoteGit('show', 'main:a.md')).toBe('quince\n');
    await clone.close();
  }, 60_000);

  it('a push that failed, and a fetch that could not check it: the answer says the remote may have the change, and a retry finds it applied', async () => {
    const remote = await open({ 'a.md': 'apple\n' }, 0);
    const git = createHookedGit();
    try {
      const clone = await remote.addClone({}, { gitPath: git.gitPath });
      const marker = path.join(remote.bare, 'pushed');
      // The push lands, but its answer is lost; the fetch that checks it fails too.
      git.hook('after', 'push', `touch "${marker}"\nexit 1`);
      git.hook('after', 'fetch', `if [ -e "${marker}" ]; then exit 128; fi`);
      const refused = await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' }).catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: 'IO_ERROR', details: { remote: 'unavailable', outcome: 'unknown' } });
      expect((refused as Error).message).not.toContain('nothing changed');
      expect(remote.remoteGit('show', 'main:a.md')).toBe('quince\n');
      git.clear('after', 'push');
      git.clear('after', 'fetch');
      const retried = await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
      expect(retried).toMatchObject({ alreadyApplied: true });
      expect(remote.remoteSubjects()).toHaveLength(2);
      await clone.close();
    } finally {
      git.remove();
    }
  });
});
