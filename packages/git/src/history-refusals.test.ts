import { readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useGitVaults } from './__fixtures__/open-git-vault.js';

const open = useGitVaults();

/** The id of the branch's newest commit. */
const head = (git: (...args: string[]) => string) => git('rev-parse', 'HEAD').trim();

describe('what history takes files only for', () => {
  it('refuses to Restore or read at a change a path that was a symlink then, writing nothing through it', async () => {
    const { vault, root, git } = await open({ 'real.md': 'the note\n' });
    await symlink('real.md', path.join(root, 'alias.md'));
    git('add', 'alias.md');
    git('commit', '-q', '-m', 'a link');
    const change = head(git);
    await expect(vault.call('Restore', { filePath: 'alias.md', change })).rejects.toMatchObject({
      code: 'NOT_A_FILE',
      message: expect.stringContaining('a symlink'),
    });
    await expect(vault.call('TextRead', { filePath: 'alias.md', at: change })).rejects.toMatchObject({ code: 'NOT_A_FILE' });
    await expect(vault.call('Undo', { change })).rejects.toMatchObject({ code: 'NOT_A_FILE' });
    expect(await readFile(path.join(root, 'real.md'), 'utf8')).toBe('the note\n');
    expect(head(git)).toBe(change);
  });

  it('refuses to Undo a change that touched a kind of file the tools do not write, writing nothing', async () => {
    const { vault, root, git } = await open({ 'n.md': 'one\n', 'build.sh': 'echo one\n' });
    await writeFile(path.join(root, 'n.md'), 'two\n');
    await writeFile(path.join(root, 'build.sh'), 'echo two\n');
    git('commit', '-q', '-am', 'both');
    const change = head(git);
    await expect(vault.call('Undo', { change })).rejects.toMatchObject({
      code: 'EXTENSION_NOT_ALLOWED',
      message: expect.stringContaining('touched build.sh'),
    });
    expect(await readFile(path.join(root, 'build.sh'), 'utf8')).toBe('echo two\n');
    expect(await readFile(path.join(root, 'n.md'), 'utf8')).toBe('two\n');
    expect(head(git)).toBe(change);
  });

  it('answers a change that touched nothing of a vault inside a larger repository with INVALID_ARGUMENT', async () => {
    const { vault, top, git } = await open({ 'n.md': 'one\n' }, { vaultFolder: 'notes' });
    await writeFile(path.join(top, 'elsewhere.txt'), 'outside the vault\n');
    git('add', 'elsewhere.txt');
    git('commit', '-q', '-m', 'outside');
    await expect(vault.call('History', { change: head(git) })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

describe('a change id', () => {
  it('names that commit only, never a branch or tag of the same name, and only a commit of the history History shows', async () => {
    const { vault, root, git } = await open({ 'a.md': 'version one\n' });
    const one = head(git);
    await writeFile(path.join(root, 'a.md'), 'version two\n');
    git('commit', '-q', '-am', 'two');
    const two = head(git);
    git('branch', two.slice(0, 12), one);
    git('tag', two.slice(0, 7), one);
    for (const id of [two.slice(0, 12), two.slice(0, 7)]) {
      expect(vault.render('TextRead', await vault.call('TextRead', { filePath: 'a.md', at: id })).split('\n')[0]).toBe('1: version two');
      expect((await vault.call('History', { change: id })).changes[0]!.subject).toBe('two');
    }
    git('checkout', '-q', '-b', 'side');
    await writeFile(path.join(root, 'a.md'), 'on a side branch\n');
    git('commit', '-q', '-am', 'side');
    const side = head(git);
    git('checkout', '-q', '-');
    const refused = { code: 'INVALID_ARGUMENT', message: `${side} is not the id of a change in this vault's history. Take an id from History.` };
    await expect(vault.call('TextRead', { filePath: 'a.md', at: side })).rejects.toMatchObject(refused);
    await expect(vault.call('Restore', { filePath: 'a.md', change: side })).rejects.toMatchObject(refused);
    await expect(vault.call('History', { change: side })).rejects.toMatchObject(refused);
    await expect(vault.call('Undo', { change: side })).rejects.toMatchObject(refused);
    expect(await readFile(path.join(root, 'a.md'), 'utf8')).toBe('version two\n');
  });
});
