import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { personEnv } from '@vault/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createHookedGit, realGit } from '../__fixtures__/hooked-git.js';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const hooked = createHookedGit();
afterAll(() => hooked.remove());

// After a push round (fetch, replay, push) lands, the branch is the remote's tip as of that push: the call let in right
// after it does not fetch again (at 16 clones, each call queued behind a round fetched what the round had just fetched).
describe('a call right after a push round landed', () => {
  it('skips its fetch, and its change is on the remote', async () => {
    const remote = await open({ 'a.md': 'apple\n', 'b.md': 'bee\n', 'c.md': 'sea\n' }, 0);
    const other = path.join(remote.bare, '..', 'other');
    execFileSync('git', ['clone', '-q', remote.bare, other], { env: { ...process.env, ...personEnv } });
    const state = path.join(remote.bare, '..', 'state');
    const server = await remote.addClone({}, { gitPath: hooked.gitPath });
    // The first push: another server's push lands just before it, so it is refused and a round follows. That round's push
    // is made to take a second (after git answered), far longer than the few steps from its answer to the next call.
    hooked.hook(
      'before',
      'push',
      `[ -e "${state}-first" ] && exit 0
touch "${state}-first"
cd "${other}" && printf 'wasp\\n' > b.md && "${realGit}" commit -q -a -m 'b elsewhere' && "${realGit}" push -q origin main`,
    );
    hooked.hook(
      'after',
      'push',
      `[ -e "${state}-refused" ] || { touch "${state}-refused"; exit 0; }\n[ -e "${state}-round" ] && exit 0\ntouch "${state}-round"\nsleep 1`,
    );
    const fetches = () => hooked.steps().filter((step) => step === 'fetch').length;
    await server.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
    // The call's own fetch, then the round's.
    expect(hooked.steps().filter((step) => step === 'push')).toHaveLength(2);
    const before = fetches();
    await server.vault.call('TextEdit', { filePath: 'c.md', oldString: 'sea', newString: 'ocean' });
    expect(fetches()).toBe(before);
    expect(remote.remoteGit('show', 'main:c.md')).toBe('ocean\n');
    expect(remote.remoteGit('show', 'main:b.md')).toBe('wasp\n');
    expect(server.git('status', '--porcelain')).toBe('');
  });
});
