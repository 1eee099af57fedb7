import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBin } from './serve-bin.js';

// The built bin over HTTP, attacked through real clients: fetch, the SDK's Client, node:http (to
// set Host or odd request targets, which fetch will not) and a raw socket (for bytes no client sends).

interface Served {
  url: string;
  port: number;
  child: ChildProcess;
  /** What the server wrote to stderr since it started listening. */
  stderr: () => string;
  /** Resolves once stderr contains `text`. */
  logged: (text: string) => Promise<void>;
}

let vault: TempFolder;
const children: ChildProcess[] = [];

beforeAll(async () => {
  vault = await createTempFolder({ 'notes/a.md': 'alpha\n' });
});
afterAll(async () => {
  await Promise.all(
    children.map((child) => {
      if (child.exitCode !== null || child.signalCode !== null) return undefined;
      const exited = once(child, 'exit');
      child.kill();
      return exited;
    }),
  );
  await vault.remove();
});

async function serve(args: string[] = []): Promise<Served> {
  const { url, child } = await serveBin(vault.path, args);
  children.push(child);
  let stderr = '';
  const waiting = new Set<() => void>();
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
    for (const check of waiting) check();
  });
  const logged = (text: string) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!stderr.includes(text)) return;
        waiting.delete(check);
        resolve();
      };
      waiting.add(check);
      check();
    });
  return { url, port: Number(new URL(url).port), child, stderr: () => stderr, logged };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request through node:http, which lets the test choose the Host header and the request target. */
function send(port: number, options: { method?: string; path?: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path ?? '/mcp', headers: options.headers, setHost: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Raw bytes on a socket; resolves to all the server answered before closing. */
function sendRaw(port: number, bytes: Buffer | string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

/** The JSON-RPC error every refusal must be: a negative integer code and a message, id null. */
function expectJsonRpcError(status: number, contentType: string | null | undefined, body: string, message: RegExp) {
  expect(contentType).toMatch(/^application\/json/);
  const parsed = JSON.parse(body);
  expect(parsed).toEqual({ jsonrpc: '2.0', error: { code: expect.any(Number), message: expect.stringMatching(message) }, id: null });
  expect(Number.isInteger(parsed.error.code) && parsed.error.code < 0).toBe(true);
  expect(status).toBeGreaterThanOrEqual(400);
}

const mcpHeaders = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const listTools = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
const initialize = (version: string) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'probe', version: '1' } } });

/** A request the server answers with 400 and notes in its log, in the old code and the new: a marker in the log. */
async function marker(server: Served, name: string) {
  await send(server.port, { method: 'POST', headers: { ...mcpHeaders, Host: `127.0.0.1:${server.port}`, Authorization: 'Bearer sesame', 'mcp-protocol-version': name }, body: listTools });
  await server.logged(name);
}

const stackLine = /\n\s+at /;

/** Sends a chunked body that never ends, until the server answers (as an HTTP client does); resolves to the answer once the server closes the connection. */
function endlessBody(port: number, authorization: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: ${authorization}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      const chunk = Buffer.from(`${(256 * 1024).toString(16)}\r\n${'x'.repeat(256 * 1024)}\r\n`);
      const pump = () => {
        while (!answer && !socket.destroyed && socket.write(chunk));
        if (!answer && !socket.destroyed) socket.once('drain', pump);
      };
      pump();
    });
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (data) => (answer += data));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer));
  });
}

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
    expect((await client.listTools()).tools).toHaveLength(8);
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
    const doubled = await sendRaw(server.port, `GET /health HTTP/1.1\r\nHost: evil.example:${server.port}\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`);
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

/** Like `send`, to another address than 127.0.0.1. */
function sendOn(address: string, port: number, host: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: address, port, method: 'POST', path: '/mcp', headers: { ...mcpHeaders, Host: host, Authorization: 'Bearer sesame' }, setHost: false }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(listTools);
  });
}

