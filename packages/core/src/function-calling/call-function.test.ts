import { describe, expect, it } from 'vitest';
import { callFunction } from './call-function.js';
import { createMemoryFs } from '../vault/memory-fs.js';
import { createVault } from '../vault/vault.js';
import { toolsOf } from '../tools/tools.js';

const vaultWith = (seed: Record<string, string>) => {
  const fs = createMemoryFs(seed);
  return { fs, vault: createVault(fs) };
};

describe('callFunction', () => {
  it('runs a call by a name known at run time, from JSON arguments, and gives the text the tool renders with the typed output', async () => {
    const { vault } = vaultWith({ 'todo.md': '- [ ] ship it\n' });
    const name: string = 'TextRead';
    const result = await callFunction(vault, name, '{"filePath": "todo.md", "offset": null, "limit": null}');
    expect(result).toEqual({
      text: expect.stringMatching(/^1: - \[ \] ship it\n/),
      isError: false,
      output: expect.objectContaining({ path: 'todo.md', totalLines: 1 }),
    });
  });

  it('takes the arguments as an object too, and edits', async () => {
    const { fs, vault } = vaultWith({ 'todo.md': '- [ ] ship it\n' });
    const result = await callFunction(vault, 'TextEdit', { filePath: 'todo.md', oldString: '- [ ]', newString: '- [x]', replaceAll: null });
    expect(result.isError).toBe(false);
    expect(fs.toJSON()).toEqual({ 'todo.md': '- [x] ship it\n' });
  });

  it('answers an unknown tool, JSON that is not an object, and bad arguments with INVALID_ARGUMENT, changing nothing', async () => {
    const { fs, vault } = vaultWith({ 'a.md': 'a\n' });
    expect(await callFunction(vault, 'DeleteEverything', '{}')).toEqual({ text: expect.stringMatching(/^INVALID_ARGUMENT: .*TextRead/s), isError: true });
    expect(await callFunction(vault, 'TextRead', '{"filePath": ')).toEqual({
      text: 'INVALID_ARGUMENT: The arguments are not JSON. Send them as a JSON object, such as {"filePath": "notes/todo.md"}.',
      isError: true,
    });
    expect(await callFunction(vault, 'TextRead', '["a.md"]')).toEqual({
      text: 'INVALID_ARGUMENT: The arguments must be a JSON object of parameters, such as {"filePath": "notes/todo.md"}.',
      isError: true,
    });
    expect(await callFunction(vault, 'TextRead', '{"filePath": "a.md", "offset": "first"}')).toMatchObject({
      text: expect.stringMatching(/^INVALID_ARGUMENT: .*offset/s),
      isError: true,
    });
    expect(await callFunction(vault, 'RemoveFile', '')).toMatchObject({ text: expect.stringMatching(/^INVALID_ARGUMENT: .*filePath/s), isError: true });
    expect(fs.toJSON()).toEqual({ 'a.md': 'a\n' });
  });

  it("gives the called tool's own parameters as the example of the form wanted, for every tool", async () => {
    const { vault } = vaultWith({ 'a.md': 'a\n' });
    expect(await callFunction(vault, 'FindNotes', '{"query":"alpha"')).toEqual({
      text: 'INVALID_ARGUMENT: The arguments are not JSON. Send them as a JSON object, such as {"query": "onboarding checklist"}.',
      isError: true,
    });
    expect(await callFunction(vault, 'Move', '"a.md"')).toEqual({
      text: 'INVALID_ARGUMENT: The arguments must be a JSON object of parameters, such as {"sourcePath": "inbox/idea.md", "destinationPath": "projects/idea.md"}.',
      isError: true,
    });
    // An unknown tool: no example (the call names the tools next).
    expect(await callFunction(vault, 'DeleteEverything', '{')).toEqual({
      text: 'INVALID_ARGUMENT: The arguments are not JSON. Send them as a JSON object.',
      isError: true,
    });
    // Each tool's example is its own: a valid input of its schema (the history tools' too), shown as a model would send it.
    for (const tool of toolsOf(true)) expect(tool.inputSchema.safeParse(tool.example).success, tool.name).toBe(true);
    for (const tool of vault.tools) {
      const { text } = await callFunction(vault, tool.name, '{');
      expect(JSON.parse(/such as (\{.*\})\.$/.exec(text)?.[1] ?? 'null'), tool.name).toEqual(tool.example);
    }
  });

  it('throws what is not a VaultError to the program', async () => {
    const fs = createMemoryFs({ 'a.md': 'a\n' });
    const vault = createVault({ ...fs, readFile: () => Promise.reject(new Error('disk gone')) });
    await expect(callFunction(vault, 'TextRead', { filePath: 'a.md' })).rejects.toThrow('disk gone');
  });
});
