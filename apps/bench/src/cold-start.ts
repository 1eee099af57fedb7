import { spawn } from 'node:child_process';
import type { ServerCommand } from './mcp-session.js';

const handshake = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'vault-bench', version: '1' } },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
]
  .map((message) => `${JSON.stringify(message)}\n`)
  .join('');

/** Milliseconds from spawning the server to its tools/list answer. */
export function coldStart(server: ServerCommand): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(server.command, server.args, { stdio: ['pipe', 'pipe', 'ignore'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (!output.split('\n').some((line) => line.includes('"id":2'))) return;
      resolve(performance.now() - started);
      child.kill();
    });
    child.on('exit', (code) => reject(new Error(`${server.name} exited (${code}) before answering tools/list`)));
    child.stdin.write(handshake);
  });
}

/** Milliseconds from spawning a bare `node -e 0` to its exit. */
export function bareNodeStart(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => spawn(process.execPath, ['-e', '0']).on('exit', () => resolve(performance.now() - started)));
}
