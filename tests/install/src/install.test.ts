import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { publint } from 'publint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, type PublishablePackage, packAndInstall, repositoryRoot, run } from './pack-and-install.js';

let folder: string;
let packages: PublishablePackage[];
let project: string;
const tarballOf = (name: string) => packages.find((found) => found.name === name)!;

beforeAll(async () => {
  // Outside the workspace, so nothing resolves from its node_modules.
  folder = await mkdtemp(path.join(tmpdir(), 'vault-install-'));
  ({ packages, project } = await packAndInstall(folder));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe(`the packed packages, installed with npm outside the workspace (Node ${process.version})`, () => {
  it('packs each publishable package with its LICENSE, README and built files, under a name of its own', async () => {
    expect(packages.map((found) => found.name).sort()).toEqual(['@vault/ai-sdk', '@vault/core', '@vault/mcp', '@vault/node', '@vault/testing', 'vault-text-cli', 'vault-text-mcp']);
    for (const found of packages) {
      const listing = (await run('tar', ['-tzf', found.tarball], folder)).split('\n');
      expect(listing, found.name).toEqual(expect.arrayContaining(['package/LICENSE', 'package/README.md', 'package/package.json']));
      expect(listing.some((file) => /^package\/dist\/.+\.js$/.test(file)), `${found.name} has built files`).toBe(true);
      expect(listing.some((file) => file.startsWith('package/src/')), `${found.name} ships no sources`).toBe(false);
    }
  });

  it('gives publint nothing to say, and attw no problem on the libraries (profile esm-only: see docs/decisions/0014-distribution.md)', async () => {
    for (const found of packages) {
      const { messages } = await publint({ pack: { tarball: (await readFile(found.tarball)).buffer as ArrayBuffer }, level: 'suggestion' });
      expect(messages, found.name).toEqual([]);
      if (found.name.startsWith('@vault/')) await run(path.join(repositoryRoot, 'tests/install/node_modules/.bin/attw'), [found.tarball, '--profile', 'esm-only', '--format', 'table-flipped'], folder);
    }
  });

  it('starts the server with npx on its tarball and lists its tools to the SDK client, with the version of its package', async () => {
    const server = tarballOf('vault-text-mcp');
    const vault = path.join(folder, 'vault');
    await cp(path.join(repositoryRoot, 'examples/vault'), vault, { recursive: true });
    const transport = new StdioClientTransport({ command: 'npx', args: ['-y', `--package=${server.tarball}`, 'vault-mcp', '--vault', vault], cwd: project, env: childEnv as Record<string, string>, stderr: 'ignore' });
    const client = new Client({ name: 'install-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()).toEqual({ name: 'vault-text-tools', version: server.version });
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['TextRead', 'TextEdit', 'TextCreate', 'TextSearch', 'ListDirectories', 'ListFiles', 'Move', 'RemoveFile']);
      const read = (await client.callTool({ name: 'TextRead', arguments: { filePath: 'todo.md', limit: 1 } })) as CallToolResult;
      expect(read.content[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/^1: # Todo\n/) });
    } finally {
      await client.close();
    }
  });

  it('runs the vtx command from the project', async () => {
    const vault = path.join(folder, 'cli-vault');
    await cp(path.join(repositoryRoot, 'examples/vault'), vault, { recursive: true });
    expect(await run('npx', ['vtx', '--vault', vault, 'read', 'todo.md', '--limit', '1'], project)).toMatch(/^1: # Todo\n/);
    expect(await run('npx', ['vtx', '--version'], project)).toBe(`${tarballOf('vault-text-cli').version}\n`);
  });

  it('type-checks ESM and CommonJS consumers, and our declarations compile without the DOM library', async () => {
    // The MCP SDK's and the AI SDK's own declarations use DOM types (HeadersInit, ...): a user of
    // those needs the DOM library anyway. Ours must not: no error may come from @vault/ or the consumer.
    const errors = await run(path.join(project, 'node_modules/.bin/tsc'), ['-p', project], project).then(
      () => [],
      (error: Error) => error.message.split('\n').filter((line) => /error TS\d+/.test(line)),
    );
    expect(errors.filter((line) => !line.startsWith('node_modules/') || line.startsWith('node_modules/@vault/'))).toEqual([]);
  });

  it("runs the README's library snippet as an .mjs file in the project, and the libraries through require()", async () => {
    const readme = await readFile(path.join(repositoryRoot, 'README.md'), 'utf8');
    const snippet = /## Use the library\n[\s\S]*?```ts\n([^`]+)```/.exec(readme)?.[1];
    expect(snippet).toContain("createNodeFs('examples/vault')");
    await writeFile(path.join(project, 'use-the-library.mjs'), snippet!);
    await cp(path.join(repositoryRoot, 'examples/vault'), path.join(project, 'examples/vault'), { recursive: true });
    const output = await run(process.execPath, ['use-the-library.mjs'], project);
    expect(output).toMatch(/^1: # Todo\n/);
    expect(output).toContain("{ path: 'notes/windows-line-endings.md', matches: 1 }");
    expect(await readFile(path.join(project, 'examples/vault/todo.md'), 'utf8')).toContain('- [x] Ship the MCP server');
    expect(await run(process.execPath, ['--no-warnings', 'require.cjs'], project)).toBe('1 function function 8\n');
  });

  it("runs the README's client set-ups (Claude Desktop, Claude Code, the MCP Inspector) with the packed server in place of the registry's", async () => {
    const readme = await readFile(path.join(repositoryRoot, 'README.md'), 'utf8');
    const server = tarballOf('vault-text-mcp');
    const vault = path.join(folder, 'client-vault');
    await cp(path.join(repositoryRoot, 'examples/vault'), vault, { recursive: true });
    const packed = (args: string[]) =>
      args.flatMap((arg) => (arg === 'vault-text-mcp' ? [`--package=${server.tarball}`, 'vault-mcp'] : [['/absolute/path/to/your/notes', 'examples/vault'].includes(arg) ? vault : arg]));
    const listedBy = async (command: string, args: string[]) => {
      const client = new Client({ name: 'readme-client', version: '1.0.0' });
      await client.connect(new StdioClientTransport({ command, args: packed(args), cwd: project, env: childEnv as Record<string, string>, stderr: 'ignore' }));
      try {
        return (await client.listTools()).tools.length;
      } finally {
        await client.close();
      }
    };

    const desktop = JSON.parse(/\*\*Claude Desktop\*\*[\s\S]*?```json\n([^`]+)```/.exec(readme)![1]!).mcpServers.vault as { command: string; args: string[] };
    expect(await listedBy(desktop.command, desktop.args)).toBe(8);
    const [claudeCode, ...codeArgs] = /claude mcp add vault -- (.+)/.exec(readme)![1]!.split(' ');
    expect(await listedBy(claudeCode!, codeArgs)).toBe(8);

    const [direct, withNode] = /\*\*MCP Inspector\*\*[\s\S]*?```sh\n([^`]+)```/.exec(readme)![1]!.trim().split('\n');
    const listed = (stdout: string) => (JSON.parse(stdout) as { tools: { name: string }[] }).tools.length;
    // The second line brings Node 22 for the Inspector, on any Node; the first runs as written where this Node is 22.19 or newer.
    const [, inspectorPackages, inspectorCommand] = /^npx (.+) -c '(.+)'$/.exec(withNode!)!;
    expect(listed(await run('npx', [...inspectorPackages!.split(' '), '-c', packed(inspectorCommand!.split(' ')).join(' ')], project))).toBe(8);
    const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
    if (major > 22 || (major === 22 && minor >= 19)) expect(listed(await run('npx', packed(direct!.split(' ').slice(1)), project))).toBe(8);
  });
});
