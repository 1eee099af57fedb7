import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Vault } from '@vault/core';
import { createVaultMcpServer, type VaultMcpServerOptions } from '@vault/mcp';
import { isLoopback } from './parse-options.js';

export interface HttpOptions {
  host: string;
  port: number;
  /** When set, every /mcp request must carry `Authorization: Bearer <token>` (the scheme in any case). */
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
 * check. Every refusal is a JSON-RPC error whose message says what failed and what to do, so a
 * client shows more than "error response". In order, a request is refused when:
 *
 * - its Host header is missing or malformed (400), or names another server (421, see `hostAllowed`):
 *   DNS rebinding makes a browser send the attacker's host name, so it fails here even before the
 *   Origin check;
 * - its target is not /mcp or /health (404); only the origin form (`/mcp?query`) is read, so `*`,
 *   `//x` or the absolute form `http://other/mcp` (which would bring its own authority past the
 *   Host rule; this server is no proxy) are 404s, never a 500;
 * - a browser sends it from a foreign Origin (403);
 * - the bearer token is missing or wrong, when one is set (401, see `refuseToken`);
 * - it is not a POST (405).
 */
export async function serveHttp(vault: Vault, options: HttpOptions): Promise<HttpServer> {
  const expected = options.token === undefined ? undefined : digest(options.token);

  // requireHostHeader: false lets `handle` answer a missing Host itself, as JSON-RPC, instead of Node's bare 400.
  const http = createServer({ requireHostHeader: false }, (request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.log(`HTTP request failed: ${(error as Error)?.stack ?? String(error)}`);
      if (!response.headersSent) refuse(response, 500, -32603, 'Internal error of vault-mcp; its log (stderr) says more. Try again, or report it.');
      else response.end();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    response.once('finish', () => {
      if (request.complete) return;
      // Answered before its body was all read (a refusal, a body over the limit): what the client still
      // sends is dropped for up to a second, so that it can read the answer, then the connection is
      // closed; an endless body costs no more than that.
      const timer = setTimeout(() => request.socket.destroy(), 1000).unref();
      request.once('end', () => clearTimeout(timer)).resume();
    });
    const { port } = http.address() as AddressInfo;
    const hosts = request.rawHeaders.filter((_, index) => index % 2 === 0 && request.rawHeaders[index]!.toLowerCase() === 'host');
    const host = hosts.length === 1 ? parseHost(request.headers.host) : undefined;
    if (!host) return refuse(response, 400, -32000, `The request needs one valid Host header, such as Host: ${urlHost(options.host, port)}.`);
    if (!hostAllowed(host, options.host, port)) {
      return refuse(
        response,
        421,
        -32000,
        `Host ${clip(request.headers.host!)} is not this server: connect to ${endpoint(options.host, port)} (a proxy in front of it must pass Host: ${urlHost(options.host, port)}).`,
      );
    }
    const path = requestPath(request.url);
    if (path === '/health') return sendJson(response, 200, { status: 'ok', tools: vault.tools.length });
    if (path !== '/mcp') return refuse(response, 404, -32000, `Nothing here. The MCP endpoint is ${endpoint(options.host, port)}.`);
    if (!originAllowed(request.headers.origin, options.host)) {
      return refuse(
        response,
        403,
        -32000,
        `Origin ${clip(request.headers.origin!)} may not use this server (DNS rebinding protection). Connect from a local client instead of a web page.`,
      );
    }
    if (expected && !tokenMatches(request.headers.authorization, expected)) return refuseToken(response, request.headers.authorization);
    if (request.method !== 'POST') {
      response.setHeader('Allow', 'POST');
      return refuse(
        response,
        405,
        -32000,
        'This server is stateless: send each JSON-RPC message with POST to /mcp (there is no GET stream and no session to DELETE).',
      );
    }
    // The SDK's request adapter refuses, with a bare 400, a Host whose spelling differs from the URL's (`[0:0::1]`).
    request.headers.host = `${host.name.includes(':') ? `[${host.name}]` : host.name}${host.port === undefined ? '' : `:${host.port}`}`;
    const server = createVaultMcpServer(vault, options.server);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    noteRefusals(transport, request, options.log);
    await transport.handleRequest(request, response);
  }

  // A request Node cannot parse (a malformed request line or header, headers over 16 KiB, headers
  // too slow) gets a JSON-RPC error too, instead of Node's bare answer; nothing is logged.
  http.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') return socket.destroy();
    const [status, reason] = malformedStatus[error.code ?? ''] ?? [400, 'Bad Request'];
    const body = JSON.stringify({
      jsonrpc: '2.0',
      error: { code: -32000, message: `Malformed HTTP request (${error.code ?? 'unknown'}). Send a plain HTTP/1.1 POST to /mcp.` },
      id: null,
    });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, resolve);
  });
  const { port } = http.address() as AddressInfo;
  return {
    url: endpoint(options.host, port),
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/**
 * The SDK's transport reports each request it refuses (an unsupported `MCP-Protocol-Version`, a
 * wrong Accept or Content-Type header, a body over its 4 MiB limit, JSON that does not parse, a body
 * cut short by a client closing early) through `onerror`, which the MCP server forwards to
 * `onUnexpectedError` with a stack. Those are the client's doing and the client already got a
 * JSON-RPC error saying so: they become a one-line note; anything else still goes on as unexpected.
 */
function noteRefusals(transport: StreamableHTTPServerTransport, request: IncomingMessage, log: (message: string) => void) {
  const unexpected = transport.onerror;
  transport.onerror = (error) => {
    if (!(error.constructor === Error && clientRefusal.test(error.message))) unexpected?.(error);
    else if (request.destroyed && !request.complete) log('a client closed its connection before sending all of its request');
    else log(`refused a request: ${clip(error.message)}`);
  };
}

/** Node's own statuses for what its parser refuses. */
const malformedStatus: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Content Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
};

