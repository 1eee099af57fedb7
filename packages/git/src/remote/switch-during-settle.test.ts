import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { personEnv } from '@vault/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createHookedGit, realGit } from '../__fixtures__/hooked-git.js';
import { type RemoteClones, useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const hooked = createHookedGit();
afterEach(() => {
  hooked.clear('after', 'fetch');
  hooked.clear('before', 'update-index');
  hooked.clear('before', 'update-ref');
});
afterAll(() => hooked.remove());
const read = (top: string, file: string) => readFile(path.join(top, file), 'utf8');

/** Another server's push of b.md, made by a plain clone. */
function pushElsewhere(remote: RemoteClones, text: string): void {
  const other = path.join(remote.bare, '..', 'other');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: other, encoding: 'utf8', env: { ...process.env, ...personEnv } });
  execFileSync('git', ['clone', '-q', remote.bare, other], { env: { ...process.env, ...personEnv } });
  execFileSync('sh', ['-c', `printf '${text}' > b.md`], { cwd: other });
  git('commit', '-q', '-a', '-m', 'b elsewhere');
  git('push', '-q', 'origin', 'main');
}

// A person's git switch while a server settles its branch on the remote's tip: before, the branch moved and the
// remote's files were written into the other branch's work tree (and its index), the settle never seeing the switch.
describe("a person's git switch while the server settles on the remote's tip", () => {
  it('right after the fetch: no ref of the shared branch moves, no file or index entry of the other branch is written, and the call is refused', async () => {
    const remote = await open({ 'a.md': 'apple\n', 'b.md': 'bee\n' }, 0);
    const clone = await remote.addClone({}, { gitPath: hooked.gitPath });
    const before = clone.git('rev-parse', 'main');
    pushElsewhere(remote, 'wasp\\n');
    hooked.hook('after', 'fetch', `rm -f "$0"\n"${realGit}" switch -q -c side`);
    const answer = await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' }).catch((error: unknown) => error);
    expect(answer).toMatchObject({ code: 'IO_ERROR', details: { remote: 'other-branch' } });
    expect(clone.git('rev-parse', 'main')).toBe(before);
    expect(await read(clone.top, 'b.md')).toBe('bee\n');
    expect(await read(clone.top, 'a.md')).toBe('apple\n');
    expect(clone.git('status', '--porcelain')).toBe('');
    // Back on main, the next call brings the remote's change and makes its own.
    clone.git('switch', '-q', 'main');
    await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
    expect(await read(clone.top, 'b.md')).toBe('wasp\n');
    expect(remote.remoteGit('show', 'main:a.md')).toBe('quince\n');
    expect(clone.git('status', '--porcelain')).toBe('');
  });

  it('after the branch moved, before the files follow: none is written into the other branch, and the move is finished once the person is back', async () => {
    const remote = await open({ 'a.md': 'apple\n', 'b.md': 'bee\n' }, 0);
    const clone = await remote.addClone({}, { gitPath: hooked.gitPath });
    pushElsewhere(remote, 'wasp\\n');
    // The kept update-ref of settles moves main: its first transaction is run here, the person switches right after it,
    // and only then is the answer given (the files have not followed yet); the real process takes the requests after it.
    hooked.hook(
      'before',
      'update-ref',
      `case "$*" in *settled*) ;; *) exit 0;; esac
rm -f "$0"
read -r start; read -r update; read -r prepare; read -r commit
said=$(printf '%s\n' "$start" "$update" "$prepare" "$commit" | "${realGit}" "$@")
"${realGit}" switch -q -c side
printf '%s\n' "$said"`,
    );
    const answer = await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' }).catch((error: unknown) => error);
    hooked.clear('before', 'update-ref');
    expect(answer).toMatchObject({ code: 'IO_ERROR', details: { remote: 'other-branch' } });
    expect(await read(clone.top, 'b.md')).toBe('bee\n');
    // The index still has the old b.md (side starts from main's new tip, so git shows it staged: the person's switch, not ours).
    expect(clone.git('show', ':b.md')).toBe('bee\n');
    // Back on main, the next call finishes the move from its journal.
    clone.git('switch', '-q', 'main');
    await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
    expect(await read(clone.top, 'b.md')).toBe('wasp\n');
    expect(remote.remoteGit('show', 'main:b.md')).toBe('wasp\n');
    expect(remote.remoteGit('show', 'main:a.md')).toBe('quince\n');
    expect(clone.git('status', '--porcelain')).toBe('');
  });
});
