import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHookedGit, realGit } from '../__fixtures__/hooked-git.js';
import { holdPushes, until, useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const hooked = createHookedGit();
afterAll(() => hooked.remove());
const read = (top: string, file: string) => readFile(path.join(top, file), 'utf8').catch(() => undefined);
const takenBack = (git: (...args: string[]) => string) => git('for-each-ref', '--format=%(refname)', 'refs/vault/taken-back/').split('\n').filter(Boolean);

describe('what the remote refuses, or cannot be reached for, is applied nowhere', () => {
  it('a push its pre-receive hook refuses: IO_ERROR (remote: refused) with the hook message, taken back, kept aside', async () => {
    const { clones, hook, remoteSubjects } = await open({ 'a.md': 'a\n' }, 1);
    const [server] = clones;
    await hook(
      'pre-receive',
      'while read old new ref; do\n  if git diff --name-only "$old" "$new" | grep -q secret; then echo "no secrets here" >&2; exit 1; fi\ndone',
    );
    await expect(server!.vault.call('TextCreate', { filePath: 'secret.md', content: 'pssst\n' })).rejects.toMatchObject({
      code: 'IO_ERROR',
      message: expect.stringContaining('no secrets here'),
      details: { remote: 'refused' },
    });
    expect(await read(server!.top, 'secret.md')).toBeUndefined();
    expect(server!.git('status', '--porcelain')).toBe('');
    expect(server!.git('rev-parse', 'HEAD')).toBe(server!.git('rev-parse', 'origin/main'));
    expect(takenBack(server!.git)).toHaveLength(1);
    // Other changes still go through.
    await server!.vault.call('TextCreate', { filePath: 'open.md', content: 'hello\n' });
    expect(remoteSubjects()).toEqual(['TextCreate: open.md', 'first']);
  });

  it('a group push refused for one call: each call it carried is told the refusal may be about another, and lands when retried', async () => {
    const { bare, clones, hook, remoteSubjects } = await open({ 'f0.md': 'x\n', 'f1.md': 'x\n', 'f2.md': 'x\n', 'f3.md': 'x\n' }, 1);
    const [server] = clones;
    const gate = path.join(bare, '..', 'gate');
    await mkdir(gate, { recursive: true });
    await writeFile(path.join(gate, 'closed'), '');
    // The first push is held until the other calls committed; every push with REFUSE in its changes is refused.
    await hook(
      'pre-receive',
      `read old new ref\nwhile [ -e "${gate}/closed" ]; do sleep 0.02; done\nif git diff "$old" "$new" | grep -q REFUSE; then echo "policy: no REFUSE" >&2; exit 1; fi`,
    );
    const edit = (index: number, to: string) => server!.vault.call('TextEdit', { filePath: `f${index}.md`, oldString: 'x', newString: to });
    const first = edit(0, 'ok0');
    await until(async () => Number(server!.git('rev-list', '--count', 'HEAD')) === 2);
    const group = [edit(1, 'ok1'), edit(2, 'REFUSE'), edit(3, 'ok3')].map((call) =>
      call.then(
        () => undefined,
        (error: unknown) => error,
      ),
    );
    await until(async () => Number(server!.git('rev-list', '--count', 'HEAD')) === 5);
    await rm(path.join(gate, 'closed'));
    await first;
    for (const error of await Promise.all(group)) {
      expect(error).toMatchObject({
        code: 'IO_ERROR',
        message: expect.stringContaining('The push carried the changes of 3 calls, and the refusal may be about another call'),
        details: { remote: 'refused', carried: 3 },
      });
    }
    // Retried as they are, the two fine ones land; the refused one is refused again, alone: its message says to change it.
    await edit(1, 'ok1');
    await edit(3, 'ok3');
    await expect(edit(2, 'REFUSE')).rejects.toMatchObject({ message: expect.stringContaining("See the remote's rules, then retry or change the request") });
    expect(remoteSubjects()).toEqual(['TextEdit: f3.md', 'TextEdit: f1.md', 'TextEdit: f0.md', 'first']);
  });

  it('the remote unreachable at the fetch before a write: IO_ERROR (remote: unavailable), nothing changed; back, it works', async () => {
    const { bare, clones, remoteSubjects } = await open({ 'a.md': 'a\n' }, 1);
    const [server] = clones;
    await rename(bare, `${bare}-away`);
    await expect(server!.vault.call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'b' })).rejects.toMatchObject({
      code: 'IO_ERROR',
      details: { remote: 'unavailable' },
    });
    expect(await read(server!.top, 'a.md')).toBe('a\n');
    expect(server!.git('log', '--format=%s')).toBe('first\n');
    await rename(`${bare}-away`, bare);
    await server!.vault.call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'b' });
    expect(remoteSubjects()).toEqual(['TextEdit: a.md', 'first']);
  });

  it('the remote unreachable at the push: the commit is taken back, the file as before, git status clean', async () => {
    const { clones } = await open({ 'a.md': 'a\n' }, 1);
    const [server] = clones;
    server!.git('config', 'remote.origin.pushurl', path.join(server!.top, '..', 'nowhere.git'));
    await expect(server!.vault.call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'b' })).rejects.toMatchObject({
      code: 'IO_ERROR',
      details: { remote: 'unavailable' },
    });
    expect(await read(server!.top, 'a.md')).toBe('a\n');
    expect(server!.git('log', '--format=%s')).toBe('first\n');
    expect(server!.git('status', '--porcelain')).toBe('');
    expect(takenBack(server!.git)).toHaveLength(1);
  });

  it('a Move with its link rewrites racing an edit of a linking note: all of one lands, nothing of the other', async () => {
    const seed = { 'a.md': 'see [[b]]\n', 'b.md': 'bee\n', 'c.md': 'also [[b]]\n' };
    const { bare, clones, hook, remoteGit } = await open(seed, 2);
    const release = await holdPushes(bare, hook);
    const settled = (call: Promise<unknown>, name: string) =>
      call.then(
        () => name,
        (error: { code: string; details: { path: string } }) => error,
      );
    const edit = settled(clones[0]!.vault.call('TextEdit', { filePath: 'c.md', oldString: 'also', newString: 'and' }), 'edit');
    const move = settled(clones[1]!.vault.call('Move', { sourcePath: 'b.md', destinationPath: 'd.md' }), 'move');
    await release();
    const outcomes = await Promise.all([edit, move]);
    const landed = outcomes.filter((outcome) => typeof outcome === 'string');
    expect(landed).toHaveLength(1);
    // The other is STALE_FILE on the file both changed, c.md.
    expect(outcomes.find((outcome) => typeof outcome !== 'string')).toMatchObject({ code: 'STALE_FILE', details: { path: 'c.md' } });
    const tree = remoteGit('ls-tree', '--name-only', 'main').split('\n').filter(Boolean);
    if (landed[0] === 'edit') {
      expect(tree).toEqual(['a.md', 'b.md', 'c.md']);
      expect(remoteGit('show', 'main:a.md') + remoteGit('show', 'main:c.md')).toBe('see [[b]]\nand [[b]]\n');
    } else {
      expect(tree).toEqual(['a.md', 'c.md', 'd.md']);
      expect(remoteGit('show', 'main:a.md') + remoteGit('show', 'main:c.md')).toBe('see [[d]]\nalso [[d]]\n');
    }
    // The server whose change was refused is back on the remote's tip, its disk and index with it.
    const loser = clones[landed[0] === 'edit' ? 1 : 0]!;
    expect(loser.git('rev-parse', 'HEAD')).toBe(remoteGit('rev-parse', 'main'));
    expect(loser.git('status', '--porcelain')).toBe('');
  });

  it('the branch moved by a person while a fetch settles it: IO_ERROR (remote: busy), nothing lost, the retry shares both', async () => {
    const { clones, addClone, remoteSubjects } = await open({ 'a.md': 'a\n', 'b.md': 'b\n' }, 1);
    const server = await addClone({}, { gitPath: hooked.gitPath });
    await clones[0]!.vault.call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'z' });
    // Right before the settle moves the branch to the fetched tip, the person commits on it.
    hooked.hook(
      'before',
      'update-ref',
      `case "$*" in *settled*) ;; *) exit 0;; esac\nrm -f "$0"\n"${realGit}" -c user.name=person -c user.email=person@example.com commit -q --allow-empty -m person`,
    );
    await expect(server.vault.call('TextEdit', { filePath: 'b.md', oldString: 'b', newString: 'y' })).rejects.toMatchObject({
      code: 'IO_ERROR',
      details: { remote: 'busy' },
    });
    await server.vault.call('TextEdit', { filePath: 'b.md', oldString: 'b', newString: 'y' });
    expect(remoteSubjects()).toEqual(['TextEdit: b.md', 'person', 'TextEdit: a.md', 'first']);
    expect(server.git('status', '--porcelain')).toBe('');
  });
});
