import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, inject, it } from 'vitest';
import { childEnv, repositoryRoot, run } from './pack-and-install.js';
import { packed } from './packed.js';

const { folder, project } = inject('installed');

describe(`the README's client set-ups, on the installed server (Node ${process.version})`, () => {
  it("runs the README's client set-ups (Claude Desktop, Claude Code, the MCP Inspector) with the packed server in place of the registry's", async () => {
    const readme = await readFile(path.join(repositoryRoot, 'README.md'), 'utf8');
    const server = packed('vault-text-mcp');
    const vault = path.join(folder, 'client-vault');
    await cp(path.join(repositoryRoot, 'examples/vault'), vault, { recursive: true });
    const packedArgs = (args: string[]) =>
      args.flatMap((arg) => (arg === 'vault-text-mcp' ? [`--package=${server.tarball}`, 'vault-mcp'] : [['/absolute/path/to/your/notes', 'examples/vault'].includes(arg) ? vault : arg]));
    const listedBy = async (command: string, args: string[]) => {
      const client = new Client({ name: 'readme-client', version: '1.0.0' });
      await client.connect(new StdioClientTransport({ command, args: packedArgs(args), cwd: project, env: childEnv as Record<string, string>, stderr: 'ignore' }));
      try {
        return (await client.listTools()).tools.length;
      } finally {
        await client.close();
      }
    };
    const listed = (stdout: string) => (JSON.parse(stdout) as { tools: { name: string }[] }).tools.length;

    const desktop = JSON.parse(/\*\*Claude Desktop\*\*[\s\S]*?```json\n([^`]+)```/.exec(readme)![1]!).mcpServers.vault as { command: string; args: string[] };
    const [claudeCode, ...codeArgs] = /claude mcp add vault -- (.+)/.exec(readme)![1]!.split(' ');
    const [direct, withNode] = /\*\*MCP Inspector\*\*[\s\S]*?```sh\n([^`]+)```/.exec(readme)![1]!.trim().split('\n');
    // The second line brings Node 22 for the Inspector, on any Node; the first runs as written where this Node is 22.19 or newer.
    const [, inspectorPackages, inspectorCommand] = /^npx (.+) -c '(.+)'$/.exec(withNode!)!;
    const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
    const directRuns = major > 22 || (major === 22 && minor >= 19);
    // Each set-up starts a server of its own, which only reads the vault: all started at once.
    const [byDesktop, byClaudeCode, byInspectorWithNode, byInspector] = await Promise.all([
      listedBy(desktop.command, desktop.args),
      listedBy(claudeCode!, codeArgs),
      run('npx', [...inspectorPackages!.split(' '), '-c', packedArgs(inspectorCommand!.split(' ')).join(' ')], project).then(listed),
      directRuns ? run('npx', packedArgs(direct!.split(' ').slice(1)), project).then(listed) : undefined,
    ]);
    expect(byDesktop).toBe(8);
    expect(byClaudeCode).toBe(8);
    expect(byInspectorWithNode).toBe(8);
    if (directRuns) expect(byInspector).toBe(8);
  });
});
