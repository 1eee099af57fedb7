import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempRepository, type TempRepository } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createIndexReset, type IndexReset } from './index-reset.js';

let repository: TempRepository | undefined;
let reset: IndexReset | undefined;
afterEach(async () => {
  reset?.close();
  await repository?.remove();
  repository = reset = undefined;
});

/** A repository with a.md and b.md committed, b.md changed and staged by the person, and a.md committed anew apart from their index (as the tools commit). */
async function personWithStagedChange(): Promise<TempRepository> {
  const opened = await createTempRepository({ 'a.md': 'a\n', 'b.md': 'b\n' });
  repository = opened;
  await writeFile(path.join(opened.top, 'b.md'), 'staged\n');
  opened.git('add', 'b.md');
  await writeFile(path.join(opened.top, 'a.md'), 'agent\n');
  const withAgentsBlob = opened.git('ls-tree', 'HEAD').replace(/ \S+(\ta\.md)$/m, ` ${opened.git('hash-object', '-w', 'a.md').trim()}$1`);
  const tree = execFileSync('git', ['mktree'], { cwd: opened.top, input: withAgentsBlob, encoding: 'utf8' }).trim();
  opened.git('update-ref', 'HEAD', opened.git('commit-tree', '-p', 'HEAD', '-m', 'agent', tree).trim());
  return opened;
}

describe('the person’s index told by a git reset started ahead', () => {
  it('brings the given files to HEAD’s entries and nothing else: what the person staged elsewhere stays staged', async () => {
    const opened = await personWithStagedChange();
    expect(opened.git('status', '--porcelain')).toBe('MM a.md\nM  b.md\n');
    reset = createIndexReset('git', opened.top);
    expect(await reset.reset(['a.md'])).toBe(true);
    expect(opened.git('status', '--porcelain')).toBe('M  b.md\n');
  });

  it('an input that ends before any file (a server killed while it waited) resets nothing', async () => {
    const opened = await personWithStagedChange();
    reset = createIndexReset('git', opened.top);
    expect(await reset.reset([])).toBe(true);
    expect(opened.git('status', '--porcelain')).toBe('MM a.md\nM  b.md\n');
  });

  it('while the next one waits it holds no index.lock: the person’s git add and commit run, and the next reset reads the index they left', async () => {
    const opened = await personWithStagedChange();
    reset = createIndexReset('git', opened.top);
    expect(await reset.reset(['a.md'])).toBe(true);
    // The next one is started on the turn of the event loop after the answer.
    await new Promise((resolve) => setImmediate(resolve));
    expect(existsSync(path.join(opened.top, '.git', 'index.lock'))).toBe(false);
    await writeFile(path.join(opened.top, 'c.md'), 'c\n');
    opened.git('add', 'c.md');
    opened.git('commit', '-q', '-m', 'person');
    expect(await reset.reset(['a.md'])).toBe(true);
    expect(opened.git('status', '--porcelain')).toBe('');
    expect(opened.git('show', '--format=%s', '--name-only', 'HEAD')).toBe('person\n\nb.md\nc.md\n');
  });
});