/** The messages of the SDK transport's 4xx answers (SDK 1.32). */
const clientRefusal =
  /^(Bad Request: |Not Acceptable: |Unsupported Media Type: |Payload Too Large: |Parse error: Invalid JSON|Invalid Request: |Method not allowed\.|Invalid (Host|Origin) header: |Conflict: |Session not found)/;

/** The path of an origin-form request target (`/mcp?query`); anything else (`*`, `http://host/mcp`) has none. Never throws. */
function requestPath(target: string | undefined): string | undefined {
  if (!target?.startsWith('/')) return undefined;
  const query = target.indexOf('?');
  return query === -1 ? target : target.slice(0, query);
}

/** A Host header's name (lower case, an IPv6 address without brackets) and port; undefined when it is not a host. */
function parseHost(header: string | undefined): { name: string; port: number | undefined } | undefined {
  const match = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9._~-]+))(?::(\d{1,5}))?$/i.exec(header ?? '');
  if (!match) return undefined;
  const name = match[1] === undefined ? match[2]!.toLowerCase() : canonicalIpv6(match[1]);
  if (name === undefined || !URL.canParse(`http://${name.includes(':') ? `[${name}]` : name}/`)) return undefined;
  return { name, port: match[3] === undefined ? undefined : Number(match[3]) };
}

/**
 * The Host rule, against DNS rebinding (a page of evil.example whose name then resolves to this
 * machine: the browser still sends Host: evil.example:PORT).
 * - Bound to loopback: a loopback name, `localhost`, `127.x.x.x` or `[::1]`, as clients spell them.
 * - Bound to another address or name: that one.
 * - Either way with the bound port; a Host without a port means port 80 (RFC 9110), so it only
 *   passes when that is the bound port. Names are matched exactly, in any case: `localhost.` (a
 *   trailing dot) or `127.1` are refused, as no client spells them so.
 * - Bound to a wildcard (0.0.0.0, ::): any well-formed Host. The server answers to every name and
 *   address the machine has, which it cannot list, and a token is required there: a rebinding page
 *   cannot send it, as browsers never add an Authorization: Bearer header on their own.
 * Refused with 421 Misdirected Request (RFC 9110 15.5.20: this server will not answer for that
 * host), which tells the user apart from the Origin check's 403.
 */
