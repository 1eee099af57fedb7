import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { personEnv } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { connectServer, createSharedRemote, type SharedRemote } from './__fixtures__/remote-clones-bin.js';
import { bin } from './__fixtures__/serve-bin.js';

let remote: SharedRemote;
let clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.map((client) => client.close()));
  clients = [];
  await remote.remove();
});

async function connect(clone: string, name: string, args: string[] = []): Promise<Client> {
  const client = await connectServer(clone, name, args);
  clients.push(client);
  return client;
}

/** Runs the bin on a clone until it exits by itself: its exit code and what it logged. */
async function startAlone(clone: string, args = ['--git', '--git-remote', 'origin']): Promise<{ code: number | null; log: string }> {
  const child = spawn(process.execPath, [bin, '--vault', clone, ...args], { env: { ...process.env, ...personEnv }, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (chunk) => (log += chunk));
  const [code] = await once(child, 'exit');
  return { code, log };
}

const pidOf = (client: Client) => (client.transport as StdioClientTransport).pid!;
const edit = (client: Client, from: string, to: string) =>
  client.callTool({ name: 'TextEdit', arguments: { filePath: 'a.md', oldString: from, newString: to } }) as Promise<CallToolResult>;

// Two --git-remote servers on one clone settle the same work tree and branch and undo each other's acknowledged writes
// (attack of round 15): the second is refused at start, naming the first and the next step.
describe('one vault-mcp --git-remote server per clone', () => {
  it('refuses a second server on the clone, naming the first one and how to get a clone of its own', async () => {
    remote = await createSharedRemote({ 'a.md': 'alpha\n' });
    const clone = remote.clone();
    const first = await connect(clone, 'first');
    const second = await startAlone(clone);
    expect(second.code).toBe(75);
    expect(second.log).toContain(`IO_ERROR: Another vault-mcp server (process ${pidOf(first)}) shares this clone`);
    expect(second.log).toContain(`Run each server on its own clone: git clone ${remote.bare} FOLDER`);
    // The first still serves, and shares.
    expect((await edit(first, 'alpha', 'omega')).isError).toBeFalsy();
    expect(remote.git(['show', 'main:a.md'])).toBe('omega\n');
  });

  it('names the remote without its user and password (a token) when it refuses', async () => {
    remote = await createSharedRemote({ 'a.md': 'alpha\n' });
    const clone = remote.clone();
    await connect(clone, 'first');
    execFileSync('git', ['-C', clone, 'remote', 'set-url', 'origin', 'https://x-access-token:SECRET@127.0.0.1:9/team/notes.git']);
    const second = await startAlone(clone);
    expect(second.code).toBe(75);
    expect(second.log).toContain('Run each server on its own clone: git clone https://127.0.0.1:9/team/notes.git FOLDER');
    expect(second.log).not.toContain('SECRET');
  });

  it('takes the clone of a server killed with SIGKILL, and of one that closed', async () => {
    remote = await createSharedRemote({ 'a.md': 'alpha\n' });
    const clone = remote.clone();
    const killed = await connect(clone, 'killed');
    const closed = new Promise<void>((resolve) => (killed.onclose = resolve));
    process.kill(pidOf(killed), 'SIGKILL');
    await closed;
    const next = await connect(clone, 'next');
    expect((await edit(next, 'alpha', 'beta')).isError).toBeFalsy();
    await next.close();
    const after = await connect(clone, 'after');
    expect((await edit(after, 'beta', 'gamma')).isError).toBeFalsy();
    expect(remote.git(['show', 'main:a.md'])).toBe('gamma\n');
  });

  it('takes the clone when the file naming its holder names no process (emptied by a power cut, or garbage)', async () => {
    remote = await createSharedRemote({ 'a.md': 'alpha\n' });
    const clone = remote.clone();
    const holderFile = path.join(clone, '.git', 'vault-text-tools', 'remote-server.json');
    for (const [at, held] of ['', '{}', '{"pid":"12"}', '{"pid":0}', '{"pid":-1}', 'null'].entries()) {
      await mkdir(path.dirname(holderFile), { recursive: true });
      await writeFile(holderFile, held);
      const client = await connect(clone, `after-${at}`);
      expect((await edit(client, at === 0 ? 'alpha' : `v${at - 1}`, `v${at}`)).isError, held).toBeFalsy();
      await client.close();
    }
  });

  it('lets exactly one of several servers started at once on a clone a killed one held', async () => {
    remote = await createSharedRemote({ 'a.md': 'alpha\n' });
    const clone = remote.clone();
    const killed = await connect(clone, 'killed');
    const closed = new Promise<void>((resolve) => (killed.onclose = resolve));
    process.kill(pidOf(killed), 'SIGKILL');
    await closed;
    const started = await Promise.allSettled([0, 1, 2, 3].map((index) => connectServer(clone, `agent-${index}`)));
    const serving = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    clients.push(...serving);
    expect(serving).toHaveLength(1);
    expect((await edit(serving[0]!, 'alpha', 'omega')).isError).toBeFalsy();
    expect(await readFile(path.join(clone, 'a.md'), 'utf8')).toBe('omega\n');
  });

  it('lets a server without --git-remote share the clone: decision 0018 handles several on one git folder', async () => {
    remote = await createSharedRemote({ 'a.md': 'alpha\n' });
    const clone = remote.clone();
    const shared = await connect(clone, 'shared');
    const local = new Client({ name: 'local', version: '1.0.0' });
    await local.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, '--vault', clone, '--git'],
        env: { ...(process.env as Record<string, string>), ...personEnv },
        stderr: 'pipe',
      }),
    );
    clients.push(local);
    expect((await edit(local, 'alpha', 'beta')).isError).toBeFalsy();
    // Its commit is the remote server's like a person's: shared with the next call.
    expect((await edit(shared, 'beta', 'gamma')).isError).toBeFalsy();
    expect(remote.git(['log', '--format=%s', 'main']).split('\n').filter(Boolean)).toEqual(['TextEdit: a.md', 'TextEdit: a.md', 'first']);
  });
});
