import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { personEnv } from '@vault/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createHookedGit, realGit } from '../__fixtures__/hooked-git.js';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const hooked = createHookedGit();
afterEach(() => {
  hooked.clear('after', 'fetch');
  hooked.clear('after', 'push');
});
afterAll(() => hooked.remove());

// A round after a refusal moves the branch, pushes, then brings the work tree over: a push that landed is the
// calls' answer even when the files then fail to follow (before, the calls were told their change was not made).
describe('the work tree failing to follow after a push that landed', () => {
  it('answers the call as shared (the remote has it), and the files follow once the person is back on the branch', async () => {
    const remote = await open({ 'a.md': 'apple\n', 'b.md': 'bee\n' }, 0);
    const clone = await remote.addClone({}, { gitPath: hooked.gitPath });
    const other = path.join(remote.bare, '..', 'other');
    const env = { ...process.env, ...personEnv };
    execFileSync('git', ['clone', '-q', remote.bare, other], { env });
    execFileSync('sh', ['-c', "printf 'wasp\\n' > b.md && git commit -q -a -m 'b elsewhere'"], { cwd: other, env });
    // Another server pushes right after this server's fetch, so its first push is refused; the next round's push
    // lands, and right after it the person switches branch, before the files follow.
    hooked.hook('after', 'fetch', `rm -f "$0"\n"${realGit}" -C "${other}" push -q origin main`);
    hooked.hook(
      'after',
      'push',
      `case "$*" in *porcelain*) ;; *) exit 0;; esac\n[ -e "$0.first" ] || { : > "$0.first"; exit 0; }\nrm -f "$0" "$0.first"\n"${realGit}" switch -q -c side`,
    );
    await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
    expect(remote.remoteGit('show', 'main:a.md')).toBe('quince\n');
    expect(remote.remoteGit('show', 'main:b.md')).toBe('wasp\n');
    expect(remote.remoteGit('rev-list', '--count', 'main')).toBe('3\n');
    // Back on main, the next call finishes the move from its journal.
    clone.git('switch', '-q', 'main');
    await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'quince', newString: 'pear' });
    expect(await readFile(path.join(clone.top, 'b.md'), 'utf8')).toBe('wasp\n');
    expect(remote.remoteGit('show', 'main:a.md')).toBe('pear\n');
    expect(clone.git('status', '--porcelain')).toBe('');
  });
});
