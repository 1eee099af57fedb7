import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createVault } from '@vault/core';
import { createNodeFs } from '@vault/node';
import { createTempRepository, isRunning, personEnv } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { useGitVaults } from '../__fixtures__/open-git-vault.js';
import { withGitHistory } from '../with-git-history.js';

const open = useGitVaults();
let folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  folders = [];
});

/** A `git` that writes its process id and command (the first word that is no option) to a log, then runs the real git. */
async function loggingGit(): Promise<{ gitPath: string; started(): Promise<{ pid: number; command: string }[]> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'logging-git-'));
  folders.push(folder);
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const log = path.join(folder, 'log');
  const gitPath = path.join(folder, 'git');
  await writeFile(
    gitPath,
    `#!/bin/sh
skip=""
for arg in "$@"; do
  if [ -n "$skip" ]; then skip=""; continue; fi
  case "$arg" in -c) skip=1; continue;; -*) continue;; esac
  command="$arg"; break
done
case " $* " in *" -t commit "*) command="$command:commit";; *" -t tree "*) command="$command:tree";; esac
echo "$$ $command" >> "${log}"
exec "${realGit}" "$@"
`,
  );
  await chmod(gitPath, 0o755);
  const started = async () =>
    (await readFile(log, 'utf8').catch(() => ''))
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => ({ pid: Number(line.split(' ')[0]), command: line.slice(line.indexOf(' ') + 1) }));
  return { gitPath, started };
}

const commandsOf = (started: { command: string }[]) => started.map(({ command }) => command).sort();

