import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { personEnv } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const warnings: string[] = [];
const listen = (warning: Error) => warnings.push(warning.message);
afterEach(() => {
  process.off('warning', listen);
  warnings.length = 0;
});

// A start settles on the remote's tip first, then pushes what a killed server committed and did not push. A commit of
// those that clashes with the remote was taken back by that first settle, before any push waited for it, so nobody was
// told (decision 0019: the start pushes it "or takes it back and says so").
describe('a start whose unpushed commit clashes with the remote', () => {
  it('takes it back and says so in a warning', async () => {
    const remote = await open({ 'a.md': 'apple\n' }, 0);
    const first = await remote.addClone({});
    await first.close();
    // What a killed server committed and did not push (its journal recorded at start), here made by git.
    await writeFile(path.join(first.top, 'a.md'), 'mine\n');
    first.git('commit', '-q', '-am', 'TextEdit: a.md');
    const other = path.join(remote.bare, '..', 'other');
    const env = { ...process.env, ...personEnv };
    execFileSync('git', ['clone', '-q', remote.bare, other], { env });
    execFileSync('sh', ['-c', "printf 'theirs\\n' > a.md && git commit -q -am theirs && git push -q origin main"], { cwd: other, env });
    process.on('warning', listen);
    const restarted = await remote.addClone({}, { existing: first.top });
    await new Promise((resolve) => setImmediate(resolve));
    expect(remote.remoteGit('show', 'main:a.md')).toBe('theirs\n');
    expect(restarted.git('for-each-ref', '--format=%(refname)', 'refs/vault/taken-back/')).not.toBe('');
    expect(warnings.join('\n')).toMatch(/taken back.*a\.md was changed on another server/);
  });
});
