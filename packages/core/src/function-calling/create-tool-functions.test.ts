import { describe, expect, it } from 'vitest';
import { createMemoryFs } from '../vault/memory-fs.js';
import { createToolFunctions } from './create-tool-functions.js';
import { tools } from '../tools/tools.js';
import { createVault } from '../vault/vault.js';

describe('createToolFunctions', () => {
  it('gives each tool as a typed function that validates its input and runs it on the vault', async () => {
    const fs = createMemoryFs({ 'todo.md': '- [ ] ship it\n' });
    const { TextRead, TextEdit, ...others } = createToolFunctions(createVault(fs));
    expect(Object.keys(others).sort()).toEqual(
      tools
        .map((tool) => tool.name)
        .filter((name) => name !== 'TextRead' && name !== 'TextEdit')
        .sort(),
    );
    const read = await TextRead({ filePath: 'todo.md' });
    const edit = await TextEdit({ filePath: 'todo.md', oldString: '[ ]', newString: '[x]', expectedHash: read.fileHash });
    expect(edit.snippet).toEqual([{ number: 1, text: '- [x] ship it' }]);
    expect(fs.toJSON()).toEqual({ 'todo.md': '- [x] ship it\n' });
    await expect(TextRead({ filePath: 'todo.md', offset: 0 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('passes a signal on: a call cancelled before it runs rejects with the reason and writes nothing', async () => {
    const fs = createMemoryFs({});
    const { TextCreate } = createToolFunctions(createVault(fs));
    const reason = new Error('the user stopped the agent');
    await expect(TextCreate({ filePath: 'a.md', content: 'x' }, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(fs.toJSON()).toEqual({});
  });

  it('refuses the write tools of a read-only vault', async () => {
    const { RemoveFile } = createToolFunctions(createVault(createMemoryFs({ 'a.md': 'a' }), { readOnly: true }));
    await expect(RemoveFile({ filePath: 'a.md' })).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
  });
});
