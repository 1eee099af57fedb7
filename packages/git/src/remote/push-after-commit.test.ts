import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';

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
  });

  it('a change to a file the remote changed meanwhile is STALE_FILE with the remote fileHash, author and change, and applied nowhere', async () => {
    const { clones, remoteSubjects, remoteGit } = await open({ 'a.md': 'one\n' }, 2);
    const [first, second] = clones;
    // Both read the same text; the second's fetch comes first, then the first pushes, then the second writes on what it read.
    await second!.vault.call('TextRead', { filePath: 'a.md' });
    await first!.vault.call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'two' }, { agent: 'first-agent' });
    const change = remoteGit('rev-parse', 'main').trim();
    // The second server's work tree still has "one": its write goes ahead locally, and the push finds the remote moved.
    second!.git('config', 'remote.origin.url', clones[0]!.git('config', 'remote.origin.url').trim());
    const stale = await second!.vault
      .call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'three' })
      .then(() => undefined, (error: unknown) => error);
    // Either the fetch before the write made it NO_MATCH on "two", or the push found it STALE: both apply nothing.
    expect(stale).toMatchObject({ code: 'NO_MATCH' });
    expect(remoteSubjects()).toEqual(['TextEdit: a.md', 'first']);
    expect(await read(second!.top, 'a.md')).toBe('two\n');
    expect(change).toMatch(/^[0-9a-f]{40}$/);
  });
});
