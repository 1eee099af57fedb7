import { readFile } from 'node:fs/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createVault } from '@vault/core';
import { withGitHistory } from '@vault/git';
import { createVaultMcpServer } from '@vault/mcp';
import { createNodeFs } from '@vault/node';
import { createTempRepository, personEnv, type TempRepository, textOf } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { bin } from './__fixtures__/serve-bin.js';

let repository: TempRepository;
const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
  await repository.remove();
});

type Call = (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;

/** Over the built bin with --git (stdio), or a server made in this process on a vault with history. */
const connections: Record<string, (root: string) => Promise<Call>> = {
  'the built bin over stdio': async (root) => {
    const client = new Client({ name: 'e2e-agent', version: '2.0.0' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, '--vault', root, '--git'],
      env: { ...process.env, ...personEnv },
      stderr: 'pipe',
    });
    await client.connect(transport);
    closing.push(() => client.close());
    return async (name, args) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  },
  'a server in process': async (root) => {
    const fs = await withGitHistory(await createNodeFs(root));
    const server = createVaultMcpServer(createVault(fs));
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await server.connect(serverTransport);
    const client = new Client({ name: 'e2e-agent', version: '2.0.0' });
    await client.connect(clientTransport);
    closing.push(
      () => client.close(),
      () => fs.close(),
    );
    return async (name, args) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  },
};

for (const [over, connect] of Object.entries(connections)) {
  describe(`history over MCP: ${over}`, () => {
    it('an agent sees who changed a note and when, a change as a diff, the note as it was, undoes its edit and restores a removed note, each in one call', async () => {
      repository = await createTempRepository({ 'notes/a.md': 'alpha\n', 'notes/b.md': 'beta\n' });
      const call = await connect(repository.vault);
      expect((await call('TextEdit', { filePath: 'notes/a.md', oldString: 'alpha', newString: 'omega' })).isError).toBeFalsy();

      const history = await call('History', { filePath: 'notes/a.md' });
      const changes = (history.structuredContent as { changes: { id: string; author: string; subject: string }[] }).changes;
      expect(changes.map(({ author, subject }) => ({ author, subject }))).toEqual([
        { author: 'e2e-agent 2.0.0', subject: 'TextEdit: notes/a.md' },
        { author: 'Pat Person', subject: 'first' },
      ]);
      expect(textOf(history)).toContain('e2e-agent 2.0.0 | TextEdit: notes/a.md');
      const [edit, first] = changes;

      const diff = await call('History', { change: edit!.id });
      expect(textOf(diff)).toContain('-alpha\n+omega');
      expect((diff.structuredContent as { diff: string }).diff).toContain('-alpha\n+omega');

      const old = await call('TextRead', { filePath: 'notes/a.md', at: first!.id });
      expect(textOf(old)).toContain('1: alpha');

      const undone = await call('Undo', { change: edit!.id });
      expect(textOf(undone)).toContain('notes/a.md has its content from before the change');
      expect(await readFile(`${repository.vault}/notes/a.md`, 'utf8')).toBe('alpha\n');

      await call('RemoveFile', { filePath: 'notes/b.md' });
      const restored = await call('Restore', { filePath: 'notes/b.md', change: first!.id });
      expect(restored.structuredContent).toMatchObject({ path: 'notes/b.md', action: 'recreated' });
      expect(await readFile(`${repository.vault}/notes/b.md`, 'utf8')).toBe('beta\n');
      expect(repository.subjects()).toEqual([
        `Restore: notes/b.md (as after ${first!.id.slice(0, 12)})`,
        'RemoveFile: notes/b.md',
        `Undo: ${edit!.id.slice(0, 12)} (TextEdit: notes/a.md)`,
        'TextEdit: notes/a.md',
        'first',
      ]);
      expect(repository.git('status', '--porcelain')).toBe('');
    });

    it('a change id that is not one is INVALID_ARGUMENT, answered as an error result', async () => {
      repository = await createTempRepository({ 'a.md': 'a\n' });
      const call = await connect(repository.vault);
      const refused = await call('Undo', { change: '--output=x' });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/^INVALID_ARGUMENT: /);
    });
  });
}

describe('vault-mcp --git', () => {
  it('lists the history tools, and TextRead with at', async () => {
    repository = await createTempRepository({ 'a.md': 'a\n' });
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, '--vault', repository.vault, '--git'], stderr: 'pipe' }));
    closing.push(() => client.close());
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'TextRead',
      'TextEdit',
      'TextCreate',
      'TextSearch',
      'FindNotes',
      'ListDirectories',
      'ListFiles',
      'Move',
      'RemoveFile',
      'Links',
      'RenameHeading',
      'History',
      'Undo',
      'Restore',
    ]);
    expect(Object.keys(tools[0]!.inputSchema.properties ?? {})).toContain('at');
    expect(tools.find((tool) => tool.name === 'Undo')!.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: false,
    });
  });
});