function hostAllowed(host: { name: string; port: number | undefined }, bound: string, port: number): boolean {
  const boundName = bound.includes(':') ? canonicalIpv6(bound.replace(/^\[|\]$/g, '')) : bound.toLowerCase();
  if (boundName === '0.0.0.0' || boundName === '::') return true;
  if ((host.port ?? 80) !== port) return false;
  return isLoopback(boundName ?? '')
    ? host.name === 'localhost' || host.name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host.name)
    : host.name === boundName;
}

/** An IPv6 address in its canonical form (`0:0::1` -> `::1`), without brackets; undefined when it is not one. */
function canonicalIpv6(address: string): string | undefined {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
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

/** The token after the `Bearer` scheme, in any case (RFC 7235: the scheme is case-insensitive); undefined when the header is not Bearer. */
function bearerToken(header: string | undefined): string | undefined {
  return /^bearer +(.+)$/i.exec(header ?? '')?.[1];
}

/** Compares digests, so the time taken tells nothing about the token, not even its length. */
function tokenMatches(header: string | undefined, expected: Buffer): boolean {
  const token = bearerToken(header);
  return token !== undefined && timingSafeEqual(digest(token), expected);
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/**
 * 401 with a plain RFC 6750 challenge. This server is no OAuth resource server, so the challenge
 * has no `resource_metadata` and the messages never say "401" or "Unauthorized":
 * - the SDK's StreamableHTTPClientTransport without an `authProvider` turns a 401 into
 *   `StreamableHTTPError(401, "Error POSTing to endpoint: <body>")`, so the body's message is what
 *   the user reads; with an `authProvider` it runs OAuth discovery on any 401, and a
 *   `resource_metadata` would only point it at a document that is not there;
 * - the MCP Inspector starts its OAuth flow when an error's message contains "401" or
 *   "Unauthorized" (its `is401Error`), whatever the header says; with these messages it shows the
 *   error instead, which names the header to set in its Authentication panel.
 * Without credentials the challenge carries no error code (RFC 6750 3.1); with a wrong token, `invalid_token`.
 */
function refuseToken(response: ServerResponse, header: string | undefined) {
  const how = 'Send the header Authorization: Bearer <token>, with the token vault-mcp was started with (--token or VAULT_MCP_TOKEN).';
  if (bearerToken(header) === undefined) {
    response.setHeader('WWW-Authenticate', 'Bearer realm="vault-mcp"');
    return refuse(response, 401, -32000, `This server needs a bearer token. ${how}`);
  }
  response.setHeader('WWW-Authenticate', 'Bearer realm="vault-mcp", error="invalid_token", error_description="The bearer token is not the one of this server"');
  return refuse(response, 401, -32000, `Wrong bearer token. ${how}`);
}

/** Answers with a JSON-RPC error; its id is null, as the request was not read. */
function refuse(response: ServerResponse, status: number, code: number, message: string) {
  sendJson(response, status, { jsonrpc: '2.0', error: { code, message }, id: null });
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

/** `host:port` as a URL spells it (IPv6 in brackets). */
function urlHost(host: string, port: number): string {
  return `${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

function endpoint(host: string, port: number): string {
  return `http://${urlHost(host, port)}/mcp`;
}

/** Client-supplied text fit for one log line or message: control characters escaped, at most 200 characters. */
function clip(text: string): string {
  const escaped = text.replace(/\p{Cc}/gu, (character) => `\\x${character.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return escaped.length > 200 ? `${escaped.slice(0, 200)}...` : escaped;
}
