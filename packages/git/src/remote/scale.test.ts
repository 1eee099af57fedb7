import { describe, expect, it } from 'vitest';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const clones = 4;
const writesPerClone = 3;
const files = ['one.md', 'two.md', 'three.md'];

// Four servers (in one process, each on its own clone) append lines to two shared files at once, each
// write retried after STALE_FILE as an agent would (read again, redo): every acknowledged write is in
// the remote's history exactly once and in the file exactly once; none is lost. The long version, with
// separate processes and figures, is the bench (`pnpm bench -- remote`).
describe(`${clones} servers, ${clones * writesPerClone} writes to ${files.length} shared files`, () => {
  it('loses no update: every acknowledged write is on the remote exactly once', async () => {
    const remote = await open(Object.fromEntries(files.map((file) => [file, 'END\n'])), clones);
    const unexpected: unknown[] = [];
    const write = async (server: number, index: number) => {
      const file = files[(server + index) % files.length]!;
      const line = `line ${server}-${index}`;
      for (let attempt = 0; attempt < 50; attempt += 1) {
        try {
          await remote.clones[server]!.vault.call('TextEdit', { filePath: file, oldString: 'END', newString: `${line}\nEND` });
          return;
        } catch (error) {
          if ((error as { code?: string }).code !== 'STALE_FILE') {
            unexpected.push(error);
            return;
          }
        }
      }
      unexpected.push(`${line} never landed`);
    };
    await Promise.all(
      remote.clones.map(async (_, server) => {
        for (let index = 0; index < writesPerClone; index += 1) await write(server, index);
      }),
    );
    expect(unexpected).toEqual([]);
    const lines = files.flatMap((file) => remote.remoteGit('show', `main:${file}`).split('\n')).filter((line) => line.startsWith('line '));
    const expected = Array.from({ length: clones * writesPerClone }, (_, index) => `line ${Math.floor(index / writesPerClone)}-${index % writesPerClone}`);
    expect(lines.sort()).toEqual(expected.sort());
    expect(remote.remoteSubjects()).toHaveLength(clones * writesPerClone + 1);
    // Each write in a commit of its own, one line each: no write twice, none merged into another's.
    for (const change of remote
      .remoteGit('rev-list', `main~${clones * writesPerClone}..main`)
      .split('\n')
      .filter(Boolean)) {
      expect(remote.remoteGit('show', '--format=', '--numstat', change)).toMatch(/^1\t0\t\S+\.md\n$/);
    }
  });
});
