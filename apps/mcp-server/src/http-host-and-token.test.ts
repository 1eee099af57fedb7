// The Host header checked against the bound address (DNS rebinding), and the bearer token.
// The built bin over HTTP, attacked through real clients (http-probes.ts).
import { networkInterfaces } from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Served, send, sendRaw, expectJsonRpcError, listTools, sendOn, mcpHeaders, useServedBin } from './__fixtures__/http-probes.js';

const serve = useServedBin();

describe('the Host header is checked against the bound address (DNS rebinding)', () => {
  let server: Served;
  beforeAll(async () => {
    server = await serve();
  });

  it('serves the loopback names with the bound port, to fetch and to the SDK client', async () => {
    for (const host of [`localhost:${server.port}`, `127.0.0.1:${server.port}`, `[::1]:${server.port}`, `LOCALHOST:${server.port}`]) {
      const answer = await send(server.port, { method: 'POST', headers: { ...mcpHeaders, Host: host }, body: listTools });
      expect(answer.status, host).toBe(200);
    }
    const client = new Client({ name: 'local', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://localhost:${server.port}/mcp`)));
    expect((await client.listTools()).tools).toHaveLength(11);
    await client.close();
    expect((await fetch(server.url.replace('/mcp', '/health'))).status).toBe(200);
  });

  it.each([
    ['a rebinding name', (port: number) => `evil.example:${port}`],
    ['a trailing dot', (port: number) => `localhost.:${port}`],
    ['a loopback name without the port (port 80)', () => 'localhost'],
    ['another port', (port: number) => `127.0.0.1:${port + 1}`],
    ['a loopback look-alike', (port: number) => `127.0.0.1.evil.example:${port}`],
    ['user info', (port: number) => `127.0.0.1:${port}@evil.example`],
  ])('refuses %s with 421 (400 when it is no host at all) and a JSON-RPC error naming the right URL', async (_, host) => {
    const answer = await send(server.port, { method: 'POST', headers: { ...mcpHeaders, Host: host(server.port) }, body: listTools });
    if (answer.status === 400) expectJsonRpcError(answer.status, answer.headers['content-type'] as string, answer.body, /Host/);
    else {
      expect(answer.status).toBe(421);
      expectJsonRpcError(answer.status, answer.headers['content-type'] as string, answer.body, new RegExp(`connect to ${server.url.replaceAll('.', '\\.')}`));
    }
  });

  it('refuses a missing Host and a doubled one with 400', async () => {
    const missing = await sendRaw(server.port, 'GET /health HTTP/1.0\r\n\r\n');
    expect(missing).toMatch(/^HTTP\/1\.1 400 /);
    expect(missing).toContain('"jsonrpc":"2.0"');
    const doubled = await sendRaw(
      server.port,
      `GET /health HTTP/1.1\r\nHost: evil.example:${server.port}\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`,
    );
    expect(doubled).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('accepts any well-formed Host when bound to a wildcard address, where a token is required', async () => {
    const wildcard = await serve(['--host', '0.0.0.0', '--token', 'sesame']);
    for (const host of [`my-laptop.lan:${wildcard.port}`, `127.0.0.1:${wildcard.port}`, `[0:0::1]:${wildcard.port}`, 'Example.COM']) {
      const answer = await send(wildcard.port, { method: 'POST', headers: { ...mcpHeaders, Host: host, Authorization: 'Bearer sesame' }, body: listTools });
      expect(answer.status, host).toBe(200);
    }
    const denied = await send(wildcard.port, { method: 'POST', headers: { ...mcpHeaders, Host: `evil.example:${wildcard.port}` }, body: listTools });
    expect(denied.status).toBe(401);
  });

  const external = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
  it.skipIf(external === undefined)('accepts only the bound address when bound to a specific one', async () => {
    const bound = await serve(['--host', external!, '--token', 'sesame']);
    expect((await sendOn(external!, bound.port, `${external}:${bound.port}`)).status).toBe(200);
    expect((await sendOn(external!, bound.port, `localhost:${bound.port}`)).status).toBe(421);
    expect((await sendOn(external!, bound.port, `evil.example:${bound.port}`)).status).toBe(421);
  });
});

describe('the bearer token', () => {
  let server: Served;
  beforeAll(async () => {
    server = await serve(['--token', 'sesame']);
  });

  it.each(['bearer sesame', 'BEARER sesame', 'Bearer sesame', 'bEaReR  sesame'])(
    'accepts the scheme in any case: %s, through the SDK client',
    async (authorization) => {
      const client = new Client({ name: 'token', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { Authorization: authorization } } }));
      expect((await client.listTools()).tools).toHaveLength(11);
      await client.close();
    },
  );

  it.each([
    ['no header', undefined, 'Bearer realm="vault-mcp"'],
    ['another scheme', 'Basic c2VzYW1lOg==', 'Bearer realm="vault-mcp"'],
    ['a wrong token', 'Bearer sesam', 'Bearer realm="vault-mcp", error="invalid_token"'],
    ['a longer token', 'bearer sesame2', 'Bearer realm="vault-mcp", error="invalid_token"'],
    ['no token', 'Bearer', 'Bearer realm="vault-mcp"'],
  ])('refuses %s with 401, an RFC 6750 challenge (no OAuth metadata) and a JSON-RPC error', async (_, authorization, challenge) => {
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { ...mcpHeaders, ...(authorization ? { Authorization: authorization } : {}) },
      body: listTools,
    });
    expect(response.status).toBe(401);
    const header = response.headers.get('www-authenticate')!;
    expect(header.startsWith(challenge)).toBe(true);
    expect(header).not.toContain('resource_metadata');
    expectJsonRpcError(response.status, response.headers.get('content-type'), await response.text(), /bearer token.*Authorization: Bearer <token>/);
  });

  it('gives the SDK client a message that says what to do, and that the Inspector does not take for an OAuth challenge', async () => {
    const client = new Client({ name: 'no-token', version: '1.0.0' });
    const error = (await client.connect(new StreamableHTTPClientTransport(new URL(server.url))).catch((caught: unknown) => caught)) as Error & {
      code?: number;
    };
    expect(error.code).toBe(401);
    expect(error.message).toContain('Send the header Authorization: Bearer <token>');
    // The MCP Inspector starts OAuth on any error message containing "401" or "Unauthorized".
    expect(error.message).not.toMatch(/401|Unauthorized/);
  });
});
