import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createVault } from '@vault/core';
import { createNodeFs, type NodeVaultFs } from '@vault/node';
import { createTempRepository } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { withGitHistory } from './with-git-history.js';

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** A vault with history (no remote) whose backend holds the call at `step` (a read, or right after a write) until the person acted. */
async function heldAt(step: 'readFile' | 'writeFile', person: (git: (...args: string[]) => string) => void) {
  const repository = await createTempRepository({ 'a.md': 'apple\n', 'b.md': 'bee\n' });
  cleanups.push(repository.remove);
  let acted = false;
  const wrap = (fs: NodeVaultFs): NodeVaultFs => ({
    ...fs,
    async readFile(file) {
      if (step === 'readFile' && !acted) {
        acted = true;
        person(repository.git);
      }
      return fs.readFile(file);
    },
    async writeFile(file, data, options) {
      await fs.writeFile(file, data, options);
      if (step === 'writeFile' && !acted) {
        acted = true;
        person(repository.git);
      }
    },
  });
  const fs = await withGitHistory(wrap(await createNodeFs(repository.top)));
  cleanups.push(() => fs.close());
  return { ...repository, vault: createVault(fs) };
}

// History without a remote: a call is recorded on the branch HEAD was on at its start. A person's git switch while it runs
// put its commit on their branch, with bytes the call may have read from either branch.
describe("a person's git switch while a call runs", () => {
  it('before its first write: refused, nothing written, the other branch untouched', async () => {
    const { vault, git, top } = await heldAt('readFile', (git) => git('switch', '-q', '-c', 'side'));
    const first = git('rev-parse', 'main');
    const answer = await vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' }).catch((error: unknown) => error);
    expect(answer).toMatchObject({ code: 'IO_ERROR', details: { outcome: 'unchanged' } });
    expect((answer as Error).message).toContain('git switch main');
    expect(await readFile(path.join(top, 'a.md'), 'utf8')).toBe('apple\n');
    expect([git('rev-parse', 'main'), git('rev-parse', 'side')]).toEqual([first, first]);
    expect(git('status', '--porcelain')).toBe('');
  });

  it('after its write: no branch gets the commit, the change is on disk and the answer says so; back on main, the next call records it apart', async () => {
    const { vault, git, top, subjects } = await heldAt('writeFile', (git) => git('switch', '-q', '-c', 'side'));
    const first = git('rev-parse', 'main');
    const answer = await vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' }).catch((error: unknown) => error);
    expect(answer).toMatchObject({ code: 'IO_ERROR', details: { outcome: 'on-disk' } });
    expect((answer as Error).message).toContain('a.md');
    expect([git('rev-parse', 'main'), git('rev-parse', 'side')]).toEqual([first, first]);
    expect(await readFile(path.join(top, 'a.md'), 'utf8')).toBe('quince\n');
    expect(git('status', '--porcelain')).toBe(' M a.md\n');
    git('switch', '-q', 'main');
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'quince', newString: 'pear' });
    expect(subjects()).toEqual(['TextEdit: a.md', 'Outside change: a.md', 'first']);
  });
});
