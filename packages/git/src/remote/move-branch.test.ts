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
    const to = remote.remoteGit('rev-parse', 'main').trim();

    // The killed server's clone: branch moved, a.md brought over, b.md not yet (its temp file written), c.md edited by a person.
    const top = path.join(remote.bare, '..', 'killed');
    remote.remoteGit('clone', '-q', remote.bare, top);
    const git = (...args: string[]) => remote.remoteGit('-C', top, ...args);
    git('reset', '-q', '--hard', from);
    git('update-ref', 'refs/heads/main', to);
    const pid = endedPid();
    await mkdir(path.join(top, '.git', 'vault-text-tools'), { recursive: true });
    await writeFile(path.join(top, '.git', 'vault-text-tools', `move-${pid}.json`), JSON.stringify({ ref: 'refs/heads/main', from, to }));
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
});
