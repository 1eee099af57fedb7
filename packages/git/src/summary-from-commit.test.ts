import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempRepository, personEnv, type TempRepository } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { logFormat, parseLog } from './parse-log.js';
import { summaryFromCommit } from './summary-from-commit.js';

let repository: TempRepository | undefined;
afterEach(async () => {
  await repository?.remove();
  repository = undefined;
});

/** Commit messages of every shape: ours, a person's, trailers alone or mixed, several paragraphs, odd spacing. */
const messages = [
  'TextEdit: a.md\n\nVault-Tool: TextEdit\nVault-Agent: claude 1.0\n',
  'one line',
  'subject\n\nbody text\nmore: of it\n\nSigned-off-by: A <a@example.com>\nVault-Tool: Move\n',
  'subject\n\nVault-Tool: TextEdit\nnot a trailer line\n',
  'subject\n\nVault-Tool: TextEdit\n# a comment\n',
  'subject\n\nvault-tool:   Restore  \nVault-Tool: Undo\n',
  'subject over\ntwo lines\n\nVault-Tool: TextEdit\n',
  '\n\nsubject after blank lines\n',
  'trailing space \n',
  'subject\n\nVault-Tool : spaced\n',
  'subject\n\nKey: value\n continued\n',
  'Vault-Tool: only a subject\n',
  'ünïcödé subject\n\nVault-Tool: TextCreate\n',
  'subject\n\nplain last paragraph\n',
];

describe('summaryFromCommit', () => {
  it('gives what git log gives for every message it reads, and leaves the others to git', async () => {
    repository = await createTempRepository({ 'a.md': 'a\n' });
    const top = repository.top;
    const readHere: number[] = [];
    for (const [index, message] of messages.entries()) {
      await writeFile(path.join(top, 'a.md'), `version ${index}\n`);
      const env = {
        ...process.env,
        ...personEnv,
        GIT_AUTHOR_NAME: index % 2 ? 'Ann Ö' : 'agent 2.0',
        GIT_AUTHOR_DATE: `${1_700_000_000 + index * 997} ${index % 3 ? '-0730' : '+0545'}`,
      };
      execFileSync('git', ['commit', '-q', '-a', '--cleanup=verbatim', '--allow-empty-message', '-F', '-'], { cwd: top, env, input: message });
      const id = repository.git('rev-parse', 'HEAD').trim();
      const bytes = execFileSync('git', ['cat-file', 'commit', id], { cwd: top });
      const fromGit = parseLog(execFileSync('git', ['log', '-z', '--no-walk', '--name-only', `--format=${logFormat}`, id], { cwd: top }), '');
      const ours = summaryFromCommit(id, bytes, ['a.md']);
      if (ours === undefined) continue;
      readHere.push(index);
      expect(ours, JSON.stringify(message)).toEqual(fromGit[0]);
    }
    // The usual shapes are read here (ours, one line, trailers alone, none), not left to git.
    expect(readHere).toEqual([0, 1, 2, 5, 11, 12, 13]);
  });

  it('leaves a merge and an encoded message to git', async () => {
    repository = await createTempRepository({ 'a.md': 'a\n' });
    const id = repository.git('rev-parse', 'HEAD').trim();
    const commit = (extra: string) =>
      Buffer.from(`tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\nparent ${id}\n${extra}author A <a@b> 1 +0000\ncommitter A <a@b> 1 +0000\n\nsubject\n`);
    expect(summaryFromCommit(id, commit(`parent ${id}\n`), ['a.md'])).toBeUndefined();
    expect(summaryFromCommit(id, commit('encoding ISO-8859-1\n'), ['a.md'])).toBeUndefined();
    expect(summaryFromCommit(id, commit(''), ['a.md'])?.subject).toBe('subject');
  });
});
