import { readFile, writeFile } from 'node:fs/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** How to start an MCP server over stdio. */
export interface ServerCommand {
  name: string;
  command: string;
  args: string[];
  /** Variables added to the default environment (a PATH of its own). */
  env?: Record<string, string>;
}

export interface McpSession {
  pid: number;
  /** Calls a tool; a tool error fails the benchmark, since it would measure the wrong thing. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** Calls a tool and gives its result, a tool error included, as an agent would get it. */
  attempt(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/** Starts a server and connects the SDK's client to it; `log` hears the server's stderr (ignored without it). */
export async function openSession(server: ServerCommand, log?: (text: string) => void): Promise<McpSession> {
  const env = server.env && { ...getDefaultEnvironment(), ...server.env };
  const transport = new StdioClientTransport({ command: server.command, args: server.args, env, stderr: log ? 'pipe' : 'ignore' });
  transport.stderr?.on('data', (chunk: Buffer) => log?.(chunk.toString()));
  const client = new Client({ name: 'vault-bench', version: '1.0.0' });
  await client.connect(transport);
  const attempt = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args }, undefined, { timeout: 600_000 })) as CallToolResult;
  return {
    pid: transport.pid!,
    async call(name, args) {
      const result = await attempt(name, args);
      if (result.isError) throw new Error(`${server.name} ${name} failed: ${JSON.stringify(result.content).slice(0, 300)}`);
      return result;
    },
    attempt,
    close: () => client.close(),
  };
}

export const textOf = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

/**
 * Runs `work` and measures how far the server's resident memory rose above where it stood before
 * (Linux: the peak, VmHWM, is reset through /proc/PID/clear_refs first).
 */
export async function measurePeakGrowth(pid: number, work: () => Promise<unknown>): Promise<{ milliseconds: number; growthBytes: number }> {
  await writeFile(`/proc/${pid}/clear_refs`, '5');
  const before = await memoryOf(pid, 'VmRSS');
  const started = performance.now();
  await work();
  const milliseconds = performance.now() - started;
  return { milliseconds, growthBytes: (await memoryOf(pid, 'VmHWM')) - before };
}

async function memoryOf(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  if (kilobytes === undefined) throw new Error(`No ${field} for process ${pid}`);
  return Number(kilobytes) * 1024;
}
