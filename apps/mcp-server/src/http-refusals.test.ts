// Refusals are JSON-RPC errors and odd targets 404s, never a 500 or a stack in the log; ordinary client behaviour is not logged as an unexpected error.
// The built bin over HTTP, attacked through real clients (http-probes.ts).
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Served, send, expectJsonRpcError, listTools, initialize, marker, stackLine, mcpHeaders, useServedBin } from './__fixtures__/http-probes.js';

const serve = useServedBin();

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
    const answer = await send(server.port, {
      method,
      path,
      headers: { ...mcpHeaders, Host: `127.0.0.1:${server.port}` },
      body: method === 'POST' ? listTools : undefined,
    });
    expect(answer.status).toBe(404);
    expectJsonRpcError(answer.status, answer.headers['content-type'] as string, answer.body, /The MCP endpoint is/);
  });

  it('answers a query string on /mcp, and logs no stack for any of the above', async () => {
    const answer = await send(server.port, {
      method: 'POST',
      path: '/mcp?session=1&x=%00',
      headers: { ...mcpHeaders, Host: `127.0.0.1:${server.port}` },
      body: listTools,
    });
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
    expect(
      server
        .stderr()
        .split('\n')
        .filter((line) => line.includes('2099-01-01')),
    ).toHaveLength(1);
  });

  it('an initialize with a version the server does not know: negotiated, nothing logged', async () => {
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { ...mcpHeaders, 'mcp-protocol-version': '2099-01-01' },
      body: initialize('2099-01-01'),
    });
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
        socket.write(
          `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{"jsonrpc":`,
          () => socket.destroy(),
        );
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
