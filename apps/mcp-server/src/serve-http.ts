import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Vault } from '@vault/core';
import { createVaultMcpServer, type VaultMcpServerOptions } from '@vault/mcp';
import { isLoopback } from './parse-options.js';

export interface HttpOptions {
  host: string;
  port: number;
  /** When set, every /mcp request must carry `Authorization: Bearer <token>`. */
  token: string | undefined;
  server: VaultMcpServerOptions;
  /** Where failures of the HTTP layer are reported (stderr in the app). */
  log: (message: string) => void;
}

export interface HttpServer {
  /** The MCP endpoint, e.g. http://127.0.0.1:3939/mcp. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the vault over Streamable HTTP, stateless: each POST to /mcp gets a fresh MCP server on
 * the shared vault (so per-file write locks hold across requests). GET /health answers a health
 * check. Browser requests from a foreign Origin are refused (DNS rebinding), and so are requests
 * without the bearer token when one is set.
 */
export async function serveHttp(vault: Vault, options: HttpOptions): Promise<HttpServer> {
  const expected = options.token === undefined ? undefined : Buffer.from(`Bearer ${options.token}`);

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.log(`HTTP request failed: ${(error as Error)?.stack ?? String(error)}`);
      if (!response.headersSent) sendJson(response, 500, { error: 'internal error' });
      else response.end();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/health') return sendJson(response, 200, { status: 'ok', tools: vault.tools.length });
    if (path !== '/mcp') return sendJson(response, 404, { error: 'Not found. The MCP endpoint is /mcp.' });
    if (!originAllowed(request.headers.origin, options.host)) return sendJson(response, 403, { error: 'Forbidden origin.' });
    if (expected && !tokenMatches(request.headers.authorization, expected)) {
      response.setHeader('WWW-Authenticate', 'Bearer');
      return sendJson(response, 401, { error: 'Missing or wrong bearer token.' });
    }
    if (request.method !== 'POST') {
      response.setHeader('Allow', 'POST');
      return sendJson(response, 405, { jsonrpc: '2.0', error: { code: -32000, message: 'This server is stateless: use POST.' }, id: null });
    }
    const server = createVaultMcpServer(vault, options.server);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response);
  }

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, resolve);
  });
  const { port } = http.address() as AddressInfo;
  const host = options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}/mcp`,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/** No Origin (not a browser) is fine; a browser's Origin must be this machine when bound to loopback, else the bound host. */
function originAllowed(origin: string | undefined, host: string): boolean {
  if (origin === undefined) return true;
  let hostname: string;
  try {
    hostname = new URL(origin).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  return isLoopback(host) ? isLoopback(hostname) : hostname === host.replace(/^\[|\]$/g, '');
}

function tokenMatches(header: string | undefined, expected: Buffer): boolean {
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}
