import { chmod, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectServer, createSharedRemote, type SharedRemote, until } from './__fixtures__/remote-clones-bin.js';

let remote: SharedRemote;
let clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.map((client) => client.close()));
  clients = [];
  await remote.remove();
});

async function start(seed: Record<string, string>, args: string[] = []): Promise<[Client, Client, string[]]> {
  remote = await createSharedRemote(seed);
  const clones = [remote.clone(), remote.clone()];
  clients = await Promise.all(clones.map((clone, index) => connectServer(clone, `agent-${index}`, args)));
  return [clients[0]!, clients[1]!, clones];
}

const call = (client: Client, name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
const subjects = () => remote.git(['log', '--format=%s', 'main']).split('\n').filter(Boolean);

/** The remote holds each push in its hook until both servers' pushes arrived. */
async function holdTwoPushes(): Promise<() => Promise<void>> {
  const gate = path.join(remote.bare, '..', 'gate');
  await mkdir(gate);
  await writeFile(path.join(gate, 'closed'), '');
  const hook = path.join(remote.bare, 'hooks', 'pre-receive');
  await writeFile(hook, `#!/bin/sh\ncat >/dev/null\ntouch "${gate}/arrived-$$"\nwhile [ -e "${gate}/closed" ]; do sleep 0.02; done\n`);
  await chmod(hook, 0o755);
  return async () => {
    await until(async () => (await readdir(gate)).filter((name) => name.startsWith('arrived-')).length >= 2);
    await rm(path.join(gate, 'closed'));
  };
}

describe('two vault-mcp --git --git-remote origin processes on two clones of one remote', () => {
  it('writes to two files at once: both land, each once; the other server finds them by search after its fetch', async () => {
    const [first, second, clones] = await start({ 'a.md': 'a\n', 'b.md': 'b\n' }, ['--git-fetch-interval', '1']);
    const results = await Promise.all([
      call(first, 'TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'apricot' }),
      call(second, 'TextEdit', { filePath: 'b.md', oldString: 'b', newString: 'blueberry' }),
    ]);
    expect(results.map((result) => result.isError ?? false)).toEqual([false, false]);
    expect(subjects().sort()).toEqual(['TextEdit: a.md', 'TextEdit: b.md', 'first']);
    for (const client of [first, second]) {
      await until(async () => (await call(client, 'TextSearch', { query: 'apricot|blueberry', regex: true })).structuredContent?.totalMatches === 2);
    }
    for (const clone of clones) expect(await readFile(path.join(clone, 'a.md'), 'utf8')).toBe('apricot\n');
  });

  // A call re-sent to the other server while its first attempt's push is still under way (round 15): the second push is
  // refused, and the remote then holds exactly the change it asks for. Before, it was STALE_FILE ("redo the change").
  it('the same TextEdit and TextCreate on both at once: one lands, the other answers already applied, one commit each', async () => {
    const [first, second, clones] = await start({ 'a.md': 'a\n' }, ['--git-fetch-interval', '0']);
    for (const [name, args] of [
      ['TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'apricot' }],
      ['TextCreate', { filePath: 'c.md', content: 'cherry\n' }],
    ] as const) {
      const release = await holdTwoPushes();
      const calls = [first, second].map((client) => call(client, name, args));
      await release();
      const results = await Promise.all(calls);
      expect(results.map((result) => result.isError ?? false)).toEqual([false, false]);
      const applied = results.filter((result) => result.structuredContent?.alreadyApplied === true || result.structuredContent?.action === 'unchanged');
      expect(applied).toHaveLength(1);
      await rm(path.join(remote.bare, '..', 'gate'), { recursive: true });
    }
    expect(subjects()).toEqual(['TextCreate: c.md', 'TextEdit: a.md', 'first']);
    for (const clone of clones) {
      expect(await readFile(path.join(clone, 'a.md'), 'utf8')).toBe('apricot\n');
      expect(await readFile(path.join(clone, 'c.md'), 'utf8')).toBe('cherry\n');
      expect(remote.git(['status', '--porcelain'], clone)).toBe('');
    }
  });

  it('writes to one file at once: one lands, the other is STALE_FILE naming the remote fileHash, applied nowhere', async () => {
    const [first, second, clones] = await start({ 'a.md': 'a\n' }, ['--git-fetch-interval', '0']);
    const release = await holdTwoPushes();
    const calls = [first, second].map((client, index) => call(client, 'TextEdit', { filePath: 'a.md', oldString: 'a', newString: `by ${index}` }));
    await release();
    const results = await Promise.all(calls);
    const stale = results.filter((result) => result.isError);
    expect(stale).toHaveLength(1);
    expect(stale[0]!._meta).toMatchObject({ errorCode: 'STALE_FILE', retryable: false });
    expect((stale[0]!.content as { text: string }[])[0]!.text).toMatch(
      /^STALE_FILE: a\.md was changed on another server meanwhile \(change [0-9a-f]{12} by agent-[01] 1\.0\.0 left it with fileHash [0-9a-f]{16}\)/,
    );
    const winner = results.findIndex((result) => !result.isError);
    expect(subjects()).toEqual(['TextEdit: a.md', 'first']);
    // Both histories are the remote's, and both work trees clean.
    for (const clone of clones) {
      expect(await readFile(path.join(clone, 'a.md'), 'utf8')).toBe(`by ${winner}\n`);
      expect(remote.git(['rev-parse', 'HEAD'], clone)).toBe(remote.git(['rev-parse', 'main']));
      expect(remote.git(['status', '--porcelain'], clone)).toBe('');
    }
  });

  // Round 15: a Move replayed after the other server added a note linking to the moved file answered success and left
  // that link broken (its links were rewritten on the tip it had fetched). No order of the two calls on one server gives that.
  it('a Move whose push lost to a new note linking to the moved file: STALE_FILE as a whole, no broken link on the remote', async () => {
    const [first, second, clones] = await start({ 'a.md': 'alpha\n', 'b.md': 'see [a](a.md)\n' }, ['--git-fetch-interval', '0']);
    // The remote holds the Move's push until the other server's note has landed.
    const gate = path.join(remote.bare, '..', 'move-gate');
    await writeFile(gate, '');
    const hook = path.join(remote.bare, 'hooks', 'pre-receive');
    await writeFile(
      hook,
      `#!/bin/sh\nwhile read old new ref; do\n  case "$(git log -1 --format=%s "$new")" in Move*) touch "${gate}-arrived"; while [ -e "${gate}" ]; do sleep 0.02; done;; esac\ndone\n`,
    );
    await chmod(hook, 0o755);
    const move = call(first, 'Move', { sourcePath: 'a.md', destinationPath: 'moved/a2.md' });
    await until(async () => (await readdir(path.dirname(gate))).includes('move-gate-arrived'));
    expect((await call(second, 'TextCreate', { filePath: 'd.md', content: 'also [x](a.md)\n' })).isError).toBeFalsy();
    await rm(gate);
    const result = await move;
    expect(result).toMatchObject({ isError: true, _meta: { errorCode: 'STALE_FILE' } });
    expect((result.content as { text: string }[])[0]!.text).toContain('d.md was changed on another server meanwhile');
    expect(subjects()).toEqual(['TextCreate: d.md', 'first']);
    // The retry, on the clone that now has d.md, rewrites both links.
    expect((await call(first, 'Move', { sourcePath: 'a.md', destinationPath: 'moved/a2.md' })).isError).toBeFalsy();
    for (const note of ['b.md', 'd.md']) expect(remote.git(['show', `main:${note}`])).not.toContain('(a.md)');
    expect(remote.git(['status', '--porcelain'], clones[0])).toBe('');
  });

  // Round 15: a hook's refusal reached the agent raw (terminal escapes), and marked retryable though it is refused again.
  it("a remote hook's refusal: its words without control characters, not retryable when the push carried this call alone", async () => {
    const [first] = await start({ 'a.md': 'a\n' }, ['--git-fetch-interval', '0']);
    const hook = path.join(remote.bare, 'hooks', 'pre-receive');
    await writeFile(hook, `#!/bin/sh\nprintf '\\033[2J\\033[31mno edits today\\033[0m\\007\\n' >&2\nexit 1\n`);
    await chmod(hook, 0o755);
    const result = await call(first, 'TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'z' });
    expect(result).toMatchObject({ isError: true, _meta: { errorCode: 'IO_ERROR', retryable: false } });
    const text = (result.content as { text: string }[])[0]!.text;
    expect(text).toContain('refused the change');
    expect(text).toContain('no edits today');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may reach the agent.
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|\[2J|\[31m/);
    expect(subjects()).toEqual(['first']);
  });

  // Round 15: the start waited for the remote (its first fetch) before it answered the handshake, so a remote that never
  // answers made the client time out at connect, reads included.
  it('a remote that never answers: the handshake and reads are answered at once; a write waits for it and fails retryable when it goes', async () => {
    remote = await createSharedRemote({ 'a.md': 'a\n' });
    const clone = remote.clone();
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const hangUp = () => {
      silent.close();
      for (const socket of sockets) socket.destroy();
    };
    try {
      remote.git(['remote', 'set-url', 'origin', `git://127.0.0.1:${(silent.address() as { port: number }).port}/remote.git`], clone);
      const client = await connectServer(clone, 'agent', ['--git-remote-timeout', '3600']);
      clients = [client];
      expect(await call(client, 'TextRead', { filePath: 'a.md' })).toMatchObject({ structuredContent: { totalLines: 1 } });
      const write = call(client, 'TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'z' });
      // The start's fetch is waiting on the remote; then the remote goes away.
      await until(async () => sockets.length > 0);
      hangUp();
      expect(await write).toMatchObject({ isError: true, _meta: { errorCode: 'IO_ERROR', retryable: true } });
      expect(await readFile(path.join(clone, 'a.md'), 'utf8')).toBe('a\n');
      expect(remote.git(['status', '--porcelain'], clone)).toBe('');
    } finally {
      hangUp();
    }
  });

  it('--git-remote-timeout: a push to a remote that never answers fails at the time limit with IO_ERROR, taken back here, its outcome said unknown', async () => {
    remote = await createSharedRemote({ 'a.md': 'a\n' });
    const clone = remote.clone();
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      remote.git(['remote', 'set-url', '--push', 'origin', `git://127.0.0.1:${(silent.address() as { port: number }).port}/remote.git`], clone);
      const client = await connectServer(clone, 'agent', ['--git-remote-timeout', '2']);
      clients = [client];
      const result = await call(client, 'TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'z' });
      expect(result).toMatchObject({ isError: true, _meta: { errorCode: 'IO_ERROR', retryable: true } });
      expect(JSON.stringify(result.content)).toContain('no answer within 2000 ms');
      expect(JSON.stringify(result.content)).toContain('the remote may still take it');
      expect(await readFile(path.join(clone, 'a.md'), 'utf8')).toBe('a\n');
      expect(subjects()).toEqual(['first']);
      expect(remote.git(['status', '--porcelain'], clone)).toBe('');
    } finally {
      silent.close();
    }
  });
});
