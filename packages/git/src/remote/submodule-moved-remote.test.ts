import { execFileSync } from 'node:child_process';
import { rmdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { personEnv } from '@vault/testing';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();

describe('a submodule (gitlink) in the vault that the remote moves', () => {
  it('a call after another server moved the gitlink is shared (the fetch does not recurse into the submodule)', async () => {
    const remote = await open({ 'a.md': 'apple\n' }, 0);
    const git = (input: string | undefined, ...args: string[]) =>
      execFileSync('git', args, { cwd: remote.bare, input, env: { ...process.env, ...personEnv } })
        .toString('utf8')
        .trim();
    const commitWith = (pointer: string, message: string) => {
      const a = git(undefined, 'rev-parse', 'main:a.md');
      const modules = git('[submodule "sub"]\n\tpath = sub\n\turl = ./sub\n', 'hash-object', '-w', '--stdin');
      const tree = git(`100644 blob ${a}\ta.md\n100644 blob ${modules}\t.gitmodules\n160000 commit ${pointer.repeat(40)}\tsub\n`, 'mktree');
      const commit = git(message, 'commit-tree', tree, '-p', 'main');
      git(undefined, 'update-ref', 'refs/heads/main', commit);
    };
    commitWith('1', 'a submodule');
    const clone = await remote.addClone();
    // The submodule was never set up here: no folder for it (as after a person's rm -r sub, or a checkout that left none).
    rmdirSync(`${clone.top}/sub`);
    // Another server moves the submodule's commit.
    commitWith('3', 'there: sub moved');
    const answer = await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' }).then(
      () => 'shared',
      (error: unknown) => error,
    );
    expect(answer).toBe('shared');
    expect(remote.remoteGit('show', 'main:a.md')).toBe('quince\n');
  });
});
