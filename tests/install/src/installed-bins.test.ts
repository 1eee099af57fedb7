import { cp } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, inject, it } from 'vitest';
import { childEnv, repositoryRoot, run } from './pack-and-install.js';
import { packed } from './packed.js';

const { folder, project } = inject('installed');

describe(`the bins of the installed packages (Node ${process.version})`, () => {
  it('starts the server with npx on its tarball and lists its tools to the SDK client, with the version of its package', async () => {
    const server = packed('vault-text-mcp');
    const vault = path.join(folder, 'vault');
    await cp(path.join(repositoryRoot, 'examples/vault'), vault, { recursive: true });
    const transport = new StdioClientTransport({
      command: 'npx',
      args: ['-y', `--package=${server.tarball}`, 'vault-mcp', '--vault', vault],
      cwd: project,
      env: childEnv as Record<string, string>,
      stderr: 'ignore',
    });
    const client = new Client({ name: 'install-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()).toEqual({ name: 'vault-text-tools', version: server.version });
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
      ]);
      const read = (await client.callTool({ name: 'TextRead', arguments: { filePath: 'todo.md', limit: 1 } })) as CallToolResult;
      expect(read.content[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/^1: # Todo\n/) });
    } finally {
      await client.close();
    }
  });

  it('runs the vtx command from the project', async () => {
    const vault = path.join(folder, 'cli-vault');
    await cp(path.join(repositoryRoot, 'examples/vault'), vault, { recursive: true });
    // A read and the version: started at once.
    const [read, version] = await Promise.all([
      run('npx', ['vtx', '--vault', vault, 'read', 'todo.md', '--limit', '1'], project),
      run('npx', ['vtx', '--version'], project),
    ]);
    expect(read).toMatch(/^1: # Todo\n/);
    expect(version).toBe(`${packed('vault-text-cli').version}\n`);
  });
});
