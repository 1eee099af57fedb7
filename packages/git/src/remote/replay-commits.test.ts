import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { personEnv } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();

// Several local commits the remote lacks (a group, or what a killed server committed) are each rebuilt
// on the remote's new tip, in order: the replay reads their list one id a line, whatever git writes.
describe('a replay of several local commits', () => {
  it('rebuilds each on the moved remote, in order, and pushes them all', async () => {
    const remote = await open({ 'a.md': 'a\n', 'b.md': 'b\n', 'c.md': 'c\n' }, 0);
    const top = path.join(remote.bare, '..', 'server');
    const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...personEnv } });
    git(path.dirname(top), 'clone', '-q', remote.bare, top);
    // Two commits here, not pushed (a server killed before its push made them).
    for (const file of ['a.md', 'b.md']) {
      await writeFile(path.join(top, file), `${file} here\n`);
      git(top, 'commit', '-q', '-am', `here: ${file}`);
    }
    // Meanwhile another clone pushed a change to c.md.
    const other = path.join(remote.bare, '..', 'other');
    git(path.dirname(other), 'clone', '-q', remote.bare, other);
    await writeFile(path.join(other, 'c.md'), 'c there\n');
    git(other, 'commit', '-q', '-am', 'there: c.md');
    git(other, 'push', '-q', 'origin', 'main');

    // The server starts: it settles on the remote's tip and pushes what it had.
    const server = await remote.addClone({}, { existing: top });
    expect(remote.remoteSubjects()).toEqual(['here: b.md', 'here: a.md', 'there: c.md', 'first']);
    expect(remote.remoteGit('show', 'main:a.md') + remote.remoteGit('show', 'main:b.md') + remote.remoteGit('show', 'main:c.md')).toBe(
      'a.md here\nb.md here\nc there\n',
    );
    expect(server.git('rev-parse', 'HEAD')).toBe(remote.remoteGit('rev-parse', 'main'));
    expect(server.git('status', '--porcelain')).toBe('');
  });
});
