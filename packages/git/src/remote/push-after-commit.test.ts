import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileHash } from '@vault/core';
import { describe, expect, it } from 'vitest';
import { holdPushes, useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const read = (top: string, file: string) => readFile(path.join(top, file), 'utf8').catch(() => undefined);

describe('a write is answered once the remote has it', () => {
  it('pushes each call as its own commit, and the other clone fetches it before its next write', async () => {
    const { clones, remoteSubjects, remoteGit } = await open({ 'a.md': 'one\n', 'b.md': 'bee\n' }, 2);
    const [first, second] = clones;
    await first!.vault.call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'two' });
    expect(remoteSubjects()).toEqual(['TextEdit: a.md', 'first']);
    expect(remoteGit('show', 'main:a.md')).toBe('two\n');
    // The second clone is behind: its write on another file fetches first, and lands on top.
    await second!.vault.call('TextEdit', { filePath: 'b.md', oldString: 'bee', newString: 'wasp' });
    expect(remoteSubjects()).toEqual(['TextEdit: b.md', 'TextEdit: a.md', 'first']);
    expect(await read(second!.top, 'a.md')).toBe('two\n');
    expect(second!.git('status', '--porcelain')).toBe('');
    expect(second!.git('rev-parse', 'HEAD')).toBe(remoteGit('rev-parse', 'main'));
    // The write that the fetch brought is what the second server's tools see.
    await expect(second!.vault.call('TextSearch', { query: 'two' })).resolves.toMatchObject({ totalMatches: 1 });
  });

  describe('two servers writing at once, both pushes held by the remote until both arrived', () => {
    it('on one file: one lands, the other is STALE_FILE with the remote fileHash, author and change, applied nowhere', async () => {
      const { bare, clones, hook, remoteSubjects, remoteGit } = await open({ 'a.md': 'one\n' }, 2);
      const release = await holdPushes(bare, hook);
      const calls = clones.map((clone, index) =>
        clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: `by ${index}` }, { agent: `agent-${index}` }).then(
          () => 'applied',
          (error: unknown) => error,
        ),
      );
      await release();
      const results = await Promise.all(calls);
      const winner = results.indexOf('applied');
      const loser = results.find((result) => result !== 'applied');
      expect(winner).toBeGreaterThanOrEqual(0);
      expect(loser).toMatchObject({
        code: 'STALE_FILE',
        details: {
          path: 'a.md',
          fileHash: await fileHash(new TextEncoder().encode(`by ${winner}\n`)),
          author: `agent-${winner}`,
          change: remoteGit('rev-parse', 'main').trim(),
        },
      });
      expect(remoteSubjects()).toEqual(['TextEdit: a.md', 'first']);
      for (const clone of clones) {
        expect(await read(clone.top, 'a.md')).toBe(`by ${winner}\n`);
        expect(clone.git('rev-parse', 'HEAD')).toBe(remoteGit('rev-parse', 'main'));
        expect(clone.git('status', '--porcelain')).toBe('');
      }
      // The change taken back is kept under refs/vault/taken-back/ on the server that made it: nothing is lost.
      expect(clones[1 - winner]!.git('for-each-ref', '--format=%(refname)', 'refs/vault/taken-back/').split('\n').filter(Boolean)).toHaveLength(1);
    });

    it('on two files: the second push is replayed on the first, both land, each exactly once', async () => {
      const { bare, clones, hook, remoteSubjects, remoteGit } = await open({ 'a.md': 'a\n', 'b.md': 'b\n' }, 2);
      const release = await holdPushes(bare, hook);
      const calls = clones.map((clone, index) =>
        clone.vault.call('TextEdit', { filePath: index === 0 ? 'a.md' : 'b.md', oldString: index === 0 ? 'a' : 'b', newString: 'z' }),
      );
      await release();
      await Promise.all(calls);
      expect(remoteSubjects().sort()).toEqual(['TextEdit: a.md', 'TextEdit: b.md', 'first']);
      expect(remoteGit('show', 'main:a.md') + remoteGit('show', 'main:b.md')).toBe('z\nz\n');
      // The server whose push was replayed is on the remote's tip; the other catches up at its next fetch.
      const replayed = clones.find((clone) => clone.git('rev-parse', 'HEAD') === remoteGit('rev-parse', 'main'));
      expect(replayed).toBeDefined();
      expect(await read(replayed!.top, 'a.md')).toBe('z\n');
      expect(await read(replayed!.top, 'b.md')).toBe('z\n');
      expect(replayed!.git('status', '--porcelain')).toBe('');
    });
  });
});
