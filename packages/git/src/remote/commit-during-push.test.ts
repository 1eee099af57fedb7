import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { personEnv } from '@vault/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createHookedGit, realGit } from '../__fixtures__/hooked-git.js';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const hooked = createHookedGit();
afterEach(() => {
  hooked.clear('after', 'fetch');
  hooked.clear('before', 'push');
});
afterAll(() => hooked.remove());

// A round after a refusal pushes the replayed commits, and only once the push landed moves the branch and brings the
// files over: a person's own commit during the push finds HEAD, their index and the disk at one commit, so it can
// never commit the old version of a file the remote changed (before, the branch moved first and the commit undid it).
describe("a person's commit during a round's push", () => {
  it('never undoes the change the round fetched', async () => {
    const remote = await open({ 'a.md': 'apple\n', 'b.md': 'bee\n' }, 0);
    const clone = await remote.addClone({}, { gitPath: hooked.gitPath });
    const other = path.join(remote.bare, '..', 'other');
    const env = { ...process.env, ...personEnv };
    execFileSync('git', ['clone', '-q', remote.bare, other], { env });
    execFileSync('sh', ['-c', "printf 'wasp\\n' > b.md && git commit -q -a -m 'b elsewhere'"], { cwd: other, env });
    // Another server pushes right after this server's fetch, so its first push is refused; right before the next
    // round's push, the person commits what their index holds.
    hooked.hook('after', 'fetch', `rm -f "$0"\n"${realGit}" -C "${other}" push -q origin main`);
    hooked.hook(
      'before',
      'push',
      `case "$*" in *porcelain*) ;; *) exit 0;; esac\n[ -e "$0.first" ] || { : > "$0.first"; exit 0; }\nrm -f "$0" "$0.first"\nGIT_AUTHOR_NAME=Person GIT_AUTHOR_EMAIL=p@example.com GIT_COMMITTER_NAME=Person GIT_COMMITTER_EMAIL=p@example.com "${realGit}" commit -q -m 'person' || true`,
    );
    await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
    expect(remote.remoteGit('show', 'main:b.md')).toBe('wasp\n');
    // The next call shares whatever the person committed: the remote's change to b.md must survive it.
    await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'quince', newString: 'pear' });
    expect(remote.remoteGit('show', 'main:a.md')).toBe('pear\n');
    expect(remote.remoteGit('show', 'main:b.md')).toBe('wasp\n');
    expect(clone.git('show', 'HEAD:b.md')).toBe('wasp\n');
    expect(clone.git('status', '--porcelain')).toBe('');
  });
});
