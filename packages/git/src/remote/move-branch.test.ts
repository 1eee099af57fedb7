import { spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const read = (top: string, file: string) => readFile(path.join(top, file), 'utf8');

/** The id of a process that has ended: no server of it is alive. */
const endedPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

// What a server killed mid-move leaves: its journal, its branch on the fetched commit, the disk partly
// behind it (one file brought over, one not, a temp file of the next). The next start finishes the move.
describe('a branch move a killed server left half done', () => {
  it("is finished at the next start: the disk brought to the branch, the temp file gone, a person's edit kept", async () => {
    const remote = await open({ 'a.md': 'apple\n', 'b.md': 'bee\n', 'c.md': 'sea\n' }, 1);
    const writer = remote.clones[0]!;
    const from = remote.remoteGit('rev-parse', 'main').trim();
    await writer.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
    await writer.vault.call('TextEdit', { filePath: 'b.md', oldString: 'bee', newString: 'wasp' });
    await writer.vault.call('TextEdit', { filePath: 'c.md', oldString: 'sea', newString: 'ocean' });

    // The killed server's clone: branch moved, a.md brought over, b.md not yet (its temp file written), c.md edited by a person.
    const { top, pid } = await killedMidMove(remote, from);
    await writeFile(path.join(top, 'a.md'), 'quince\n');
    await writeFile(path.join(top, `.vault-fetch-${pid}-2.tmp`), 'wasp\n');
    await writeFile(path.join(top, 'c.md'), "the person's sea\n");

    const restarted = await remote.addClone({}, { existing: top });
    expect(await read(restarted.top, 'a.md')).toBe('quince\n');
    expect(await read(restarted.top, 'b.md')).toBe('wasp\n');
    expect(await read(restarted.top, 'c.md')).toBe("the person's sea\n");
    expect((await readdir(restarted.top)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(restarted.git('status', '--porcelain')).toBe(' M c.md\n');
    // The person's edit is not committed over the remote's change by the next write.
    await expect(restarted.vault.call('TextEdit', { filePath: 'c.md', oldString: "the person's sea", newString: 'lake' })).rejects.toMatchObject({
      code: 'STALE_FILE',
      details: { path: 'c.md', keptEdit: true },
    });
    expect(remote.remoteGit('show', 'main:c.md')).toBe('ocean\n');
  });

  it("is finished on a branch a person moved on before the restart: the remote's change is written, never reverted by the next write", async () => {
    const remote = await open({ 'a.md': 'apple\n', 'b.md': 'bee\n', 'n.md': 'note\n' }, 1);
    const from = remote.remoteGit('rev-parse', 'main').trim();
    await remote.clones[0]!.vault.call('TextEdit', { filePath: 'b.md', oldString: 'bee', newString: 'wasp' });
    const { top, git, pid } = await killedMidMove(remote, from);
    // Before the restart a person commits their own note, and only it: the branch is past the move's `to`.
    await writeFile(path.join(top, 'n.md'), 'my note\n');
    git('-c', 'user.name=P', '-c', 'user.email=p@x', 'commit', '-q', '-m', 'person', '--', 'n.md');

    const restarted = await remote.addClone({}, { existing: top });
    expect(await read(top, 'b.md')).toBe('wasp\n');
    expect(restarted.git('status', '--porcelain')).toBe('');
    expect(await readdir(path.join(top, '.git', 'vault-text-tools'))).not.toContain(`move-${pid}.json`);
    await restarted.vault.call('TextEdit', { filePath: 'b.md', oldString: 'wasp', newString: 'hornet' });
    expect(remote.remoteGit('show', 'main:b.md')).toBe('hornet\n');
    expect(remote.remoteGit('show', 'main:n.md')).toBe('my note\n');
  });

  it('that cannot be finished (its commit lost) is set aside with a warning: the start goes on, and the server works', async () => {
    const remote = await open({ 'a.md': 'apple\n', 'b.md': 'bee\n' }, 1);
    const from = remote.remoteGit('rev-parse', 'main').trim();
    await remote.clones[0]!.vault.call('TextEdit', { filePath: 'b.md', oldString: 'bee', newString: 'wasp' });
    const { top, pid } = await killedMidMove(remote, from);
    // A journal naming a commit the clone lacks (a lost object): git cannot diff it.
    const journals = path.join(top, '.git', 'vault-text-tools');
    const lost = 'f'.repeat(40);
    const to = remote.remoteGit('rev-parse', 'main').trim();
    await writeFile(path.join(journals, `move-${pid}.json`), JSON.stringify({ ref: 'refs/heads/main', from: lost, to }));

    const warned = new Promise<string>((resolve) => process.once('warning', (warning) => resolve(warning.message)));
    const restarted = await remote.addClone({}, { existing: top });
    expect(await warned).toMatch(/the work tree could not follow refs\/heads\/main from ffffffffffff to .* set aside in .*set-aside-\d+-move-\d+\.json/);
    expect((await readdir(journals)).filter((name) => name.startsWith('move-'))).toEqual([]);
    expect((await readdir(journals)).filter((name) => name.startsWith('set-aside-'))).toHaveLength(1);
    // The server works on.
    await restarted.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
    expect(remote.remoteGit('show', 'main:a.md')).toBe('quince\n');
  });

  it('removes the temp files of any server that is gone, also one killed while finishing the move at its own start', async () => {
    const remote = await open({ 'a.md': 'apple\n', 'd/b.md': 'bee\n' }, 1);
    const from = remote.remoteGit('rev-parse', 'main').trim();
    await remote.clones[0]!.vault.call('TextEdit', { filePath: 'd/b.md', oldString: 'bee', newString: 'wasp' });
    const { top } = await killedMidMove(remote, from);
    const secondPid = endedPid();
    await writeFile(path.join(top, 'd', `.vault-fetch-${secondPid}-1.tmp`), 'wa');
    await writeFile(path.join(top, 'd', `.vault-fetch-${process.ppid}-999.tmp`), "a live server's temp file");

    await remote.addClone({}, { existing: top });
    expect((await readdir(path.join(top, 'd'))).sort()).toEqual([`.vault-fetch-${process.ppid}-999.tmp`, 'b.md'].sort());
    expect(await read(top, 'd/b.md')).toBe('wasp\n');
  });
});

/** What a server killed right after moving the branch from `from` to the remote's tip leaves: its journal, the disk as `from` has it. */
async function killedMidMove(remote: Awaited<ReturnType<typeof open>>, from: string) {
  const to = remote.remoteGit('rev-parse', 'main').trim();
  const top = path.join(remote.bare, '..', 'killed');
  remote.remoteGit('clone', '-q', remote.bare, top);
  const git = (...args: string[]) => remote.remoteGit('-C', top, ...args);
  git('reset', '-q', '--hard', from);
  git('update-ref', 'refs/heads/main', to);
  const pid = endedPid();
  await mkdir(path.join(top, '.git', 'vault-text-tools'), { recursive: true });
  await writeFile(path.join(top, '.git', 'vault-text-tools', `move-${pid}.json`), JSON.stringify({ ref: 'refs/heads/main', from, to }));
  return { top, git, pid };
}
