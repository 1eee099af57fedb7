import { execFileSync } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { personEnv } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const executable = async (file: string) => ((await stat(file)).mode & 0o111) !== 0;

// A change of mode alone (chmod +x, then -x) on the remote: the same blob, another mode. The file follows it as git's
// checkout would, and git status stays clean.
describe('a mode-only change on the remote', () => {
  it('is applied to the work tree file, both ways, and the index agrees', async () => {
    const remote = await open({ 'a.md': 'apple\n', 'b.md': 'bee\n' }, 1);
    const [clone] = remote.clones;
    const person = path.join(remote.bare, '..', 'person');
    const env = { ...process.env, ...personEnv };
    execFileSync('git', ['clone', '-q', remote.bare, person], { env });
    for (const [mode, expected] of [
      ['+x', true],
      ['-x', false],
    ] as const) {
      execFileSync('sh', ['-c', `git pull -q --ff-only && git update-index --chmod=${mode} a.md && git commit -q -m 'a ${mode}' && git push -q origin main`], {
        cwd: person,
        env,
      });
      // The next write fetches first and brings the change over.
      await clone!.vault.call('TextEdit', { filePath: 'b.md', oldString: expected ? 'bee' : 'wasp', newString: expected ? 'wasp' : 'bee' });
      expect(await executable(path.join(clone!.top, 'a.md'))).toBe(expected);
      expect(clone!.git('status', '--porcelain')).toBe('');
      expect(clone!.git('ls-files', '-s', 'a.md').slice(0, 6)).toBe(expected ? '100755' : '100644');
      expect(remote.remoteGit('ls-tree', 'main', 'a.md').slice(0, 6)).toBe(expected ? '100755' : '100644');
    }
  });
});
