import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileHash } from '@vault/core';
import { describe, expect, it } from 'vitest';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const read = (top: string, file: string) => readFile(path.join(top, file), 'utf8');
const hashOf = (text: string) => fileHash(new TextEncoder().encode(text));

// A fetch keeps a person's uncommitted edit of a file the remote changed. Committing that edit later, as
// an outside change before an agent's write, would silently undo the remote's change: it is refused
// with STALE_FILE naming the remote's change until a person decides (decision 0019).
describe("a person's edit kept by a fetch is never committed over the remote's change", () => {
  it('refuses the next write to the file with STALE_FILE naming the remote change; taking the remote version lets it through', async () => {
    const remote = await open({ 'a.md': 'apple\n', 'b.md': 'bee\n' }, 1);
    const writer = remote.clones[0]!;
    const reader = await remote.addClone();
    await writeFile(path.join(reader.top, 'a.md'), "the person's apple\n");
    await writer.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' }, { agent: 'writer' });
    const change = remote.remoteGit('rev-parse', 'main').trim();
    // The reader's write on another file fetches: a.md is kept as the person left it.
    await reader.vault.call('TextEdit', { filePath: 'b.md', oldString: 'bee', newString: 'wasp' });
    expect(await read(reader.top, 'a.md')).toBe("the person's apple\n");

    const refused = await reader.vault
      .call('TextEdit', { filePath: 'a.md', oldString: "the person's apple", newString: "the agent's apple" })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: 'STALE_FILE',
      details: { path: 'a.md', fileHash: await hashOf('quince\n'), change, author: 'writer', keptEdit: true },
    });
    // Nothing written, nothing undone, anywhere.
    expect(await read(reader.top, 'a.md')).toBe("the person's apple\n");
    expect(remote.remoteGit('show', 'main:a.md')).toBe('quince\n');
    expect(remote.remoteSubjects()).toEqual(['TextEdit: b.md', 'TextEdit: a.md', 'first']);
    // Still refused on a second try: the person has not decided.
    await expect(reader.vault.call('TextCreate', { filePath: 'a.md', content: 'over\n', overwrite: true })).rejects.toMatchObject({ code: 'STALE_FILE' });

    // The person takes the remote's version: the agent's next write lands on it.
    reader.git('checkout', 'HEAD', '--', 'a.md');
    await reader.vault.call('TextEdit', { filePath: 'a.md', oldString: 'quince', newString: 'quince and pear' });
    expect(remote.remoteGit('show', 'main:a.md')).toBe('quince and pear\n');
    expect(reader.git('status', '--porcelain')).toBe('');
  });

  it("the person commits their version: that commit is their decision, shared on top of the remote's", async () => {
    const remote = await open({ 'a.md': 'apple\n', 'b.md': 'bee\n' }, 1);
    const reader = await remote.addClone();
    await writeFile(path.join(reader.top, 'a.md'), "the person's apple\n");
    await remote.clones[0]!.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
    await reader.vault.call('TextEdit', { filePath: 'b.md', oldString: 'bee', newString: 'wasp' });
    reader.git('commit', '-q', '-m', 'mine over theirs', '--', 'a.md');
    await reader.vault.call('TextEdit', { filePath: 'a.md', oldString: "the person's apple", newString: "the agent's apple" });
    expect(remote.remoteSubjects()).toEqual(['TextEdit: a.md', 'mine over theirs', 'TextEdit: b.md', 'TextEdit: a.md', 'first']);
    expect(remote.remoteGit('show', 'main:a.md')).toBe("the agent's apple\n");
  });
});
