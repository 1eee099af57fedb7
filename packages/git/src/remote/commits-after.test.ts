import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempRepository, personEnv, type TempRepository } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { openRepository } from '../open-repository.js';
import { commitsAfter } from './commits-after.js';

let repository: TempRepository | undefined;
afterEach(async () => {
  await repository?.remove();
  repository = undefined;
});

describe('commitsAfter: the local commits through the kept cat-file, or undefined for git to tell', () => {
  it('gives the straight line as rev-list --reverse does, and undefined across a merge or when the base is not on the line', async () => {
    repository = await createTempRepository({ 'a.md': 'a\n' });
    const top = repository.top;
    const git = (...args: string[]) => execFileSync('git', args, { cwd: top, env: { ...process.env, ...personEnv }, encoding: 'utf8' }).trim();
    const base = git('rev-parse', 'HEAD');
    for (const line of ['b', 'c', 'd']) {
      await writeFile(path.join(top, `${line}.md`), `${line}\n`);
      git('add', '-A');
      git('commit', '-q', '-m', line);
    }
    const head = git('rev-parse', 'HEAD');
    git('switch', '-q', '-c', 'side', base);
    await writeFile(path.join(top, 'e.md'), 'e\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'e');
    const side = git('rev-parse', 'HEAD');
    git('merge', '-q', '--no-edit', head);
    const merged = git('rev-parse', 'HEAD');
    const opened = await openRepository(top, 'git');
    try {
      expect(await commitsAfter(opened, head, base)).toEqual(git('rev-list', '--reverse', `${base}..${head}`).split('\n'));
      expect(await commitsAfter(opened, head, head)).toEqual([]);
      expect(await opened.trees.parentsOf(merged)).toEqual([side, head]);
      expect(await commitsAfter(opened, merged, base)).toBeUndefined();
      // A base off the line (another branch's commit): the walk reaches the root and leaves it to git.
      expect(await commitsAfter(opened, head, side)).toBeUndefined();
    } finally {
      await opened.close();
    }
  });

  it('in a shallow clone, gives the line down to a base it holds, and undefined (never a commit it lacks) past the shallow end', async () => {
    repository = await createTempRepository({ 'a.md': 'a\n' });
    const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env: { ...process.env, ...personEnv }, encoding: 'utf8' }).trim();
    const root = git(repository.top, 'rev-parse', 'HEAD');
    for (const line of ['b', 'c', 'd']) {
      await writeFile(path.join(repository.top, `${line}.md`), `${line}\n`);
      git(repository.top, 'add', '-A');
      git(repository.top, 'commit', '-q', '-m', line);
    }
    const shallow = path.join(repository.top, '..', `${path.basename(repository.top)}-shallow`);
    git(repository.top, 'clone', '-q', '--depth', '2', `file://${repository.top}`, shallow);
    const [head, end] = git(shallow, 'rev-list', 'HEAD').split('\n');
    expect(git(shallow, 'rev-parse', '--is-shallow-repository')).toBe('true');
    const opened = await openRepository(shallow, 'git');
    try {
      expect(await commitsAfter(opened, head!, end!)).toEqual([head]);
      // The root is beyond the shallow end: its commits are not here, so git is left to tell.
      expect(await commitsAfter(opened, head!, root)).toBeUndefined();
    } finally {
      await opened.close();
      execFileSync('rm', ['-rf', shallow]);
    }
  });
});
