// For the tests: starts the built bin over Streamable HTTP and waits for the URL it prints.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export const bin = fileURLToPath(new URL('../../dist/vault-mcp.js', import.meta.url));

/** Starts `vault-mcp --http --port 0` on a vault; resolves to its /mcp URL and the process (kill it when done). */
export function serveBin(vaultPath: string, args: string[] = []): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [bin, '--vault', vaultPath, '--http', '--port', '0', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (chunk) => {
      stderr += chunk;
      const url = /at (http:\/\/\S+\/mcp)/.exec(stderr)?.[1];
      if (url) resolve({ url, child });
    });
    child.once('exit', (code) => reject(new Error(`vault-mcp exited with ${code}: ${stderr}`)));
  });
}

/** Stops a server `serveBin` started, and resolves once its process has exited. */
export async function stopBin(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill();
  await exited;
}
