import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type CallToolResult, CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { tools as allTools, createMemoryFs, createVault, errorCodes } from '@vault/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createVaultMcpServer } from './create-vault-mcp-server.js';

const runs = process.env.VAULT_LONG_TESTS ? 3000 : 400;

// Values that reach deep into the tools: paths that escape, hide, climb or are too long; regexes that
// do not compile; numbers out of range; and anything at all.
const paths = [
  'notes/a.md',
  'notes',
  'a.md',
  '',
  '.',
  '/',
  '../x.md',
  'notes/../../x.md',
  '.trash/a.md',
  '.git/x.md',
  'a.md\0',
  'C:\\x.md',
  `${'x'.repeat(300)}.md`,
  'notes/new/deep.md',
];
const texts = ['alpha', 'alpha line', '', '(', '*', 'a|b', '\\b', '\n', '\r\n', '😀', 'x'.repeat(2000)];
/** A value for one input field: mostly of the field's type (what a model sends), sometimes anything at all. */
function valueFor(key: string) {
  const typed = key.endsWith('Path')
    ? fc.constantFrom(...paths)
    : ['offset', 'limit', 'maxResults', 'contextLines', 'maxDepth'].includes(key)
      ? fc.oneof(fc.integer({ min: -5, max: 1e9 }), fc.double())
      : ['replaceAll', 'overwrite', 'createDirectories', 'regex'].includes(key)
        ? fc.boolean()
        : key === 'outputMode'
          ? fc.constantFrom('content', 'files_only', 'count', '')
          : fc.oneof(fc.constantFrom(...texts), fc.string());
  return fc.oneof({ weight: 6, arbitrary: typed }, fc.constant(null), fc.anything({ maxDepth: 2 }));
}

/** The fields of a tool, each maybe left out, plus maybe one unknown field. */
const argumentsFor = (tool: (typeof allTools)[number]) =>
  fc
    .record(Object.fromEntries(Object.keys(tool.inputSchema.shape).map((key) => [key, valueFor(key)])), { requiredKeys: [] })
    .chain((known) => fc.dictionary(fc.string(), fc.anything({ maxDepth: 1 }), { maxKeys: 1 }).map((extra) => ({ ...extra, ...known })));

/** Mostly a call of a known tool; sometimes a made-up tool with made-up arguments. */
const call = fc.oneof(
  { weight: 9, arbitrary: fc.constantFrom(...allTools).chain((tool) => fc.record({ name: fc.constant<string>(tool.name), arguments: argumentsFor(tool) })) },
  fc.record({ name: fc.string(), arguments: fc.dictionary(fc.string(), fc.anything({ maxDepth: 2 }), { maxKeys: 4 }) }),
);

async function connect() {
  const server = createVaultMcpServer(createVault(createMemoryFs({ 'notes/a.md': '# A\n\nalpha line\n', 'a.md': 'alpha\r\n' })));
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'fuzz', version: '1.0.0' });
  await client.connect(clientTransport);
  return client;
}

describe('random tool calls through MCP', () => {
  // The SDK refuses these before any tool runs, as a JSON-RPC error (-32603, where -32602 would be apter).
  // The SDK's own check of tools/call (in newer versions) answers a JSON-RPC error; without it, core answers INVALID_ARGUMENT.
  it('answers arguments that are not an object with a JSON-RPC error or INVALID_ARGUMENT, and keeps serving', async () => {
    const client = await connect();
    for (const args of ['text', 42, [1, 2], null]) {
      const request = client.request({ method: 'tools/call', params: { name: 'TextRead', arguments: args as never } }, CallToolResultSchema);
      const answer = await request.then(
        (result) => result,
        (error: unknown) => error,
      );
      if (answer && typeof answer === 'object' && 'isError' in answer) {
        expect(answer).toMatchObject({ isError: true, _meta: { errorCode: 'INVALID_ARGUMENT' } });
      } else {
        expect(answer).toMatchObject({ code: expect.any(Number), message: expect.stringContaining('arguments') });
      }
    }
    expect((await client.callTool({ name: 'ListFiles', arguments: { directoryPath: '' } })).isError).toBeFalsy();
    await client.close();
  });

  it(`never crash the server and always give a result or an error with a code (${runs} calls)`, async () => {
    const client = await connect();
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(call, async ({ name, arguments: args }) => {
        const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
        const outcome = result.isError ? result._meta?.errorCode : 'ok';
        expect(outcome === 'ok' || (errorCodes as readonly unknown[]).includes(outcome), JSON.stringify(result)).toBe(true);
        if (result.isError) expect((result.content[0] as { text: string }).text.startsWith(`${outcome}: `)).toBe(true);
        seen.set(String(outcome), (seen.get(String(outcome)) ?? 0) + 1);
      }),
      { numRuns: runs },
    );
    // Still serving, and the calls reached far: successes and refusals of many kinds.
    expect((await client.listTools()).tools).toHaveLength(allTools.length);
    expect(seen.get('ok')).toBeGreaterThan(0);
    expect(seen.get('INVALID_ARGUMENT')).toBeGreaterThan(0);
    // How many kinds a run reaches depends on its random seed (one run saw 5): four or more in 400 calls is all but certain.
    expect([...seen.keys()].length).toBeGreaterThanOrEqual(4);
    await client.close();
  }, 120_000);
});
