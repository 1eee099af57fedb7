// The built bin over HTTP, attacked through real clients: fetch, the SDK's Client, node:http (to
// set Host or odd request targets, which fetch will not) and a raw socket (for bytes no client sends).
// What the http-*.test.ts files share: a served bin and the probes they send it.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, expect } from 'vitest';
import { serveBin } from './serve-bin.js';

export interface Served {
  url: string;
  port: number;
  child: ChildProcess;
  /** What the server wrote to stderr since it started listening. */
  stderr: () => string;
  /** Resolves once stderr contains `text`. */
  logged: (text: string) => Promise<void>;
}

/**
 * For a test file: a temp vault made before its tests, and `serve`, which starts the built bin over
 * HTTP on it and watches its log; every server started is stopped, and the vault removed, after them.
 */
export function useServedBin(): (args?: string[]) => Promise<Served> {
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

  return async (args = []) => {
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
  };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request through node:http, which lets the test choose the Host header and the request target. */
export function send(port: number, options: { method?: string; path?: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path ?? '/mcp', headers: options.headers, setHost: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Raw bytes on a socket; resolves to all the server answered before closing. */
export function sendRaw(port: number, bytes: Buffer | string): Promise<string> {
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
export function expectJsonRpcError(status: number, contentType: string | null | undefined, body: string, message: RegExp) {
  expect(contentType).toMatch(/^application\/json/);
  const parsed = JSON.parse(body);
  expect(parsed).toEqual({ jsonrpc: '2.0', error: { code: expect.any(Number), message: expect.stringMatching(message) }, id: null });
  expect(Number.isInteger(parsed.error.code) && parsed.error.code < 0).toBe(true);
  expect(status).toBeGreaterThanOrEqual(400);
}

export const mcpHeaders = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
export const listTools = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
export const initialize = (version: string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'probe', version: '1' } },
  });

/** A request the server answers with 400 and notes in its log, in the old code and the new: a marker in the log. */
export async function marker(server: Served, name: string) {
  await send(server.port, {
    method: 'POST',
    headers: { ...mcpHeaders, Host: `127.0.0.1:${server.port}`, Authorization: 'Bearer sesame', 'mcp-protocol-version': name },
    body: listTools,
  });
  await server.logged(name);
}

export const stackLine = /\n\s+at /;

/** Sends a chunked body that never ends, until the server answers (as an HTTP client does); resolves to the answer once the server closes the connection. */
export function endlessBody(port: number, authorization: string): Promise<string> {
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

/** Like `send`, to another address than 127.0.0.1. */
export function sendOn(address: string, port: number, host: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: address, port, method: 'POST', path: '/mcp', headers: { ...mcpHeaders, Host: host, Authorization: 'Bearer sesame' }, setHost: false },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(listTools);
  });
}
