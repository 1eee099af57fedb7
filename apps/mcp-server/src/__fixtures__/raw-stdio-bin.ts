// For the tests: the built bin over stdio without a client, to send it what no SDK client would, line by line.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { bin } from './serve-bin.js';

export interface RawStdioBin {
  child: ChildProcess;
  /** Writes `message` (JSON-encoded unless a string or bytes) and a newline. */
  send(message: unknown): void;
  /** Resolves to the first answer read (now or later) that `accepts` takes. */
  answer(accepts: (message: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  /** Resolves once the server's stderr holds `text` (`times` times: each log line arrives on its own). */
  logged(text: string, times?: number): Promise<void>;
  stderr(): string;
  exited: Promise<[number | null, NodeJS.Signals | null]>;
}

/** Starts `vault-mcp --vault VAULT ARGS` and initializes the session. */
export async function startRawStdioBin(vault: string, args: string[] = []): Promise<RawStdioBin> {
  const child = spawn(process.execPath, [bin, '--vault', vault, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin!.on('error', () => undefined);
  const answers: Record<string, unknown>[] = [];
  const waiting = new Set<() => void>();
  let out = '';
  let stderr = '';
  const changed = () => {
    for (const wake of waiting) wake();
  };
  child.stdout!.on('data', (chunk) => {
    out += chunk;
    for (let end = out.indexOf('\n'); end >= 0; end = out.indexOf('\n')) {
      answers.push(JSON.parse(out.slice(0, end)));
      out = out.slice(end + 1);
    }
    changed();
  });
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
    changed();
  });
  const until = <T>(found: () => T | undefined) =>
    new Promise<T>((resolve) => {
      const check = () => {
        const value = found();
        if (value === undefined) return;
        waiting.delete(check);
        resolve(value);
      };
      waiting.add(check);
      check();
    });
  const raw: RawStdioBin = {
    child,
    send: (message) => {
      const line = typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message);
      child.stdin!.write(line);
      child.stdin!.write('\n');
    },
    answer: (accepts) => until(() => answers.find(accepts)),
    logged: (text, times = 1) => until(() => (stderr.split(text).length > times ? true : undefined)).then(() => undefined),
    stderr: () => stderr,
    exited: once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>,
  };
  raw.send({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  await raw.answer((message) => message.id === 0);
  raw.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return raw;
}
