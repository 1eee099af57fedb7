// What an attacker who read serve-http.ts tries.
// The built bin over HTTP, attacked through real clients (http-probes.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Served,
  send,
  sendRaw,
  expectJsonRpcError,
  listTools,
  marker,
  stackLine,
  endlessBody,
  mcpHeaders,
  useServedBin,
} from './__fixtures__/http-probes.js';

const serve = useServedBin();

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
    const answer = await send(server.port, {
      method: 'POST',
      headers: { ...mcpHeaders, Host: `evil.example:${server.port}`, Authorization: 'Bearer sesame' },
      body: listTools,
    });
    expect(answer.status).toBe(421);
  });
});
