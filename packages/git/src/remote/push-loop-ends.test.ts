import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { personEnv } from '@vault/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createHookedGit, realGit } from '../__fixtures__/hooked-git.js';
import { holdPushes, useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const hooked = createHookedGit();
afterAll(() => hooked.remove());

describe('the push loop ends, and answers every call waiting for it', () => {
  it("the branch deleted while a push is refused (the remote moved): IO_ERROR details.remote 'no-branch', the change kept", async () => {
    const remote = await open({ 'a.md': 'apple\n', 'b.md': 'bee\n' }, 0);
    const clone = await remote.addClone({}, { gitPath: hooked.gitPath });
    // Another clone has a commit ready; right before the server's push, it lands first and the person deletes the branch.
    const other = path.join(remote.bare, '..', 'other');
    const otherGit = (...args: string[]) => execFileSync('git', args, { cwd: other, encoding: 'utf8', env: { ...process.env, ...personEnv } });
    execFileSync('git', ['clone', '-q', remote.bare, other], { env: { ...process.env, ...personEnv } });
    await writeFile(path.join(other, 'b.md'), 'wasp\n');
    otherGit('commit', '-q', '-am', 'other');
    hooked.hook('before', 'push', `rm -f "$0"\n"${realGit}" -C "${other}" push -q origin main\n"${realGit}" update-ref -d refs/heads/main`);
    const refused = await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'IO_ERROR', details: { remote: 'no-branch' } });
    expect(remote.remoteSubjects()).toEqual(['other', 'first']);
    const taken = clone.git('for-each-ref', '--format=%(refname)', 'refs/vault/taken-back/').split('\n').filter(Boolean);
    expect(taken).toHaveLength(1);
    expect(clone.git('show', `${taken[0]}:a.md`)).toBe('quince\n');
  });

  it("close() during a push: the waiting call is answered IO_ERROR details.remote 'closed', and close ends once the push did", async () => {
    const remote = await open({ 'a.md': 'apple\n' }, 0);
    const clone = await remote.addClone();
    const release = await holdPushes(remote.bare, remote.hook, 1);
    const call = clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' }).then(
      () => 'answered: shared',
      (error: unknown) => error,
    );
    // The push is at the remote, held by its hook: the server closes.
    const closing = release.arrived().then(() => clone.close());
    const first = await Promise.race([call, closing.then(() => 'closed with the call unanswered')]);
    expect(first).toMatchObject({ code: 'IO_ERROR', details: { remote: 'closed' } });
    await release();
    await closing;
    // The push went on at the remote: it has the change, once.
    expect(remote.remoteSubjects()).toEqual(['TextEdit: a.md', 'first']);
  });
});

describe('a push whose answer is lost after the remote took it', () => {
  it('is found on the remote by a fetch, and answered as shared: not taken back, the change there once', async () => {
    const remote = await open({ 'a.md': 'apple\n' }, 0);
    const clone = await remote.addClone({}, { gitPath: hooked.gitPath });
    // The push lands, then the connection "drops": git says it failed.
    hooked.hook('after', 'push', 'rm -f "$0"\nexit 128');
    await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
    expect(remote.remoteSubjects()).toEqual(['TextEdit: a.md', 'first']);
    expect(clone.git('rev-parse', 'HEAD')).toBe(remote.remoteGit('rev-parse', 'main'));
    expect(clone.git('status', '--porcelain')).toBe('');
    expect(clone.git('for-each-ref', 'refs/vault/taken-back/')).toBe('');
  });
});
