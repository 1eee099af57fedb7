import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createVault } from '@vault/core';
import { createNodeFs } from '@vault/node';
import { createTempFolder, createTempRepository } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { useGitVaults } from './__fixtures__/open-git-vault.js';
import { withGitHistory } from './with-git-history.js';

const open = useGitVaults();

describe('what the repository is in the middle of', () => {
  it('mid-merge (a conflict left): a change is refused with how to finish, nothing written, nothing committed', async () => {
    const { vault, git, root, subjects } = await open({ 'a.md': 'base\n', 'b.md': 'b\n' });
    git('checkout', '-q', '-b', 'other');
    await writeFile(path.join(root, 'a.md'), 'other\n');
    git('commit', '-qam', 'other');
    git('checkout', '-q', 'main');
    await writeFile(path.join(root, 'a.md'), 'main\n');
    git('commit', '-qam', 'main');
    expect(() => git('merge', '-q', 'other')).toThrow();
    const refused = vault.call('TextEdit', { filePath: 'b.md', oldString: 'b', newString: 'c' });
    await expect(refused).rejects.toMatchObject({ code: 'IO_ERROR' });
    await expect(refused).rejects.toThrow(/in the middle of a merge, so nothing was changed .*git merge --abort/);
    expect(await readFile(path.join(root, 'b.md'), 'utf8')).toBe('b\n');
    expect(subjects()).toEqual(['main', 'first']);
  });

  it('mid-rebase, and with a detached HEAD: refused, with the reason', async () => {
    const { vault, git, root } = await open({ 'a.md': 'base\n' });
    git('checkout', '-q', '-b', 'other');
    await writeFile(path.join(root, 'a.md'), 'other\n');
    git('commit', '-qam', 'other');
    git('checkout', '-q', 'main');
    await writeFile(path.join(root, 'a.md'), 'main\n');
    git('commit', '-qam', 'main');
    expect(() => git('rebase', '-q', 'other')).toThrow();
    await expect(vault.call('TextCreate', { filePath: 'n.md', content: 'n' })).rejects.toThrow(/in the middle of a rebase/);
    git('rebase', '--abort');
    git('checkout', '-q', '--detach');
    await expect(vault.call('TextCreate', { filePath: 'n.md', content: 'n' })).rejects.toThrow(/detached HEAD .*git switch main/);
    expect(git('status', '--porcelain')).toBe('');
  });
});

describe('a person using git meanwhile', () => {
  it("a person's commit and checkout between calls: the next change goes on top of what HEAD is then", async () => {
    const { vault, git, root, subjects } = await open({ 'a.md': 'a\n', 'p.md': 'p\n' });
    await writeFile(path.join(root, 'p.md'), 'person\n');
    git('commit', '-qam', 'person');
    git('checkout', '-q', '-b', 'topic');
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'b' });
    expect(subjects()).toEqual(['TextEdit: a.md', 'person', 'first']);
    expect(git('rev-parse', '--abbrev-ref', 'HEAD')).toBe('topic\n');
    expect(git('log', '-1', '--format=%s', 'main')).toBe('person\n');
  });

  it("a stale index.lock (or a person's git commit waiting for its message): the call is refused, nothing written or committed; once it is gone, the call is made and git status is clean", async () => {
    // Before: the call was committed and answered, the person's index left at the old version (git status: MM a.md), so the
    // person's next commit, made from that index, took the agent's edit back out.
    const { vault, git, top, root, subjects, status } = await open({ 'a.md': 'a\n' });
    await writeFile(path.join(top, '.git', 'index.lock'), '');
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'b' })).rejects.toMatchObject({
      code: 'IO_ERROR',
      message: expect.stringMatching(/index\.lock is there\), so nothing was changed/),
      details: { outcome: 'unchanged' },
    });
    expect(await readFile(path.join(root, 'a.md'), 'utf8')).toBe('a\n');
    expect(subjects()).toEqual(['first']);
    await rm(path.join(top, '.git', 'index.lock'));
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'b' });
    expect(subjects()).toEqual(['TextEdit: a.md', 'first']);
    expect(status()).toEqual([]);
    expect(git('show', ':a.md')).toBe('b\n');
  });

  it('an index.lock taken while a call writes (after its start): the change is still committed, and the person is told their index could not be updated', async () => {
    const repository = await createTempRepository({ 'a.md': 'a\n' });
    const lock = path.join(repository.top, '.git', 'index.lock');
    const inner = await createNodeFs(repository.vault);
    const fs = await withGitHistory({
      ...inner,
      async writeFile(file, data, options) {
        await inner.writeFile(file, data, options);
        await writeFile(lock, '');
      },
    });
    try {
      const warned = new Promise<string>((resolve) => process.once('warning', (warning) => resolve(warning.message)));
      await createVault(fs).call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'b' });
      expect(await warned).toMatch(/index\.lock stayed taken/);
      expect(repository.subjects()).toEqual(['TextEdit: a.md', 'first']);
      expect(repository.git('show', 'HEAD:a.md')).toBe('b\n');
    } finally {
      await fs.close();
      await repository.remove();
    }
  });

  it("hooks that fail or hang never run for the tools' commits", async () => {
    const { vault, git, top, subjects } = await open({ 'a.md': 'a\n' });
    const hooks = path.join(top, '.git', 'hooks');
    await mkdir(hooks, { recursive: true });
    for (const hook of ['pre-commit', 'commit-msg', 'post-commit', 'reference-transaction']) {
      await writeFile(path.join(hooks, hook), `#!/bin/sh\necho ran >> "${top}/.git/hook-ran"\nsleep 600\nexit 1\n`);
      await chmod(path.join(hooks, hook), 0o755);
    }
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'b' });
    expect(subjects()).toEqual(['TextEdit: a.md', 'first']);
    await expect(readFile(path.join(top, '.git', 'hook-ran'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(git('status', '--porcelain')).toBe('');
  });
});

describe('refused at start', () => {
  it('a .gitattributes line that converts the vault files, named by file and line', async () => {
    const repository = await createTempRepository({ '.gitattributes': '*.png binary\n* text=auto\n', 'a.md': 'a\n' });
    try {
      const fs = await createNodeFs(repository.vault);
      await expect(withGitHistory(fs)).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/^\.gitattributes:2 \(\* text=auto\) asks git to convert/),
      });
      await fs.close();
    } finally {
      await repository.remove();
    }
  });

  it('a folder outside any work tree: NOT_FOUND saying how to make one; none is made', async () => {
    const folder = await createTempFolder({ 'a.md': 'a\n' });
    try {
      const fs = await createNodeFs(folder.path);
      await expect(withGitHistory(fs, {})).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: expect.stringMatching(/not inside a git work tree .*git init/),
      });
      await fs.close();
    } finally {
      await folder.remove();
    }
  });

  it('git missing: IO_ERROR saying how to install it', async () => {
    const repository = await createTempRepository({ 'a.md': 'a\n' });
    try {
      const fs = await createNodeFs(repository.vault);
      await expect(withGitHistory(fs, { gitPath: '/nonexistent/git' })).rejects.toMatchObject({
        code: 'IO_ERROR',
        message: expect.stringMatching(/git 2\.38 or newer.*apt-get install git/),
      });
      await fs.close();
    } finally {
      await repository.remove();
    }
  });
});
