import { describe, expect, it } from 'vitest';
import { createMemoryFs } from './memory-fs.js';
import { createVault } from './vault.js';
import type { ChangeMeta, VaultHistory } from './vault-history.js';

/** A history that runs each call and keeps what it was asked to record; the rest of its answers are not needed here. */
function recordingHistory() {
  const recorded: { meta: ChangeMeta; subject: string }[] = [];
  const history: VaultHistory = {
    async record(meta, work, subjectOf) {
      const output = await work();
      recorded.push({ meta, subject: subjectOf(output) });
      return output;
    },
    log: async () => ({ changes: [], more: false }),
    show: () => Promise.reject(new Error('not asked')),
    fileAt: async () => undefined,
    filesOf: () => Promise.reject(new Error('not asked')),
    changesSince: async () => [],
  };
  return { history, recorded };
}

function withHistory() {
  const { history, recorded } = recordingHistory();
  const fs = Object.assign(createMemoryFs({ 'a.md': 'one\n' }), { history });
  return { vault: createVault(fs), recorded };
}

describe('Vault.call with history', () => {
  it('records a changing call as one change named by the tool, with its agent and subject', async () => {
    const { vault, recorded } = withHistory();
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'two' }, { agent: 'client/1.0' });
    await vault.call('TextCreate', { filePath: 'b.md', content: 'b\n' });
    expect(recorded).toEqual([
      { meta: { tool: 'TextEdit', agent: 'client/1.0' }, subject: 'TextEdit: a.md' },
      { meta: { tool: 'TextCreate' }, subject: 'TextCreate: b.md' },
    ]);
    expect(Object.keys(recorded[1]?.meta ?? {})).toEqual(['tool']);
  });

  it('records no read-only call', async () => {
    const { vault, recorded } = withHistory();
    await vault.call('TextRead', { filePath: 'a.md' }, { agent: 'client/1.0' });
    await vault.call('ListFiles', {});
    expect(recorded).toEqual([]);
  });

  it('offers the history tools only with history, and says why one is missing', async () => {
    const { vault } = withHistory();
    expect(vault.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['History', 'Undo', 'Restore']));
    expect(await vault.call('History', {})).toBeDefined();

    const plain = createVault(createMemoryFs({ 'a.md': 'one\n' }));
    for (const name of ['History', 'Undo', 'Restore'] as const) {
      await expect(plain.call(name, {} as never)).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: `${name} needs the vault's history, which is off. Start the server or the CLI with --git.`,
      });
    }
  });

  it('tells a write tool of a read-only vault from a tool that does not exist', async () => {
    const readOnly = createVault(createMemoryFs({ 'a.md': 'one\n' }), { readOnly: true });
    await expect(readOnly.call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'two' })).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      message: 'TextEdit changes files, and this vault is open read-only. Use the read tools, or open the vault without read-only.',
    });
    await expect(readOnly.call('Nope' as never, {} as never)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringMatching(/^There is no tool named Nope\. Tools: TextRead, /),
    });
  });
});
