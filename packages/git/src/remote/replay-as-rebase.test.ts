import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { personEnv } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const gitIn = (cwd: string, env: Record<string, string>, ...args: string[]) =>
  execFileSync('git', args, { cwd, env: { ...process.env, ...personEnv, ...env } });
const text = (cwd: string, env: Record<string, string>, ...args: string[]) => gitIn(cwd, env, ...args).toString('utf8');

/** A server clone with local commits made by `local`, the remote moved by another clone (c.md), then the server started. */
async function replayed(local: (top: string) => Promise<void>) {
  const remote = await open({ 'a.md': 'a\n', 'c.md': 'c\n' }, 0);
  const top = path.join(remote.bare, '..', 'server');
  text(path.dirname(top), {}, 'clone', '-q', remote.bare, top);
  await local(top);
  const mine = text(top, {}, 'rev-list', '--reverse', 'origin/main..main').split('\n').filter(Boolean);
  const other = path.join(remote.bare, '..', 'other');
  text(path.dirname(other), {}, 'clone', '-q', remote.bare, other);
  await writeFile(path.join(other, 'c.md'), 'c there\n');
  text(other, {}, 'commit', '-q', '-am', 'there: c.md');
  text(other, {}, 'push', '-q', 'origin', 'main');
  // What git's own rebase makes of the same commits, in a third clone.
  const rebased = path.join(remote.bare, '..', 'rebased');
  text(path.dirname(rebased), {}, 'clone', '-q', top, rebased);
  text(rebased, {}, 'fetch', '-q', remote.bare, 'main:refs/remotes/there/main');
  text(rebased, {}, 'rebase', '-q', 'there/main');
  const server = await remote.addClone({}, { existing: top });
  return { remote, top, server, mine, rebased };
}

