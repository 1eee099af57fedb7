// For the tests: the built bin over stdio with the SDK's client, and what it writes to stderr.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { bin } from './serve-bin.js';

/**
 * Starts `vault-mcp ARGS` over stdio and connects a client named `name`. `logged` resolves once the
 * server's stderr holds `marker` (a line the server writes when some background work is done);
 * `stderr()` is all it wrote so far.
 */
export async function connectStdioBin(args: string[], name: string, marker: string) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin, ...args], stderr: 'pipe' });
  let stderr = '';
  const logged = new Promise<void>((resolve) => {
    transport.stderr!.on('data', (chunk) => {
      stderr += chunk;
      if (stderr.includes(marker)) resolve();
    });
  });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return { client, logged, stderr: () => stderr };
}