describe('the bearer token', () => {
  let server: Served;
  beforeAll(async () => {
    server = await serve(['--token', 'sesame']);
  });

  it.each(['bearer sesame', 'BEARER sesame', 'Bearer sesame', 'bEaReR  sesame'])('accepts the scheme in any case: %s, through the SDK client', async (authorization) => {
    const client = new Client({ name: 'token', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { Authorization: authorization } } }));
    expect((await client.listTools()).tools).toHaveLength(8);
    await client.close();
  });

  it.each([
    ['no header', undefined, 'Bearer realm="vault-mcp"'],
    ['another scheme', 'Basic c2VzYW1lOg==', 'Bearer realm="vault-mcp"'],
    ['a wrong token', 'Bearer sesam', 'Bearer realm="vault-mcp", error="invalid_token"'],
    ['a longer token', 'bearer sesame2', 'Bearer realm="vault-mcp", error="invalid_token"'],
    ['no token', 'Bearer', 'Bearer realm="vault-mcp"'],
  ])('refuses %s with 401, an RFC 6750 challenge (no OAuth metadata) and a JSON-RPC error', async (_, authorization, challenge) => {
    const response = await fetch(server.url, { method: 'POST', headers: { ...mcpHeaders, ...(authorization ? { Authorization: authorization } : {}) }, body: listTools });
    expect(response.status).toBe(401);
    const header = response.headers.get('www-authenticate')!;
    expect(header.startsWith(challenge)).toBe(true);
    expect(header).not.toContain('resource_metadata');
    expectJsonRpcError(response.status, response.headers.get('content-type'), await response.text(), /bearer token.*Authorization: Bearer <token>/);
  });

  it('gives the SDK client a message that says what to do, and that the Inspector does not take for an OAuth challenge', async () => {
    const client = new Client({ name: 'no-token', version: '1.0.0' });
    const error = (await client.connect(new StreamableHTTPClientTransport(new URL(server.url))).catch((caught: unknown) => caught)) as Error & { code?: number };
    expect(error.code).toBe(401);
    expect(error.message).toContain('Send the header Authorization: Bearer <token>');
    // The MCP Inspector starts OAuth on any error message containing "401" or "Unauthorized".
    expect(error.message).not.toMatch(/401|Unauthorized/);
  });
});

