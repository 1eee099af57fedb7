import { execFileSync } from 'node:child_process';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
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

// The replay writes the trees and the commit through the kept processes when every path is a plain file
// (or none), and in a private index when one is a symlink: both keep each commit's author, committer,
// dates and message as they were, and the remote's change beside them.
describe('a replay of commits in folders, of a symlink, and of a removal', () => {
  it('rebuilds each with its people, dates and message, and the trees as the commits and the remote say', async () => {
    const remote = await open({ 'notes/deep/a.md': 'a\n', 'b.md': 'b\n', 'notes/c.md': 'c\n' }, 0);
    const top = path.join(remote.bare, '..', 'server');
    const git = (cwd: string, env: Record<string, string>, ...args: string[]) =>
      execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...personEnv, ...env } });
    git(path.dirname(top), {}, 'clone', '-q', remote.bare, top);
    const sam = { GIT_AUTHOR_NAME: 'Sam Ü', GIT_AUTHOR_DATE: '1700000000 +0130', GIT_COMMITTER_DATE: '1700000100 -0700' };
    await writeFile(path.join(top, 'notes', 'deep', 'a.md'), 'a here\n');
    git(top, sam, 'commit', '-q', '-am', 'here: a.md\n\nwith a body\n');
    await symlink('b.md', path.join(top, 'link'));
    git(top, sam, 'add', 'link');
    git(top, sam, 'commit', '-q', '-m', 'here: link');
    git(top, sam, 'rm', '-q', 'b.md');
    git(top, sam, 'commit', '-q', '-m', 'here: b.md removed');
    const before = git(top, {}, 'log', '--format=%an|%ae|%ad|%cn|%cd|%B', '--date=raw', 'origin/main..main');
    const other = path.join(remote.bare, '..', 'other');
    git(path.dirname(other), {}, 'clone', '-q', remote.bare, other);
    await writeFile(path.join(other, 'notes', 'c.md'), 'c there\n');
    git(other, {}, 'commit', '-q', '-am', 'there: notes/c.md');
    git(other, {}, 'push', '-q', 'origin', 'main');

    await remote.addClone({}, { existing: top });
    expect(remote.remoteSubjects()).toEqual(['here: b.md removed', 'here: link', 'here: a.md', 'there: notes/c.md', 'first']);
    expect(remote.remoteGit('log', '--format=%an|%ae|%ad|%cn|%cd|%B', '--date=raw', 'main~3..main')).toBe(before);
    expect(remote.remoteGit('ls-tree', '-r', '--format=%(objectmode) %(path)', 'main')).toBe('120000 link\n100644 notes/c.md\n100644 notes/deep/a.md\n');
    expect(remote.remoteGit('show', 'main:notes/deep/a.md') + remote.remoteGit('show', 'main:notes/c.md')).toBe('a here\nc there\n');
  });
});

// A file where the remote made a folder meanwhile, or a file in a folder where the remote made a file:
// the rebuilt tree would have replaced the remote's entry, losing its change. The local commit is taken
// back instead (STALE_FILE for its call), kept under refs/vault/taken-back/, and the remote's files stay.
describe('a replayed commit whose path is a folder on the remote, or inside a file there', () => {
  it.each([
    ['x', 'x/y.md'],
    ['x/y.md', 'x'],
  ])('here %s, there %s: the remote keeps its file, the local commit is taken back', async (here, there) => {
    const remote = await open({ 'a.md': 'a\n' }, 0);
    const top = path.join(remote.bare, '..', 'server');
    const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...personEnv } });
    git(path.dirname(top), 'clone', '-q', remote.bare, top);
    await mkdir(path.dirname(path.join(top, here)), { recursive: true });
    await writeFile(path.join(top, here), 'here\n');
    git(top, 'add', '-A');
    git(top, 'commit', '-q', '-m', `here: ${here}`);
    const local = git(top, 'rev-parse', 'HEAD').trim();
    const other = path.join(remote.bare, '..', 'other');
    git(path.dirname(other), 'clone', '-q', remote.bare, other);
    await mkdir(path.dirname(path.join(other, there)), { recursive: true });
    await writeFile(path.join(other, there), 'there\n');
    git(other, 'add', '-A');
    git(other, 'commit', '-q', '-m', `there: ${there}`);
    git(other, 'push', '-q', 'origin', 'main');

    const server = await remote.addClone({}, { existing: top });
    expect(remote.remoteSubjects()).toEqual([`there: ${there}`, 'first']);
    expect(remote.remoteGit('show', `main:${there}`)).toBe('there\n');
    expect(server.git('rev-parse', 'HEAD')).toBe(remote.remoteGit('rev-parse', 'main'));
    expect(server.git('for-each-ref', '--format=%(refname)', 'refs/vault/taken-back/')).toBe(`refs/vault/taken-back/${local}\n`);
    expect(await readFile(path.join(top, there), 'utf8')).toBe('there\n');
  });
});
