import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, inject, it } from 'vitest';
import { childEnv, repositoryRoot } from './pack-and-install.js';
import { packed } from './packed.js';
import { withPackedServer } from './with-packed-server.js';

const { folder, project } = inject('installed');

describe(`the README's Claude set-ups, on the installed server (Node ${process.version})`, () => {
  it("runs the README's client set-ups (Claude Desktop, Claude Code) with the packed server in place of the registry's", async () => {
    const readme = await readFile(path.join(repositoryRoot, 'README.md'), 'utf8');
    const server = packed('vault-text-mcp');
    const vault = path.join(folder, 'client-vault');
    await cp(path.join(repositoryRoot, 'examples/vault'), vault, { recursive: true });
    const listedBy = async (command: string, args: string[]) => {
      const client = new Client({ name: 'readme-client', version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({
          command,
          args: withPackedServer(args, server, vault),
          cwd: project,
          env: childEnv as Record<string, string>,
          stderr: 'ignore',
        }),
      );
      try {
        return (await client.listTools()).tools.length;
      } finally {
        await client.close();
      }
    };

    const desktop = JSON.parse(/\*\*Claude Desktop\*\*[\s\S]*?```json\n([^`]+)```/.exec(readme)![1]!).mcpServers.vault as { command: string; args: string[] };
    const [claudeCode, ...codeArgs] = /claude mcp add vault -- (.+)/.exec(readme)![1]!.split(' ');
    // Each set-up starts a server of its own, which only reads the vault: both started at once.
    const [byDesktop, byClaudeCode] = await Promise.all([listedBy(desktop.command, desktop.args), listedBy(claudeCode!, codeArgs)]);
    expect(byDesktop).toBe(10);
    expect(byClaudeCode).toBe(10);
  });
});