describe('refusals are JSON-RPC errors, and odd request targets are 404s, never a 500 or a stack in the log', () => {
  let server: Served;
  beforeAll(async () => {
    server = await serve();
  });

  it('answers 403, 404 and 405 as JSON-RPC errors', async () => {
    const foreign = await fetch(server.url, { method: 'POST', headers: { ...mcpHeaders, Origin: 'http://evil.example' }, body: listTools });
    expect(foreign.status).toBe(403);
    expectJsonRpcError(foreign.status, foreign.headers.get('content-type'), await foreign.text(), /Origin http:\/\/evil\.example/);
    const missing = await fetch(server.url.replace('/mcp', '/nothing'));
    expect(missing.status).toBe(404);
    expectJsonRpcError(missing.status, missing.headers.get('content-type'), await missing.text(), /The MCP endpoint is http:/);
    const get = await fetch(server.url, { headers: { Accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expectJsonRpcError(get.status, get.headers.get('content-type'), await get.text(), /stateless.*POST/);
  });

  it.each([
    ['GET', '//'],
    ['GET', '//x'],
    ['GET', '///mcp'],
    ['POST', '//mcp'],
    ['GET', 'http://evil/mcp'],
    ['POST', 'http://127.0.0.1/mcp'],
    ['OPTIONS', '*'],
    ['GET', '/mcp/../health'],
    ['GET', '/%6Dcp'],
  ])('%s %s: 404 as a JSON-RPC error', async (method, path) => {
    const answer = await send(server.port, { method, path, headers: { ...mcpHeaders, Host: `127.0.0.1:${server.port}` }, body: method === 'POST' ? listTools : undefined });
    expect(answer.status).toBe(404);
    expectJsonRpcError(answer.status, answer.headers['content-type'] as string, answer.body, /The MCP endpoint is/);
  });

  it('answers a query string on /mcp, and logs no stack for any of the above', async () => {
    const answer = await send(server.port, { method: 'POST', path: '/mcp?session=1&x=%00', headers: { ...mcpHeaders, Host: `127.0.0.1:${server.port}` }, body: listTools });
    expect(answer.status).toBe(200);
    await marker(server, '2099-02-01');
    expect(server.stderr()).not.toMatch(stackLine);
    expect(server.stderr()).not.toContain('HTTP request failed');
  });
});

describe('ordinary client behaviour is not logged as an unexpected error', () => {
  let server: Served;
  beforeAll(async () => {
    server = await serve();
  });

  it('an unsupported MCP-Protocol-Version header: a 400 JSON-RPC error, one line in the log', async () => {
    const response = await fetch(server.url, { method: 'POST', headers: { ...mcpHeaders, 'mcp-protocol-version': '2099-01-01' }, body: listTools });
    expect(response.status).toBe(400);
    expectJsonRpcError(response.status, response.headers.get('content-type'), await response.text(), /Unsupported protocol version: 2099-01-01/);
    await server.logged('2099-01-01');
    expect(server.stderr()).not.toMatch(stackLine);
    expect(server.stderr().split('\n').filter((line) => line.includes('2099-01-01'))).toHaveLength(1);
  });

  it('an initialize with a version the server does not know: negotiated, nothing logged', async () => {
    const response = await fetch(server.url, { method: 'POST', headers: { ...mcpHeaders, 'mcp-protocol-version': '2099-01-01' }, body: initialize('2099-01-01') });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: { protocolVersion: string } }).result.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await marker(server, '2099-01-02');
    expect(server.stderr()).not.toMatch(stackLine);
    expect(server.stderr()).not.toContain('unexpected error');
  });

  it('a wrong Accept header (406) and a wrong Content-Type (415): one line each', async () => {
    const accept = await fetch(server.url, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'text/html' }, body: listTools });
    expect(accept.status).toBe(406);
    expectJsonRpcError(accept.status, accept.headers.get('content-type'), await accept.text(), /Not Acceptable/);
    const type = await fetch(server.url, { method: 'POST', headers: { ...mcpHeaders, 'Content-Type': 'text/plain' }, body: listTools });
    expect(type.status).toBe(415);
    await marker(server, '2099-01-03');
    expect(server.stderr()).not.toMatch(stackLine);
    expect(server.stderr()).not.toContain('unexpected error');
  });

  it('a client closing its connection before sending all of its request', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(server.port, '127.0.0.1', () => {
        socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{"jsonrpc":`, () => socket.destroy());
      });
      socket.on('close', () => resolve());
    });
    // The old code logged this as "unexpected error in protocol: Error: Parse error: Invalid JSON" and a stack.
    await Promise.race([server.logged('closed its connection'), server.logged('Invalid JSON')]);
    expect(server.stderr()).toContain('a client closed its connection before sending all of its request');
    expect(server.stderr()).not.toMatch(stackLine);
    expect(server.stderr()).not.toContain('unexpected error');
  });
});

describe('what an attacker who read serve-http.ts tries', () => {
  let server: Served;
  beforeAll(async () => {
    server = await serve(['--token', 'sesame']);
  });

  it('a body over the SDK limit (4 MiB): 413 as a JSON-RPC error, one line, and the server goes on', async () => {
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(5 * 1024 * 1024) } });
    const response = await fetch(server.url, { method: 'POST', headers: { ...mcpHeaders, Authorization: 'Bearer sesame' }, body: huge });
    expect(response.status).toBe(413);
    expectJsonRpcError(response.status, response.headers.get('content-type'), await response.text(), /Payload Too Large/);
    // Streamed without a Content-Length and without an end, the read stops at the limit too, and the
    // connection is closed; so it is when the request is refused before its body is read.
    expect(await endlessBody(server.port, 'Bearer sesame')).toMatch(/^HTTP\/1\.1 413 /);
    expect(await endlessBody(server.port, 'Bearer wrong')).toMatch(/^HTTP\/1\.1 401 /);
    await marker(server, '2099-03-01');
    expect(server.stderr()).not.toMatch(stackLine);
    const ok = await fetch(server.url, { method: 'POST', headers: { ...mcpHeaders, Authorization: 'Bearer sesame' }, body: listTools });
    expect(ok.status).toBe(200);
  });

  it('headers over Node limit, or malformed: a JSON-RPC error from the HTTP parser too', async () => {
    const big = await sendRaw(server.port, `GET /health HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    expect(big).toContain('{"jsonrpc":"2.0","error":{"code":-32000');
    const malformed = await sendRaw(server.port, `GET /health HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Bad: a\u0001b\r\n\r\n`);
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    expect(malformed).toContain('"jsonrpc":"2.0"');
  });

  it('log injection through a header the SDK quotes in its refusal: control characters are escaped in the log', async () => {
    // 0x9b is CSI, a terminal escape, in the 8-bit controls; Node reads header bytes as latin1.
    const value = Buffer.concat([Buffer.from('2099-04-01'), Buffer.from([0x9b]), Buffer.from('2J')]);
    const head = `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAuthorization: Bearer sesame\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nConnection: close\r\nContent-Length: ${listTools.length}\r\nmcp-protocol-version: `;
    const answer = await sendRaw(server.port, Buffer.concat([Buffer.from(head), value, Buffer.from(`\r\n\r\n${listTools}`)]));
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    await server.logged('2099-04-01');
    expect(server.stderr()).toContain('2099-04-01\\x9b2J');
    expect(server.stderr()).not.toContain('\u009b');
  });

  it('a rebinding page cannot reach the token check: a wrong Host is refused before it, whatever the Authorization', async () => {
    const answer = await send(server.port, { method: 'POST', headers: { ...mcpHeaders, Host: `evil.example:${server.port}`, Authorization: 'Bearer sesame' }, body: listTools });
    expect(answer.status).toBe(421);
  });
});
