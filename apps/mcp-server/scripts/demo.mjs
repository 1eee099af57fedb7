// A newcomer's first run: starts the built vault-mcp over stdio on a copy of examples/vault, and
// drives it with the MCP SDK's client like an agent would. The example vault itself is not changed.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const bin = fileURLToPath(new URL('../dist/vault-mcp.js', import.meta.url));
const example = fileURLToPath(new URL('../../../examples/vault', import.meta.url));
const vault = await mkdtemp(path.join(tmpdir(), 'vault-demo-'));
await cp(example, vault, { recursive: true });

const client = new Client({ name: 'vault-demo', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, '--vault', vault] }));
try {
  const { tools } = await client.listTools();
  console.log(`vault-mcp is serving a copy of examples/vault with ${tools.length} tools:\n`);
  for (const tool of tools) {
    const hints = tool.annotations ?? {};
    console.log(`  ${tool.name.padEnd(16)} ${hints.readOnlyHint ? 'read-only' : hints.destructiveHint ? 'destructive' : 'writes'}  ${tool.title}`);
  }

  const call = async (name, args) => {
    console.log(`\n> ${name} ${JSON.stringify(args)}`);
    const result = await client.callTool({ name, arguments: args });
    console.log(result.content.map((part) => part.text).join('\n'));
    return result;
  };
  await call('TextSearch', { query: 'MCP server', outputMode: 'files_only' });
  const read = await call('TextRead', { filePath: 'todo.md' });
  await call('TextEdit', { filePath: 'todo.md', oldString: '- [ ] Ship the MCP server', newString: '- [x] Ship the MCP server', expectedHash: read.structuredContent.fileHash });
  await call('TextEdit', { filePath: 'notes/windows-line-endings.md', oldString: 'first\nsecond', newString: 'first\nin between\nsecond' });
  await call('TextRead', { filePath: '../outside.md' });
  console.log('\nIt works. Connect your own client: see "Connect it" in the README.');
} finally {
  await client.close();
  await rm(vault, { recursive: true, force: true });
}