describe('a write runs git through the commands kept running', () => {
  it('no git process per write, whatever the names (objects and the person’s index are written without git); the kept commands start once and end with the vault', async () => {
    const names = ['quote\'s "double".md', 'line\nbreak.md', '-rf.md', ':(glob)*.md', 'deep/er/ünï.md'];
    const logging = await loggingGit();
    const { vault, git, status, remove } = await open(Object.fromEntries(names.map((name) => [name, 'old\n'])), { history: { gitPath: logging.gitPath } });
    const atStart = (await logging.started()).length;
    for (const name of names) await vault.call('TextEdit', { filePath: name, oldString: 'old', newString: 'new' });
    const started = (await logging.started()).slice(atStart);
    expect(commandsOf(started)).toEqual(['cat-file', 'update-ref']);
    const committed = names.map((_, index) => git('show', '-z', '--format=', '--name-only', `HEAD~${names.length - 1 - index}`));
    expect(committed).toEqual(names.map((name) => `${name}\0`));
    for (const name of names) expect(git('show', `HEAD:${name}`)).toBe('new\n');
    expect(status()).toEqual([]);
    expect(started.every(({ pid }) => isRunning(pid))).toBe(true);
    await remove();
    expect(started.filter(({ pid }) => isRunning(pid))).toEqual([]);
  });

  it('a kept command that ended is started again at the next write', async () => {
    const logging = await loggingGit();
    const { vault, git, status } = await open({ 'a.md': 'a\n' }, { history: { gitPath: logging.gitPath } });
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'b' });
    for (const { pid, command } of await logging.started()) if (command === 'cat-file' || command === 'update-ref') process.kill(pid, 'SIGKILL');
    // A person's commit: the next write reads it (its tree is known to no one here).
    git('commit', '-q', '--allow-empty', '-m', 'person');
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'b', newString: 'c' });
    expect(git('log', '--format=%s')).toBe('TextEdit: a.md\nperson\nTextEdit: a.md\nfirst\n');
    expect(git('show', 'HEAD:a.md')).toBe('c\n');
    expect(status()).toEqual([]);
    expect(commandsOf((await logging.started()).filter(({ command }) => command === 'cat-file' || command === 'update-ref'))).toEqual([
      'cat-file',
      'cat-file',
      'update-ref',
      'update-ref',
    ]);
  });

  it('each commit holds the tree git itself writes from the disk (new folders, a folder left empty, a move, the trash)', async () => {
    const { vault, git, top } = await open({ 'a.md': 'a\n', 'only/one.md': 'one\n', 'x/y/z.md': 'z\n' });
    const treeOfDisk = () => {
      const env = { ...process.env, ...personEnv, GIT_INDEX_FILE: path.join(top, '.git', 'oracle-index') };
      execFileSync('git', ['add', '-A', '.'], { cwd: top, env });
      const tree = execFileSync('git', ['write-tree'], { cwd: top, env, encoding: 'utf8' });
      execFileSync('rm', ['-f', env.GIT_INDEX_FILE]);
      return tree.trim();
    };
    const calls = [
      () => vault.call('TextCreate', { filePath: 'new/deep/c.md', content: 'c\n' }),
      () => vault.call('TextEdit', { filePath: 'x/y/z.md', oldString: 'z', newString: 'zz' }),
      () => vault.call('RemoveFile', { filePath: 'only/one.md' }),
      () => vault.call('Move', { sourcePath: 'a.md', destinationPath: 'x/a.md' }),
      () => vault.call('RemoveFile', { filePath: 'new/deep/c.md' }),
    ];
    for (const call of calls) {
      await call();
      expect(git('rev-parse', 'HEAD^{tree}').trim()).toBe(treeOfDisk());
    }
    expect(git('ls-tree', '-r', '--name-only', 'HEAD')).toBe('.trash/new/deep/c.md\n.trash/only/one.md\nx/a.md\nx/y/z.md\n');
  });

  it('an executable bit set outside is an outside change, committed apart; an ignored new file stays out of history, one a `!` pattern takes back in does not', async () => {
    const { vault, git, root, subjects, status } = await open({ 'a.md': 'a\n', '.gitignore': 'drafts/*\n!drafts/keep.md\n' });
    await chmod(path.join(root, 'a.md'), 0o755);
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'b' });
    expect(subjects()).toEqual(['TextEdit: a.md', 'Outside change: a.md', 'first']);
    expect(git('ls-tree', 'HEAD~1', 'a.md').split(' ')[0]).toBe('100755');
    expect(git('show', 'HEAD~1:a.md')).toBe('a\n');
    await vault.call('TextCreate', { filePath: 'drafts/d.md', content: 'd\n' });
    expect(subjects()).toHaveLength(3);
    await vault.call('TextCreate', { filePath: 'drafts/keep.md', content: 'kept\n' });
    expect(subjects()[0]).toBe('TextCreate: drafts/keep.md');
    expect(git('ls-tree', '-r', '--name-only', 'HEAD')).toBe('.gitignore\na.md\ndrafts/keep.md\n');
    expect(status()).toEqual([]);
  });

  it('without core.fileMode (a file system with no executable bit), the executable bit on disk is neither a change nor recorded', async () => {
    const repository = await createTempRepository({ 'a.md': 'a\n' });
    repository.git('config', 'core.fileMode', 'false');
    await chmod(path.join(repository.vault, 'a.md'), 0o755);
    const fs = await withGitHistory(await createNodeFs(repository.vault));
    try {
      await createVault(fs).call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'b' });
      expect(repository.subjects()).toEqual(['TextEdit: a.md', 'first']);
      expect(repository.git('ls-tree', 'HEAD', 'a.md').split(' ')[0]).toBe('100644');
      expect(repository.git('status', '--porcelain')).toBe('');
    } finally {
      await fs.close();
      await repository.remove();
    }
  });

  it('a branch kept only in packed-refs (no file of its own) is read through git, and the next write finds it moved', async () => {
    const repository = await createTempRepository({ 'a.md': 'a\n' });
    repository.git('pack-refs', '--all');
    const fs = await withGitHistory(await createNodeFs(repository.vault));
    try {
      const vault = createVault(fs);
      await vault.call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'b' });
      // A person's commit meanwhile, and the refs packed again: the next write is built on it.
      await writeFile(path.join(repository.vault, 'p.md'), 'person\n');
      repository.git('add', 'p.md');
      repository.git('commit', '-q', '-m', 'person');
      repository.git('pack-refs', '--all');
      await vault.call('TextEdit', { filePath: 'a.md', oldString: 'b', newString: 'c' });
      expect(repository.subjects()).toEqual(['TextEdit: a.md', 'person', 'TextEdit: a.md', 'first']);
      expect(repository.git('show', 'HEAD:a.md')).toBe('c\n');
      expect(repository.git('status', '--porcelain')).toBe('');
    } finally {
      await fs.close();
      await repository.remove();
    }
  });

  it('a SHA-256 repository: the same commits, trees of 32-byte ids read and written', async () => {
    const repository = await createTempRepository();
    await rm(path.join(repository.top, '.git'), { recursive: true });
    repository.git('init', '-q', '-b', 'main', '--object-format=sha256');
    await writeFile(path.join(repository.vault, 'a.md'), 'a\n');
    repository.git('add', '-A');
    repository.git('commit', '-q', '-m', 'first');
    const fs = await withGitHistory(await createNodeFs(repository.vault));
    try {
      const vault = createVault(fs);
      await vault.call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'b' });
      await vault.call('TextCreate', { filePath: 'sub/c.md', content: 'c\n' });
      expect(repository.subjects()).toEqual(['TextCreate: sub/c.md', 'TextEdit: a.md', 'first']);
      expect(repository.git('rev-parse', 'HEAD')).toMatch(/^[0-9a-f]{64}\n$/);
      expect(repository.git('show', 'HEAD~1:a.md')).toBe('b\n');
      expect(repository.git('ls-tree', '-r', '--name-only', 'HEAD')).toBe('a.md\nsub/c.md\n');
      expect(repository.git('fsck', '--no-progress')).toBe('');
      expect(repository.git('status', '--porcelain')).toBe('');
    } finally {
      await fs.close();
      await repository.remove();
    }
  });

  it('a file of 3 MB read as it was at a change (many pipe reads) comes back whole, and the next read after it too', async () => {
    const line = `${'0123456789abcdef'.repeat(64)}\n`;
    const big = `${line.repeat(3 * 1024)}end\n`;
    const { vault } = await open({ 'big.md': big, 'small.md': 'small\n' });
    await vault.call('TextEdit', { filePath: 'big.md', oldString: 'end', newString: 'changed' });
    const [, first] = (await vault.call('History', { filePath: 'big.md' })).changes;
    const read = await vault.call('TextRead', { filePath: 'big.md', at: first!.id, offset: 3 * 1024, limit: 2 });
    expect(read.lines.map((line) => line.text)).toEqual(['0123456789abcdef'.repeat(64), 'end']);
    expect(read.totalLines).toBe(3 * 1024 + 1);
    const small = await vault.call('TextRead', { filePath: 'small.md', at: first!.id });
    expect(small.lines.map((line) => line.text)).toEqual(['small']);
  });
});
