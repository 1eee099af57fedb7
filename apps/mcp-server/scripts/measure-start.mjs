// Measures the built vault-mcp's cold start (spawn -> tools/list answered) against a bare `node -e 0`,
// alternating the two, and the size of the tools/list answer. Usage: node scripts/measure-start.mjs [runs]
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../dist/vault-mcp.js', import.meta.url));
const vault = fileURLToPath(new URL('../../../examples/vault', import.meta.url));
const runs = Number(process.argv[2] ?? 20);
const messages = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'measure', version: '1' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
];

function startServer() {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, '--vault', vault], { stdio: ['pipe', 'pipe', 'ignore'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const answer = output.split('\n').find((line) => line.includes('"id":2'));
      if (answer === undefined) return;
      const milliseconds = performance.now() - started;
      child.kill();
      resolve({ milliseconds, bytes: Buffer.byteLength(answer) });
    });
    child.stdin.write(messages.map((message) => `${JSON.stringify(message)}\n`).join(''));
  });
}

function startBareNode() {
  const started = performance.now();
  return new Promise((resolve) => spawn(process.execPath, ['-e', '0']).on('exit', () => resolve(performance.now() - started)));
}

const server = [];
const bare = [];
let bytes = 0;
for (let run = 0; run < runs; run += 1) {
  const result = await startServer();
  server.push(result.milliseconds);
  bytes = result.bytes;
  bare.push(await startBareNode());
}
const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
console.log(`cold start, median of ${runs}: vault-mcp ${median(server).toFixed(1)} ms, node -e 0 ${median(bare).toFixed(1)} ms, difference ${(median(server) - median(bare)).toFixed(1)} ms (budget 80 ms)`);
console.log(`tools/list answer: ${bytes} bytes`);