describe('a replayed commit, against git rebase of the same commits', () => {
  it('a message line starting "author " or "committer " stays in the message, not the header', async () => {
    const { remote, rebased } = await replayed(async (top) => {
      await writeFile(path.join(top, 'a.md'), 'a here\n');
      text(top, {}, 'commit', '-q', '-am', 'here: a.md\n\nauthor of the idea: Kim\ncommitter note: none\n');
    });
    const raw = remote.remoteGit('cat-file', 'commit', 'main');
    const header = raw.slice(0, raw.indexOf('\n\n'));
    expect(header.split('\n').filter((line) => line.startsWith('author ')).length).toBe(1);
    expect(header.split('\n').filter((line) => line.startsWith('committer ')).length).toBe(1);
    expect(remote.remoteGit('log', '-1', '--format=%B', 'main')).toBe(text(rebased, {}, 'log', '-1', '--format=%B'));
  });

  it('a file whose name is not UTF-8, added locally, is on the remote after the replay', async () => {
    const name = Buffer.from([0x6e, 0xe9, 0x2e, 0x6d, 0x64]); // "n\xe9.md" (Latin-1)
    const { remote, top } = await replayed(async (top) => {
      await writeFile(Buffer.concat([Buffer.from(`${top}/`), name]), 'raw here\n');
      text(top, {}, 'add', '-A');
      text(top, {}, 'commit', '-q', '-m', 'here: a raw name');
    });
    const listed = execFileSync('git', ['ls-tree', '-r', '-z', 'main'], { cwd: remote.bare }).toString('latin1');
    // The replayed commit holds the file, and it stays on disk (the work tree followed the branch).
    const blob = /100644 blob ([0-9a-f]+)\tn\xe9\.md/.exec(listed)?.[1] ?? 'none';
    expect(remote.remoteGit('cat-file', 'blob', blob)).toBe('raw here\n');
    expect(remote.remoteGit('log', '-1', '--format=%s', 'main')).toBe('here: a raw name\n');
    expect(readFileSync(Buffer.concat([Buffer.from(`${top}/`), name]), 'utf8')).toBe('raw here\n');
    expect(text(top, {}, 'status', '--porcelain')).toBe('');
  });

  it('a Latin-1 commit (i18n.commitEncoding) keeps its author and message', async () => {
    const { remote, rebased } = await replayed(async (top) => {
      await writeFile(path.join(top, 'a.md'), 'a here\n');
      const message = Buffer.concat([Buffer.from('here: caf'), Buffer.from([0xe9]), Buffer.from('\n')]);
      execFileSync('git', ['-c', 'i18n.commitEncoding=ISO-8859-1', 'commit', '-q', '-a', '-F', '-'], {
        cwd: top,
        input: message,
        env: { ...process.env, ...personEnv },
      });
    });
    // git log gives both in UTF-8, whatever their encoding.
    expect(remote.remoteGit('log', '-1', '--format=%s', 'main')).toBe(text(rebased, {}, 'log', '-1', '--format=%s'));
    expect(remote.remoteGit('log', '-1', '--format=%s', 'main')).toBe('here: café\n');
  });

  it('an empty commit and an exec-bit change are replayed as rebase would (same trees)', async () => {
    const { remote, rebased } = await replayed(async (top) => {
      text(top, {}, 'commit', '-q', '--allow-empty', '-m', 'here: nothing');
      text(top, {}, 'update-index', '--chmod=+x', 'a.md');
      text(top, {}, 'commit', '-q', '-m', 'here: exec');
      await mkdir(path.join(top, 'd'));
      await writeFile(path.join(top, 'd', 'e.md'), 'e\n');
      text(top, {}, 'add', '-A');
      text(top, {}, 'commit', '-q', '-m', 'here: d/e');
      text(top, {}, 'rm', '-q', 'd/e.md');
      text(top, {}, 'commit', '-q', '-m', 'here: d/e gone');
    });
    expect(remote.remoteGit('log', '--format=%T %s', 'main')).toBe(text(rebased, {}, 'log', '--format=%T %s'));
  });

  it.each([
    [
      'file to folder',
      async (top: string) => {
        text(top, {}, 'rm', '-q', 'a.md');
        await mkdir(path.join(top, 'a.md'));
        await writeFile(path.join(top, 'a.md', 'in.md'), 'in\n');
        text(top, {}, 'add', '-A');
        text(top, {}, 'commit', '-q', '-m', 'here: a.md a folder');
      },
    ],
    [
      'folder to file, symlink to file, submodule',
      async (top: string) => {
        await mkdir(path.join(top, 'f'));
        await writeFile(path.join(top, 'f', 'x.md'), 'x\n');
        text(top, {}, 'add', '-A');
        text(top, {}, 'commit', '-q', '-m', 'here: f/x.md');
        text(top, {}, 'rm', '-q', '-r', 'f');
        await writeFile(path.join(top, 'f'), 'f\n');
        await symlink('a.md', path.join(top, 'l'));
        text(top, {}, 'add', '-A');
        text(top, {}, 'commit', '-q', '-m', 'here: f a file, l a link');
        text(top, {}, 'rm', '-q', 'l');
        await writeFile(path.join(top, 'l'), 'now a file\n');
        text(top, {}, 'update-index', '--add', '--cacheinfo', `160000,${text(top, {}, 'rev-parse', 'HEAD').trim()},sub`);
        text(top, {}, 'add', 'l');
        text(top, {}, 'commit', '-q', '-m', 'here: l a file, sub');
      },
    ],
  ] as const)('%s: the same trees as rebase', async (_, local) => {
    const { remote, rebased } = await replayed(local);
    expect(remote.remoteGit('log', '--format=%T %s', 'main')).toBe(text(rebased, {}, 'log', '--format=%T %s'));
  });

  it('an edit of a shared file whose name is not UTF-8 is kept by the replay (on the remote and on disk)', async () => {
    const name = Buffer.from([0x6e, 0xe9, 0x2e, 0x6d, 0x64]);
    const file = (top: string) => Buffer.concat([Buffer.from(`${top}/`), name]);
    const { remote, top } = await replayed(async (top) => {
      await writeFile(file(top), 'shared\n');
      text(top, {}, 'add', '-A');
      text(top, {}, 'commit', '-q', '-m', 'raw name');
      text(top, {}, 'push', '-q', 'origin', 'main');
      await writeFile(file(top), 'edited here\n');
      text(top, {}, 'commit', '-q', '-am', 'here: raw name edited');
    });
    const onDisk = readFileSync(file(top), 'utf8');
    const there = execFileSync('git', ['ls-tree', '-r', '-z', 'main'], { cwd: remote.bare }).toString('latin1');
    const blob = /100644 blob ([0-9a-f]+)\tn\xe9\.md/.exec(there)?.[1] ?? 'none';
    expect([remote.remoteGit('cat-file', 'blob', blob), onDisk]).toEqual(['edited here\n', 'edited here\n']);
  });
});
