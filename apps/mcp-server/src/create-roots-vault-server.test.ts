import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type CallToolResult, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createVault } from '@vault/core';
import { createNodeFs } from '@vault/node';
import { createTempFolder, type TempFolder, textOf } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRootsVaultServer } from './create-roots-vault-server.js';

let folder: TempFolder;
beforeAll(async () => {
  folder = await createTempFolder({ 'good/one.md': 'in the good root\n', 'other/two.md': 'in the other root\n', 'a-file.md': 'not a folder\n' });
});
afterAll(async () => {
  await folder.remove();
});

const uriOf = (name: string) => pathToFileURL(`${folder.path}/${name}`).href;
const served = 'one.md 17\n[1 file in the vault root, sizes in bytes]';

/**
 * The server vault-mcp runs without --vault, in process, with the SDK's real client offering roots:
 * `answer` is what its roots/list handler gives (any shape, a rejection, or nothing until aborted).
 */
async function connect(
  answer: (signal: AbortSignal) => unknown,
  options: { rootName?: string; rootsTimeout?: number; roots?: boolean; readOnly?: boolean } = {},
) {
  const logged: string[] = [];
  const unexpected: unknown[] = [];
  const vaultOptions = { readOnly: options.readOnly ?? false };
  const { server, chosen } = createRootsVaultServer({
    vaultOptions,
    rootName: options.rootName,
    rootsTimeout: options.rootsTimeout ?? 60_000,
    open: async (root) => createVault(await createNodeFs(root, { searchWorkers: 0 }), vaultOptions),
    log: (message) => logged.push(message),
    server: { onUnexpectedError: (error) => unexpected.push(error) },
  });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'roots-client', version: '1.0.0' }, options.roots === false ? {} : { capabilities: { roots: { listChanged: true } } });
  let asked = 0;
  if (options.roots !== false) {
    client.setRequestHandler(ListRootsRequestSchema, (_request, { signal }) => {
      asked += 1;
      return answer(signal) as never;
    });
  }
  await client.connect(clientTransport);
  const files = async () => (await client.callTool({ name: 'ListFiles', arguments: {} })) as CallToolResult;
  return { client, files, logged, unexpected, chosen, asked: () => asked };
}

/** A roots/list that is never answered: it ends when the server gives up on it (the SDK's client aborts the handler). */
const never = (signal: AbortSignal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve({ roots: [] })));

/** The answer of a call that found no vault: a coded tool error, never a JSON-RPC error. */
async function refusal(files: () => Promise<CallToolResult>, code: string) {
  const result = await files();
  expect(result).toMatchObject({ isError: true, _meta: { errorCode: code } });
  return textOf(result);
}

