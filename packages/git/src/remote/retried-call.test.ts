import { describe, expect, it } from 'vitest';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();

// The MCP 2026-07-28 revision makes a client re-send a call whose answer was lost, maybe to another
// server behind the same address: the change is already on the remote, and the retry says so.
describe('a call retried after its answer was lost', () => {
  it('on another server: TextEdit and TextCreate answer already applied, and the remote keeps one commit of each', async () => {
    const { clones, remoteSubjects } = await open({ 'a.md': 'one\ntwo\n' }, 2);
    const [first, second] = clones;
    const edit = { filePath: 'a.md', oldString: 'two', newString: 'three' };
    const create = { filePath: 'b.md', content: 'bee\n' };
    const edited = await first!.vault.call('TextEdit', edit);
    const created = await first!.vault.call('TextCreate', create);
    await expect(second!.vault.call('TextEdit', edit)).resolves.toMatchObject({ alreadyApplied: true, fileHash: edited.fileHash, startLine: 2 });
    await expect(second!.vault.call('TextCreate', create)).resolves.toMatchObject({ action: 'unchanged', fileHash: created.fileHash });
    // And on the same server.
    await expect(first!.vault.call('TextEdit', edit)).resolves.toMatchObject({ alreadyApplied: true });
    expect(remoteSubjects()).toEqual(['TextCreate: b.md', 'TextEdit: a.md', 'first']);
  });
});
