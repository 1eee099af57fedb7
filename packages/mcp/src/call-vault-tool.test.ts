import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createMemoryFs, createVault, type Vault } from '@vault/core';
import { textOf } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { createVaultMcpServer } from './create-vault-mcp-server.js';

const seed = { 'notes/a.md': 'alpha\n', 'todo.txt': 'x\n' };

/** A real client on a server over `vault`, and what the server reported as unexpected. */
async function connect(vault: Vault) {
  const unexpected: [string, string][] = [];
  const server = createVaultMcpServer(vault, { onUnexpectedError: (error, where) => unexpected.push([where, (error as Error).message]) });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'seam', version: '1.0.0' });
  await client.connect(clientTransport);
  const call = async (name: string, args?: Record<string, unknown>) =>
    (await client.callTool(args === undefined ? { name } : { name, arguments: args })) as CallToolResult;
  return { server, client, call, unexpected };
}

describe('tools/call: core checks what the caller sent, before any tool runs', () => {
  it('refuses an unknown tool with INVALID_ARGUMENT naming the tools there are', async () => {
    const { call, unexpected } = await connect(createVault(createMemoryFs(seed)));
    const result = await call('TextWrite', { filePath: 'a.md' });
    expect(result).toMatchObject({ isError: true, _meta: { errorCode: 'INVALID_ARGUMENT', retryable: false } });
    expect(textOf(result)).toBe(
      'INVALID_ARGUMENT: There is no tool named TextWrite. Tools: TextRead, TextEdit, TextCreate, TextSearch, FindNotes, ListDirectories, ListFiles, Move, RemoveFile, Links, RenameHeading.',
    );
    expect(unexpected).toEqual([]);
  });

  it('refuses a write tool on a read-only vault with PERMISSION_DENIED, and writes nothing', async () => {
    const fs = createMemoryFs(seed);
    const { call } = await connect(createVault(fs, { readOnly: true }));
    const result = await call('TextCreate', { filePath: 'b.md', content: 'x' });
    expect(result).toMatchObject({ isError: true, _meta: { errorCode: 'PERMISSION_DENIED' } });
    expect(textOf(result)).toContain('read-only');
    expect(fs.toJSON()).toEqual(seed);
  });

  it('refuses an argument named __proto__, which the SDK turns into the prototype of the arguments it copies', async () => {
    const fs = createMemoryFs(seed);
    const { call } = await connect(createVault(fs));
    const args = JSON.parse('{"filePath":"notes/a.md","oldString":"alpha","newString":"beta","__proto__":{"expectedHash":"0000000000000000"}}');
    const result = await call('TextEdit', args);
    expect(result).toMatchObject({ isError: true, _meta: { errorCode: 'INVALID_ARGUMENT' } });
    expect(textOf(result)).toContain('TextEdit has no parameter __proto__; an unknown argument is refused, never ignored.');
    expect(fs.toJSON()).toEqual(seed);
  });

  it('refuses an unknown argument, naming the parameter it resembles', async () => {
    const { call } = await connect(createVault(createMemoryFs(seed)));
    const result = await call('TextRead', { file_path: 'notes/a.md' });
    expect(result).toMatchObject({ isError: true, _meta: { errorCode: 'INVALID_ARGUMENT' } });
    expect(textOf(result)).toBe(
      'INVALID_ARGUMENT: TextRead has no parameter file_path (did you mean filePath?); an unknown argument is refused, never ignored. Its parameters: filePath, offset, limit, column, heading.',
    );
  });

  it.each([
    ['a missing required parameter', undefined, 'filePath'],
    ['a value of the wrong type', { filePath: 'notes/a.md', limit: 'ten' }, 'limit'],
    ['a value out of range', { filePath: 'notes/a.md', offset: 0 }, 'offset'],
  ])('refuses %s with INVALID_ARGUMENT naming the parameter', async (_label, args, parameter) => {
    const { call, unexpected } = await connect(createVault(createMemoryFs(seed)));
    const result = await call('TextRead', args);
    expect(result).toMatchObject({ isError: true, _meta: { errorCode: 'INVALID_ARGUMENT' } });
    expect(textOf(result)).toMatch(/^INVALID_ARGUMENT: Invalid input for TextRead: /);
    expect(textOf(result)).toContain(`at ${parameter}`);
    expect(unexpected).toEqual([]);
  });

  it("runs a call without arguments, and fills in the schema's defaults", async () => {
    const { call } = await connect(createVault(createMemoryFs(seed)));
    const listed = await call('ListDirectories');
    expect(listed.isError).toBeFalsy();
    expect(listed.structuredContent).toEqual({ directory: '', directories: ['notes'], truncated: false });
    const searched = await call('TextSearch', { query: 'alpha' });
    expect(searched.structuredContent).toMatchObject({ outputMode: 'content', caseSensitive: false, totalMatches: 1 });
  });
});

describe("tools/call: failures that are not the caller's", () => {
  it("hides a tool's unexpected failure behind IO_ERROR, and reports it with the tool's name", async () => {
    const fs = createMemoryFs(seed);
    const failing = {
      ...fs,
      async readFile(path: string) {
        if (path === 'todo.txt') throw new Error('disk exploded at /home/secret/todo.txt');
        return fs.readFile(path);
      },
    };
    const { call, unexpected } = await connect(createVault(failing));
    const result = await call('TextRead', { filePath: 'todo.txt' });
    expect(result).toMatchObject({ isError: true, _meta: { errorCode: 'IO_ERROR', retryable: true } });
    expect(textOf(result)).not.toContain('secret');
    expect(unexpected).toEqual([['TextRead', 'disk exploded at /home/secret/todo.txt']]);
  });

  it('never sends structured content outside the output schema tools/list gives: IO_ERROR, reported', async () => {
    const vault = createVault(createMemoryFs(seed));
    const broken: Vault = { ...vault, structure: (name, output) => (name === 'ListFiles' ? { files: 'not a list' } : vault.structure(name, output)) };
    const { call, unexpected } = await connect(broken);
    const result = await call('ListFiles', {});
    expect(result).toMatchObject({ isError: true, _meta: { errorCode: 'IO_ERROR' } });
    expect(result.structuredContent).toBeUndefined();
    expect(unexpected).toHaveLength(1);
    expect(unexpected[0]![0]).toBe('ListFiles');
    expect(unexpected[0]![1]).toContain('does not fit its output schema');
    // The other tools answer as before.
    expect((await call('TextRead', { filePath: 'notes/a.md' })).isError).toBeFalsy();
  });
});

describe("the server's own tools/list and tools/call", () => {
  it("leaves no room for the SDK's own tool registry: registering another tool is refused", async () => {
    const vault = createVault(createMemoryFs(seed));
    const { server, client } = await connect(vault);
    expect(() => server.registerTool('Extra', { description: 'x' }, async () => ({ content: [] }))).toThrow(/already exists/);
    expect((await client.listTools()).tools).toHaveLength(vault.tools.length);
  });
});
