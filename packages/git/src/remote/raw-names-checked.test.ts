import { execFileSync } from 'node:child_process';
import { lstat, mkdir, readFile, rename, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { personEnv } from '@vault/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createHookedGit } from '../__fixtures__/hooked-git.js';
import { type RemoteClones, useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const hooked = createHookedGit();
afterEach(() => hooked.clear('before', 'update-index'));
afterAll(() => hooked.remove());

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
  it("keeps a person's save made after the file was checked", async () => {
    const remote = await open({ 'a.md': 'apple\n' }, 0);
    const push = await otherServer(remote);
    await push('latin\n', 'a Latin-1 name');
    const clone = await remote.addClone({}, { gitPath: hooked.gitPath });
    await push('latin too\n', 'changed');
    // The person saves the file after the fetch looked at it, right before the index is told.
    hooked.hook('before', 'update-index', `rm -f "$0"\nprintf "the person's save\\n" > "$(printf '${clone.top}/d/caf\\351.md')"`);
    await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
    expect(await readFile(rawName(clone.top), 'utf8')).toBe("the person's save\n");
    expect(clone.git('rev-parse', 'HEAD')).toBe(remote.remoteGit('rev-parse', 'main'));
    expect(remote.remoteGit('show', 'main:a.md')).toBe('quince\n');
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
