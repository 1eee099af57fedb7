import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { personEnv } from '@vault/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createHookedGit, realGit } from '../__fixtures__/hooked-git.js';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const hooked = createHookedGit();
afterAll(() => hooked.remove());

// A server may share a shallow clone (git clone --depth 1): the replay walks the local commits down to the remote's tip
// as last fetched, which the shallow clone holds, and never needs the history cut off below it.
describe('a server on a shallow clone', () => {
  it('replays its write on the remote tip another server pushed, and the files and index follow', async () => {
    const remote = await open({ 'a.md': 'apple\n', 'b.md': 'bee\n' }, 1);
    const [other] = remote.clones;
    await other!.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'plum' });
    const top = path.join(remote.bare, '..', 'shallow');
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${remote.bare}`, top], { env: { ...process.env, ...personEnv } });
    const shallow = await remote.addClone({}, { existing: top, gitPath: hooked.gitPath });
    expect(shallow.git('rev-parse', '--is-shallow-repository')).toBe('true\n');
    await shallow.vault.call('TextEdit', { filePath: 'a.md', oldString: 'plum', newString: 'quince' });
    // Another server pushes right after this server's fetch: its push is refused, and the round replays it.
    const person = path.join(remote.bare, '..', 'person');
    execFileSync('git', ['clone', '-q', remote.bare, person], { env: { ...process.env, ...personEnv } });
    execFileSync('sh', ['-c', "printf 'wasp\\n' > b.md && git commit -q -a -m 'b elsewhere'"], { cwd: person, env: { ...process.env, ...personEnv } });
    hooked.hook('after', 'fetch', `rm -f "$0"\n"${realGit}" -C "${person}" push -q origin main`);
    await shallow.vault.call('TextEdit', { filePath: 'a.md', oldString: 'quince', newString: 'pear' });
    expect(hooked.steps().filter((step) => step === 'push')).toHaveLength(3);
    expect(remote.remoteGit('show', 'main:a.md')).toBe('pear\n');
    expect(remote.remoteGit('show', 'main:b.md')).toBe('wasp\n');
    expect(remote.remoteGit('rev-list', '--count', 'main')).toBe('5\n');
    expect(await readFile(path.join(shallow.top, 'b.md'), 'utf8')).toBe('wasp\n');
    expect(shallow.git('status', '--porcelain')).toBe('');
    expect(shallow.git('rev-parse', 'HEAD')).toBe(remote.remoteGit('rev-parse', 'main'));
  });
});
