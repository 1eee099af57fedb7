import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type CallToolResult, ListRootsRequestSchema, type Root } from '@modelcontextprotocol/sdk/types.js';
import { createTempFolder, type TempFolder, textOf } from '@vault/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bin } from './__fixtures__/serve-bin.js';

let folder: TempFolder;
beforeEach(async () => {
  folder = await createTempFolder({
    'first/one.md': 'in the first root\n',
    'second/two.md': 'in the second root\n',
    'given/given.md': 'in the --vault folder\n',
  });
});
afterEach(async () => {
  await folder.remove();
});

const root = (name: string): Root => ({ uri: pathToFileURL(`${folder.path}/${name}`).href, name });

/** The SDK's client over stdio to the built bin, answering roots/list as `answer` says, any shape (none: no roots capability). */
async function connect(args: string[], answer?: (signal: AbortSignal) => unknown) {
  const client = new Client({ name: 'roots-test', version: '1.0.0' }, answer ? { capabilities: { roots: { listChanged: true } } } : {});
  if (answer) client.setRequestHandler(ListRootsRequestSchema, (_request, { signal }) => answer(signal) as never);
  const env = { ...process.env, VAULT_PATH: '' } as Record<string, string>;
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, ...args], env, stderr: 'pipe' }));
  const files = async () => textOf(await client.callTool({ name: 'ListFiles', arguments: {} }));
  return { client, files };
}

describe("vault-mcp without --vault: the client's roots", () => {
  it('serves the first root the client offers', async () => {
    const { client, files } = await connect([], () => ({ roots: [root('first'), root('second')] }));
    try {
      expect(await files()).toBe('one.md 18\n[1 file in the vault root, sizes in bytes]');
      expect(textOf(await client.callTool({ name: 'TextRead', arguments: { filePath: '../second/two.md' } }))).toMatch(/^PATH_OUTSIDE_VAULT: /);
    } finally {
      await client.close();
    }
  });

  it('serves the root named by --root', async () => {
    const { client, files } = await connect(['--root', 'second'], () => ({ roots: [root('first'), root('second')] }));
    try {
      expect(await files()).toBe('two.md 19\n[1 file in the vault root, sizes in bytes]');
    } finally {
      await client.close();
    }
  });

  it('never asks for roots when --vault names the vault: the roots cannot widen it', async () => {
    let asked = 0;
    const { client, files } = await connect(['--vault', `${folder.path}/given`], () => {
      asked++;
      return { roots: [root('first')] };
    });
    try {
      expect(await files()).toBe('given.md 22\n[1 file in the vault root, sizes in bytes]');
      expect(textOf(await client.callTool({ name: 'TextRead', arguments: { filePath: `${folder.path}/first/one.md` } }))).toMatch(/^PATH_OUTSIDE_VAULT: /);
      expect(asked).toBe(0);
    } finally {
      await client.close();
    }
  });

  it('answers each call with NOT_FOUND and what to pass when the client offers no roots, or none of the name', async () => {
    const none = await connect([]);
    try {
      const result = (await none.client.callTool({ name: 'ListFiles', arguments: {} })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(
        'NOT_FOUND: No vault: the server was started without --vault, and this client offers no roots. Start the server with --vault DIR (or VAULT_PATH) naming the folder to serve.',
      );
    } finally {
      await none.client.close();
    }
    const unnamed = await connect(['--root', 'third'], () => ({ roots: [root('first')] }));
    try {
      expect(await unnamed.files()).toBe(
        `NOT_FOUND: No vault: no root is named third among first (${root('first').uri}). Start the server with --vault DIR (or VAULT_PATH) naming the folder to serve.`,
      );
    } finally {
      await unnamed.client.close();
    }
  });

  it('passes over roots it cannot serve and serves the first it can; answers the others with a code, never an internal error', async () => {
    // Each is a process of its own: they start at once.
    const answers: ((signal: AbortSignal) => unknown)[] = [
      () => ({
        roots: [{ uri: 'https://example.com/notes' }, { uri: 'file://fileserver/share' }, { uri: `${root('first').uri}%2F..%2Fsecond` }, root('first')],
      }),
      () => ({ roots: [{ uri: 'https://example.com/notes' }, { name: 'no uri' }] }),
      () => ({ roots: 'not a list' }),
      () => Promise.reject(new Error('no roots here')),
    ];
    const clients = await Promise.all(answers.map((answer) => connect([], answer)));
    try {
      const [mixed, unusable, malformed, failing] = await Promise.all(
        clients.map(({ client }) => client.callTool({ name: 'ListFiles', arguments: {} }) as Promise<CallToolResult>),
      );
      expect(textOf(mixed)).toBe('one.md 18\n[1 file in the vault root, sizes in bytes]');
      for (const refused of [unusable, malformed, failing]) expect(refused).toMatchObject({ isError: true, _meta: { errorCode: 'NOT_FOUND' } });
      expect(textOf(unusable)).toBe(
        "NOT_FOUND: No vault: none of the client's 2 roots can be served: https://example.com/notes is not a file:// URI; no uri (root 2) has no uri string. Give the client a root that is a folder on this machine (a file:// URI), or start the server with --vault DIR (or VAULT_PATH) naming the folder to serve.",
      );
      expect(textOf(malformed)).toContain('holds no list of roots (`roots` is string)');
      expect(textOf(failing)).toContain('answered roots/list with an error (MCP error -32603: no roots here)');
    } finally {
      await Promise.all(clients.map(({ client }) => client.close()));
    }
  });

  it('answers TIMEOUT when roots/list goes unanswered past --roots-timeout, and serves the roots the next call gets', async () => {
    let answer: (signal: AbortSignal) => unknown = (signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve({ roots: [] })));
    const { client, files } = await connect(['--roots-timeout', '500'], (signal) => answer(signal));
    const timedOut =
      'TIMEOUT: No vault yet: the client did not answer roots/list within 500 ms. Call again once the client is ready (each call asks again), or start the server with --vault DIR (or VAULT_PATH).';
    try {
      expect(await files()).toBe(timedOut);
      answer = () => ({ roots: [root('second')] });
      // The client now answers at once, but a loaded machine may still miss the time limit: as the answer says, call again.
      let served = await files();
      for (let call = 1; call < 10 && served === timedOut; call++) served = await files();
      expect(served).toBe('two.md 19\n[1 file in the vault root, sizes in bytes]');
    } finally {
      await client.close();
    }
  });
});
