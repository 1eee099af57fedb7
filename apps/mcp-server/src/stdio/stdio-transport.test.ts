import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RawStdioBin, startRawStdioBin } from '../__fixtures__/raw-stdio-bin.js';

const call = (id: number, name: string, args: unknown) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
const errorOf = (server: RawStdioBin, id: number) => server.answer((message) => message.id === id).then((message) => message.error);

describe('the stdio transport of the built bin', () => {
  let vault: TempFolder;
  let server: RawStdioBin | undefined;
  beforeEach(async () => {
    vault = await createTempFolder({ 'a.md': 'one\ntwo\n', 'big.md': 'lorem ipsum\n'.repeat(1_500_000) });
  });
  afterEach(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    server = undefined;
    await vault.remove();
  });

  it('answers a message it cannot read -32700 or -32600 by its id, logs one line when it has none, and goes on', async () => {
    server = await startRawStdioBin(vault.path);
    server.send('{"jsonrpc":"2.0","id":2,');
    server.send(Buffer.from('{"jsonrpc":"2.0","id":3,"method":"ping","x":"caf\xe9"}', 'latin1'));
    server.send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: [1, 2] });
    server.send({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'ListFiles', _meta: { progressToken: { x: 1 } } } });
    server.send({ jsonrpc: '2.0', id: true, method: 'ping' });
    server.send('{"jsonrpc":"2.0","id":1e400,"method":"ping"}');
    server.send(ping(6));
    expect(await errorOf(server, 2)).toEqual({ code: -32700, message: 'Parse error: the message is not valid JSON.' });
    expect(await errorOf(server, 3)).toEqual({ code: -32700, message: 'Parse error: the message is not valid UTF-8.' });
    expect(await errorOf(server, 4)).toMatchObject({ code: -32600 });
    expect(await errorOf(server, 5)).toMatchObject({ code: -32600 });
    expect(await server.answer((message) => message.id === 6)).toEqual({ jsonrpc: '2.0', id: 6, result: {} });
    await server.logged('refused a message without an id it could be answered by', 2);
    const refusals = server
      .stderr()
      .split('\n')
      .filter((line) => line.includes('refused a message'));
    expect(refusals).toHaveLength(2);
    expect(server.stderr()).not.toMatch(/\n\s+at /);
  });

  it('refuses a message longer than --max-file-size and 1 MiB by its id, never holding it whole, and answers the calls around it', async () => {
    server = await startRawStdioBin(vault.path, ['--max-file-size', '1048576']);
    server.send(call(1, 'TextSearch', { query: 'two' }));
    server.send(call(2, 'TextCreate', { filePath: 'long.md', content: 'x'.repeat(3 * 1024 * 1024) }));
    server.send(call(3, 'ListFiles', {}));
    const error = (await errorOf(server, 2)) as { code: number; message: string };
    expect(error.code).toBe(-32600);
    expect(error.message).toContain('longer than 2097152 bytes');
    expect(error.message).toContain('TextEdit');
    expect(await server.answer((message) => message.id === 1)).toHaveProperty('result');
    expect(await server.answer((message) => message.id === 3)).toHaveProperty('result');
    // A long line with no id to answer: one log line, and the session goes on.
    server.send('a'.repeat(5 * 1024 * 1024));
    server.send(ping(4));
    expect(await server.answer((message) => message.id === 4)).toHaveProperty('result');
    await server.logged('the message is longer than 2097152 bytes');
    expect(await readdir(vault.path)).not.toContain('long.md');
  });

  it('exits 0 with one log line when the client closes its end of stdout', async () => {
    server = await startRawStdioBin(vault.path);
    server.child.stdout!.destroy();
    for (let id = 1; id <= 5; id += 1) server.send(call(id, 'TextRead', { filePath: 'big.md', limit: 500 }));
    expect(await server.exited).toEqual([0, null]);
    const lines = server
      .stderr()
      .split('\n')
      .filter((line) => line && !/serving|search memory|FindNotes/.test(line));
    expect(lines).toEqual(['vault-mcp: the client closed its end (EPIPE): answers still to come are dropped; stopping']);
  });

  it('on SIGTERM, finishes the TextEdit in flight and answers it before it exits, leaving no temporary file', async () => {
    server = await startRawStdioBin(vault.path);
    server.send(call(1, 'TextEdit', { filePath: 'big.md', oldString: 'lorem', newString: 'LOREM', replaceAll: true }));
    server.send(ping(2));
    // The ping answered: the edit before it has been read, and is in flight or done.
    await server.answer((message) => message.id === 2);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual([0, null]);
    expect(await server.answer((message) => message.id === 1)).toHaveProperty('result.structuredContent');
    expect(await readFile(path.join(vault.path, 'big.md'), 'utf8')).toBe('LOREM ipsum\n'.repeat(1_500_000));
    expect((await readdir(vault.path)).sort()).toEqual(['a.md', 'big.md']);
  });
});
