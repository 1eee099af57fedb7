import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { personEnv } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const read = (top: string, file: string) => readFile(path.join(top, file), 'utf8');
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Runs git in `cwd` as a person would, with `input` on stdin. */
const gitIn = (cwd: string, args: string[], input?: Buffer) =>
  execFileSync('git', args, { cwd, input, encoding: 'utf8', env: { ...process.env, ...personEnv } }).trim();

/** A tree git's own commands would never build (`hash-object --literally`): each entry `[mode, name, id]`, in git's order. */
function literalTree(cwd: string, entries: [string, string, string][]): string {
  const key = ([mode, name]: [string, string, string]) => Buffer.from(mode === '40000' ? `${name}/` : name);
  const sorted = [...entries].sort((left, right) => Buffer.compare(key(left), key(right)));
  const body = Buffer.concat(sorted.map(([mode, name, id]) => Buffer.concat([Buffer.from(`${mode} ${name}\0`), Buffer.from(id, 'hex')])));
  return gitIn(cwd, ['hash-object', '-t', 'tree', '-w', '--literally', '--stdin'], body);
}

const warnings: string[] = [];
const hear = (warning: Error) => warnings.push(warning.message);
afterEach(() => {
  process.off('warning', hear);
  warnings.length = 0;
});

// A remote is shared with others, and one of them may push a tree that git's own commands never build:
// fsck is off by default, so the remote takes it. git's checkout refuses such names (verify_path); the
// server writes files itself, so it refuses them too (decision 0019).
describe('a hostile tree pushed to the remote', () => {
  it("writes nothing into the clone's .git (in any spelling a file system opens as .git) nor outside the work tree, and the server keeps working", async () => {
    const remote = await open({ 'a.md': 'apple\n', 'b.md': 'bee\n' }, 0);
    const clone = await remote.addClone();
    const other = path.join(remote.bare, '..', 'other');
    gitIn(path.dirname(other), ['clone', '-q', remote.bare, other]);
    const blob = (text: string) => gitIn(other, ['hash-object', '-w', '--stdin'], Buffer.from(text));
    const hook = blob('#!/bin/sh\necho PWNED >&2\n');
    const hooks = literalTree(other, [['40000', 'hooks', literalTree(other, [['100755', 'pre-commit', hook]])]]);
    const evil = literalTree(other, [['100644', 'evil.md', blob('evil\n')]]);
    const tree = literalTree(other, [
      ['40000', '.git', hooks],
      ['40000', '.GIT', hooks],
      ['40000', '.g\u200cit', hooks],
      ['40000', 'GIT~1', hooks],
      ['40000', '..', evil],
      ['100644', 'a.md', gitIn(other, ['rev-parse', 'HEAD:a.md'])],
      ['100644', 'b.md', blob('wasp\n')],
    ]);
    const commit = gitIn(other, ['commit-tree', tree, '-p', 'HEAD', '-m', 'hostile']);
    gitIn(other, ['push', '-q', 'origin', `${commit}:refs/heads/main`]);

    process.on('warning', hear);
    await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
    // The change beside the hostile names came over; the hostile names were written nowhere.
    expect(await read(clone.top, 'b.md')).toBe('wasp\n');
    expect(await exists(path.join(clone.top, '.git', 'hooks', 'pre-commit'))).toBe(false);
    expect((await readdir(clone.top)).sort()).toEqual(['.git', 'a.md', 'b.md']);
    expect(await exists(path.join(clone.top, '..', 'evil.md'))).toBe(false);
    const warned = warnings.join('\n');
    for (const name of ['.git/hooks/pre-commit', '.GIT/hooks/pre-commit', '.g\u200cit/hooks/pre-commit', 'GIT~1/hooks/pre-commit', '../evil.md']) {
      expect(warned).toContain(JSON.stringify(name));
    }
    expect(warned).toContain("not written: a name git's checkout refuses");
    expect(remote.remoteGit('show', 'main:a.md')).toBe('quince\n');

    // Later writes and a restart go on as usual.
    await clone.vault.call('TextEdit', { filePath: 'b.md', oldString: 'wasp', newString: 'hornet' });
    expect(remote.remoteGit('show', 'main:b.md')).toBe('hornet\n');
    await clone.close();
    const restarted = await remote.addClone({}, { existing: clone.top });
    await restarted.vault.call('TextEdit', { filePath: 'a.md', oldString: 'quince', newString: 'pear' });
    expect(remote.remoteGit('show', 'main:a.md')).toBe('pear\n');
  });

  it('writes and removes nothing through a folder a person turned into a symlink: what is there stays where it leads', async () => {
    const remote = await open({ 'a.md': 'apple\n', 'd/x.md': 'ex\n' }, 1);
    const writer = remote.clones[0]!;
    const clone = await remote.addClone();
    const elsewhere = path.join(remote.bare, '..', 'elsewhere');
    await mkdir(elsewhere);
    await writeFile(path.join(elsewhere, 'x.md'), 'ex\n');
    await rm(path.join(clone.top, 'd'), { recursive: true });
    await symlink(elsewhere, path.join(clone.top, 'd'));
    await writer.vault.call('RemoveFile', { filePath: 'd/x.md' });
    await writer.vault.call('TextCreate', { filePath: 'd/y.md', content: 'why\n' });

    process.on('warning', hear);
    await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
    expect((await readdir(elsewhere)).sort()).toEqual(['x.md']);
    expect(await read(elsewhere, 'x.md')).toBe('ex\n');
    expect(warnings.join('\n')).toMatch(/d\/x\.md, d\/y\.md changed on disk and on the remote/);
    expect(remote.remoteGit('ls-tree', '-r', '--name-only', 'main', '--', 'd')).toBe('d/y.md\n');
  });
});
