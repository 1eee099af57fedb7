import { execFileSync } from 'node:child_process';
import { lstat, mkdir, readdir, readFile, rename, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempRepository, personEnv } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { type RemoteClones, useRemoteClones } from '../__fixtures__/remote-clones.js';
import { openRepository } from '../open-repository.js';
import { bringOverRawNames } from './bring-over-raw-names.js';
import { changedPaths } from './changed-paths.js';

const open = useRemoteClones();

/** `FOLDER/d/café.md` with é as the one Latin-1 byte: a name that is not UTF-8. */
const rawName = (top: string) => Buffer.concat([Buffer.from(`${top}/d/caf`), Buffer.from([0xe9]), Buffer.from('.md')]);

/** Another server (a plain clone) that writes the raw name and pushes. */
async function otherServer(remote: RemoteClones): Promise<(text: string, message: string) => Promise<void>> {
  const top = path.join(remote.bare, '..', 'other');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: top, encoding: 'utf8', env: { ...process.env, ...personEnv } });
  execFileSync('git', ['clone', '-q', remote.bare, top], { env: { ...process.env, ...personEnv } });
  return async (text, message) => {
    git('pull', '-q', '--ff-only');
    await mkdir(path.join(top, 'd'), { recursive: true });
    await writeFile(rawName(top), text);
    git('add', '-A');
    git('commit', '-q', '-m', message);
    git('push', '-q', 'origin', 'main');
  };
}

// Names that are not UTF-8 were written by one `git checkout-index -f` after the check of every file: a person's save
// in between was overwritten, and a folder on the way replaced by a symlink was not looked at. Now each goes through
// the checks every other name does.
describe('a fetch bringing over a name that is not UTF-8', () => {
  it("keeps a person's save made after the file was checked, right before the write", async () => {
    const { top, git, remove } = await createTempRepository({ 'a.md': 'apple\n' });
    const repository = await openRepository(top, 'git');
    try {
      await mkdir(path.join(top, 'd'));
      await writeFile(rawName(top), 'latin\n');
      git('add', '-A');
      git('commit', '-q', '-m', 'a Latin-1 name');
      const from = git('rev-parse', 'HEAD').trim();
      await writeFile(rawName(top), 'latin too\n');
      git('commit', '-q', '-a', '-m', 'changed');
      const to = git('rev-parse', 'HEAD').trim();
      // The work tree as `from` has it, the branch at `to`: what a fetch leaves to bring over.
      git('checkout', '-q', from, '--', '.');
      const { raw } = await changedPaths(repository, from, to);
      // The person saves when the bring-over looks at HEAD, after its first look at the file and right before it writes.
      let saved = false;
      const left = await bringOverRawNames(repository, raw, async () => {
        if (!saved) await writeFile(rawName(top), "the person's save\n");
        saved = true;
      });
      expect(saved).toBe(true);
      expect(await readFile(rawName(top), 'utf8')).toBe("the person's save\n");
      expect(left).toEqual(['"d/caf\uFFFD.md"']);
      expect((await readdir(path.join(top, 'd'))).filter((name) => name.startsWith('.vault-fetch-'))).toEqual([]);
    } finally {
      await repository.close();
      await remove();
    }
  });

  it('writes nothing through a folder a person replaced by a symlink, and leaves the symlink', async () => {
    const remote = await open({ 'a.md': 'apple\n' }, 0);
    const push = await otherServer(remote);
    await push('latin\n', 'a Latin-1 name');
    const clone = await remote.addClone();
    // d now leads elsewhere, where the same file is.
    const elsewhere = path.join(remote.bare, '..', 'elsewhere');
    await rename(path.join(clone.top, 'd'), elsewhere);
    await symlink(elsewhere, path.join(clone.top, 'd'));
    await push('latin too\n', 'changed');
    await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
    expect((await lstat(path.join(clone.top, 'd'))).isSymbolicLink()).toBe(true);
    expect(await readFile(Buffer.concat([Buffer.from(`${elsewhere}/caf`), Buffer.from([0xe9]), Buffer.from('.md')]), 'utf8')).toBe('latin\n');
    expect(remote.remoteGit('show', 'main:a.md')).toBe('quince\n');
  });
});
