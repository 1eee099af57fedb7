import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createTempFolder } from '@vault/testing';
import { expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };

const app = fileURLToPath(new URL('..', import.meta.url));
const mcpb = path.join(app, 'node_modules/@anthropic-ai/mcpb/dist/cli/cli.js');
const run = async (args: string[]) => (await promisify(execFile)(process.execPath, args, { cwd: app })).stdout;

it('packs an MCP Bundle that validates, asks for the vault folder, and runs the server as its manifest says', async () => {
  const bundle = (await run([path.join(app, 'scripts/pack-mcpb.mjs')])).trim();
  expect(path.basename(bundle)).toBe(`vault-text-mcp-${packageJson.version}.mcpb`);
  const unpacked = await mkdtemp(path.join(tmpdir(), 'vault-mcpb-test-'));
  const vault = await createTempFolder({ 'notes/a.md': 'alpha\n' });
  try {
    await run([mcpb, 'unpack', bundle, unpacked]);
    await run([mcpb, 'validate', path.join(unpacked, 'manifest.json')]);
    const manifest = JSON.parse(await readFile(path.join(unpacked, 'manifest.json'), 'utf8'));
    expect(manifest.version).toBe(packageJson.version);
    expect(manifest.user_config.vault).toMatchObject({ type: 'directory', required: true });

    // What Claude Desktop does: the manifest's command, with the bundle's folder and the user's answer.
    const placeholders: Record<string, string> = { __dirname: unpacked, 'user_config.vault': vault.path };
    const fill = (value: string) => value.replace(/\$\{([\w.]+)\}/g, (whole, name: string) => placeholders[name] ?? whole);
    const { command, args } = manifest.server.mcp_config as { command: string; args: string[] };
    const client = new Client({ name: 'mcpb-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: command === 'node' ? process.execPath : command, args: args.map(fill), stderr: 'ignore' }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(manifest.tools.map((tool: { name: string }) => tool.name));
      expect(await client.callTool({ name: 'TextRead', arguments: { filePath: 'notes/a.md' } })).toMatchObject({
        content: [{ type: 'text', text: expect.stringMatching(/^1: alpha\n/) }],
      });
    } finally {
      await client.close();
    }
  } finally {
    await rm(unpacked, { recursive: true, force: true });
    await vault.remove();
  }
});
