import { execFileSync } from 'node:child_process';
import { readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { personEnv } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type RemoteClones, useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();

const warnings: string[] = [];
const hear = (warning: Error) => warnings.push(warning.message);
afterEach(() => {
  process.off('warning', hear);
  warnings.length = 0;
});

/** Another person's clone of the remote, for pushes no server makes: their git run in it. */
function otherClone(remote: RemoteClones): { top: string; git(...args: string[]): string } {
  const top = path.join(remote.bare, '..', 'other');
  execFileSync('git', ['clone', '-q', remote.bare, top], { env: { ...process.env, ...personEnv } });
  return { top, git: (...args) => execFileSync('git', args, { cwd: top, encoding: 'utf8', env: { ...process.env, ...personEnv } }) };
}

describe("what the server does not write from a fetch is not taken for a person's edit", () => {
  it("a symlink and a submodule the remote adds: said as not written, and a write there refused (it would undo the remote's entry) until a person checks it out", async () => {
    const remote = await open({ 'a.md': 'apple\n', 'b.md': 'bee\n' }, 0);
    const clone = await remote.addClone();
    const other = otherClone(remote);
    await symlink('a.md', path.join(other.top, 'link.md'));
    other.git('add', 'link.md');
    other.git('update-index', '--add', '--cacheinfo', `160000,${other.git('rev-parse', 'HEAD').trim()},sub.md`);
    other.git('commit', '-q', '-m', 'a link and a submodule');
    other.git('push', '-q', 'origin', 'main');

    process.on('warning', hear);
    await clone.vault.call('TextEdit', { filePath: 'b.md', oldString: 'bee', newString: 'wasp' });
    expect(warnings.join('\n')).toContain('link.md, sub.md not written: a symlink or a submodule');
    expect(warnings.join('\n')).not.toContain('changed on disk and on the remote');
    expect((await readdir(clone.top)).sort()).toEqual(['.git', 'a.md', 'b.md']);
    // Nothing staged: the index follows the branch, and git status shows only what the disk lacks.
    expect(clone.git('status', '--porcelain')).toBe(' D link.md\n D sub.md\n');

    await expect(clone.vault.call('TextCreate', { filePath: 'link.md', content: 'a note now\n' })).rejects.toMatchObject({
      code: 'STALE_FILE',
      details: { path: 'link.md' },
    });
    expect(remote.remoteGit('ls-tree', 'main', 'link.md')).toMatch(/^120000 /);
    clone.git('checkout', 'HEAD', '--', 'link.md');
    await clone.vault.call('TextEdit', { filePath: 'link.md', oldString: 'apple', newString: 'pear' });
    expect(remote.remoteGit('show', 'main:a.md')).toBe('pear\n');
    expect(remote.remoteGit('ls-tree', 'main', 'link.md')).toMatch(/^120000 /);
  });

  it('a file whose name is not UTF-8 is brought over, changed and removed as the remote says, and nothing is staged', async () => {
    const remote = await open({ 'a.md': 'apple\n', 'b.md': 'bee\n', 'd/x.md': 'ex\n' }, 0);
    const clone = await remote.addClone();
    const other = otherClone(remote);
    const name = (top: string) => Buffer.concat([Buffer.from(`${top}/d/caf`), Buffer.from([0xe9]), Buffer.from('.md')]);
    const write = async (edit: string, text: string) => {
      other.git('pull', '-q', '--ff-only');
      await writeFile(name(other.top), text);
      other.git('add', '-A');
      other.git('commit', '-q', '-m', edit);
      other.git('push', '-q', 'origin', 'main');
    };

    await write('a Latin-1 name', 'latin\n');
    await clone.vault.call('TextEdit', { filePath: 'b.md', oldString: 'bee', newString: 'wasp' });
    expect(await readFile(name(clone.top), 'utf8')).toBe('latin\n');
    expect(clone.git('status', '--porcelain')).toBe('');

    await write('changed', 'latin too\n');
    await clone.vault.call('TextEdit', { filePath: 'b.md', oldString: 'wasp', newString: 'hornet' });
    expect(await readFile(name(clone.top), 'utf8')).toBe('latin too\n');
    expect(clone.git('status', '--porcelain')).toBe('');

    other.git('pull', '-q', '--ff-only');
    other.git('rm', '-q', '-r', '--', 'd');
    other.git('commit', '-q', '-m', 'removed');
    other.git('push', '-q', 'origin', 'main');
    await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
    expect(await readdir(clone.top)).not.toContain('d');
    expect(clone.git('status', '--porcelain')).toBe('');
    expect(remote.remoteGit('ls-tree', '-r', '--name-only', 'main')).toBe('a.md\nb.md\n');
  });

  it("a person's edit of a file whose name is not UTF-8 is kept and said", async () => {
    const remote = await open({ 'a.md': 'apple\n', 'b.md': 'bee\n' }, 0);
    const other = otherClone(remote);
    const name = (top: string) => Buffer.concat([Buffer.from(`${top}/caf`), Buffer.from([0xe9]), Buffer.from('.md')]);
    await writeFile(name(other.top), 'latin\n');
    other.git('add', '-A');
    other.git('commit', '-q', '-m', 'a Latin-1 name');
    other.git('push', '-q', 'origin', 'main');
    const clone = await remote.addClone();
    await writeFile(name(clone.top), "the person's latin\n");
    await writeFile(name(other.top), 'latin too\n');
    other.git('commit', '-q', '-a', '-m', 'changed');
    other.git('push', '-q', 'origin', 'main');

    process.on('warning', hear);
    await clone.vault.call('TextEdit', { filePath: 'b.md', oldString: 'bee', newString: 'wasp' });
    expect(await readFile(name(clone.top), 'utf8')).toBe("the person's latin\n");
    expect(warnings.join('\n')).toContain('"caf\uFFFD.md" not written');
    expect(clone.git('status', '--porcelain')).toBe(' M "caf\\351.md"\n');
  });
});