describe('vault-mcp without --vault: roots that cannot be served are passed over, said, or answered with a code', () => {
  it('serves the first usable root, past roots that are not file:// URIs, and says which it passed over', async () => {
    const { files, logged, unexpected } = await connect(() => ({
      roots: [{ uri: 'https://example.com/notes', name: 'web' }, { uri: 'not a uri' }, { uri: uriOf('good') }, { uri: uriOf('other') }],
    }));
    expect(textOf(await files())).toBe(served);
    expect(logged).toEqual([
      "passed over the client's root web (https://example.com/notes): it is not a file:// URI",
      "passed over the client's root not a uri: it is not a URI",
    ]);
    expect(unexpected).toEqual([]);
  });

  it.each([
    ['a non-file:// URI', [{ uri: 'https://example.com/notes', name: 'web' }], 'web (https://example.com/notes) is not a file:// URI'],
    [
      'a file:// URI with a host',
      [{ uri: 'file://fileserver/share/notes' }],
      'file://fileserver/share/notes names the host fileserver, and only folders on this machine can be served',
    ],
    ['an encoded slash', [{ uri: 'file:///tmp/notes%2F..%2Fetc' }], 'file:///tmp/notes%2F..%2Fetc holds an encoded slash (%2F or %5C)'],
    ['an encoded NUL', [{ uri: 'file:///tmp/notes%00.md' }], 'file:///tmp/notes%00.md holds an encoded NUL (%00)'],
    ['a root without a uri', [{ name: 'nameless' }], 'nameless (root 1) has no uri string'],
    ['a uri that is not a string', [{ uri: 42 }], 'root 1 has no uri string'],
    ['a root that is a bare string', ['file:///tmp'], 'root 1 has no uri string'],
    ['a relative file: URI (taken from /)', [{ uri: 'file:vault-mcp-no-such-folder' }], 'file:vault-mcp-no-such-folder does not exist'],
    ['a folder that does not exist', [{ uri: 'file:///vault-mcp-no-such-folder/notes' }], 'file:///vault-mcp-no-such-folder/notes does not exist'],
  ] as const)('answers each call with NOT_FOUND naming the root and why, for %s', async (_label, roots, reason) => {
    const { files, unexpected } = await connect(() => ({ roots }));
    expect(await refusal(files, 'NOT_FOUND')).toBe(
      `NOT_FOUND: No vault: none of the client's 1 roots can be served: ${reason}. Give the client a root that is a folder on this machine (a file:// URI), or start the server with --vault DIR (or VAULT_PATH) naming the folder to serve.`,
    );
    expect(unexpected).toEqual([]);
  });

  it('names a root that is a file, not a folder', async () => {
    const { files } = await connect(() => ({ roots: [{ uri: uriOf('a-file.md') }] }));
    expect(await refusal(files, 'NOT_FOUND')).toContain(`${uriOf('a-file.md')} is a file, not a folder.`);
  });

  it.each([
    ['a string', { roots: 'file:///tmp' }, 'string'],
    ['missing', {}, 'undefined'],
    ['null', { roots: null }, 'null'],
    ['an object', { roots: { uri: 'file:///tmp' } }, 'object'],
  ])("answers NOT_FOUND when the answer's roots are %s, not a list", async (_label, answer, type) => {
    const { files, unexpected } = await connect(() => answer);
    expect(await refusal(files, 'NOT_FOUND')).toBe(
      `NOT_FOUND: No vault: the client's answer to roots/list holds no list of roots (\`roots\` is ${type}). Fix the client's roots, or start the server with --vault DIR (or VAULT_PATH).`,
    );
    expect(unexpected).toEqual([]);
  });

  it('answers TIMEOUT when the answer is no object at all (no answer the protocol can read), and reports it as a protocol error', async () => {
    const { files, unexpected } = await connect(() => 'file:///tmp', { rootsTimeout: 50 });
    expect(await refusal(files, 'TIMEOUT')).toMatch(/^TIMEOUT: No vault yet: the client did not answer roots\/list within 50 ms\./);
    expect(unexpected.length).toBeGreaterThan(0);
  });

  it('answers NOT_FOUND naming the error when the client answers roots/list with one', async () => {
    const { files } = await connect(() => Promise.reject(new Error('no roots here')));
    expect(await refusal(files, 'NOT_FOUND')).toBe(
      "NOT_FOUND: No vault: the client answered roots/list with an error (MCP error -32603: no roots here). Fix the client's roots, or start the server with --vault DIR (or VAULT_PATH).",
    );
  });

  it('answers TIMEOUT when roots/list is not answered in time, asks again at the next call, then keeps the vault it chose', async () => {
    let answer: (signal: AbortSignal) => unknown = never;
    const { files, asked, logged } = await connect((signal) => answer(signal), { rootsTimeout: 50 });
    expect(await refusal(files, 'TIMEOUT')).toBe(
      'TIMEOUT: No vault yet: the client did not answer roots/list within 50 ms. Call again once the client is ready (each call asks again), or start the server with --vault DIR (or VAULT_PATH).',
    );
    expect(logged[0]).toMatch(/^TIMEOUT: No vault yet/);
    answer = () => ({ roots: [{ uri: uriOf('good') }] });
    expect(textOf(await files())).toBe(served);
    const askedBefore = asked();
    // The roots change: the vault does not move, and they are not asked for again.
    answer = () => ({ roots: [{ uri: uriOf('other') }] });
    expect(textOf(await files())).toBe(served);
    expect(asked()).toBe(askedBefore);
  });

  it('serves the one good root after 100,000 that are not file:// URIs, and bounds what it says of 100,000 missing folders', async () => {
    const web = Array.from({ length: 100_000 }, (_, index) => ({ uri: `https://example.com/${index}` }));
    const { files } = await connect(() => ({ roots: [...web, { uri: uriOf('good') }] }));
    expect(textOf(await files())).toBe(served);
    const missing = Array.from({ length: 100_000 }, (_, index) => ({ uri: `file:///vault-mcp-no-such-folder/${index}` }));
    const refused = await refusal((await connect(() => ({ roots: missing }))).files, 'NOT_FOUND');
    expect(refused).toContain("none of the client's 100000 roots can be served: file:///vault-mcp-no-such-folder/0 does not exist;");
    expect(refused).toContain(', and 27 more; 99968 more not tried.');
    expect(refused.length).toBeLessThan(1000);
  });

  it('--root NAME: a name no root has, or a root of that name that cannot be served', async () => {
    const roots = {
      roots: [
        { uri: uriOf('good'), name: 'good' },
        { uri: uriOf('a-file.md'), name: 'file' },
      ],
    };
    expect(await refusal((await connect(() => roots, { rootName: 'third' })).files, 'NOT_FOUND')).toBe(
      `NOT_FOUND: No vault: no root is named third among good (${uriOf('good')}); file (${uriOf('a-file.md')}). Start the server with --vault DIR (or VAULT_PATH) naming the folder to serve.`,
    );
    expect(await refusal((await connect(() => roots, { rootName: 'file' })).files, 'NOT_FOUND')).toContain(
      `no root named file can be served: file (${uriOf('a-file.md')}) is a file, not a folder.`,
    );
    expect(textOf(await (await connect(() => roots, { rootName: 'good' })).files())).toBe(served);
  });

  it('lists the tools of its options before any vault, and without one: a client with no roots', async () => {
    const { client, files } = await connect(() => undefined, { roots: false, readOnly: true });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['TextRead', 'TextSearch', 'FindNotes', 'ListDirectories', 'ListFiles', 'Links']);
    expect(await refusal(files, 'NOT_FOUND')).toBe(
      'NOT_FOUND: No vault: the server was started without --vault, and this client offers no roots. Start the server with --vault DIR (or VAULT_PATH) naming the folder to serve.',
    );
  });
});
