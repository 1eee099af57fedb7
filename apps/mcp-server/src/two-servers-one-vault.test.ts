import type { ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTempFolder, readFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBin, stopBin } from './__fixtures__/serve-bin.js';

// Two servers on one vault, their clients appending to one file at once: 40 appends per client when
// VAULT_LONG_TESTS is set (as .ci/run does), else 10. What is checked is that nothing is lost, not how
// fast: each search gets a generous budget of its own, and the test a long safety net.
const serverArgs = ['--search-timeout', '600000'];
const testTimeout = process.env.VAULT_LONG_TESTS ? 3_600_000 : 600_000;

describe('two vault-mcp processes on one vault', () => {
  const perServer = 4;
  const appendsPerClient = process.env.VAULT_LONG_TESTS ? 40 : 10;
  let shared: TempFolder;
  let servers: { url: string; child: ChildProcess }[];
  beforeAll(async () => {
    // A file big enough (1 MB) that the two processes' read-modify-write cycles overlap.
    shared = await createTempFolder({ 'log.md': `${'filler line of the shared log\n'.repeat(35_000)}END\n` });
    servers = await Promise.all([serveBin(shared.path, serverArgs), serveBin(shared.path, serverArgs)]);
  });
  afterAll(async () => {
    await Promise.all(servers.map(({ child }) => stopBin(child)));
    await shared.remove();
  });

  it(
    `lose no update when ${2 * perServer} clients of two servers append to one file: a conflicting write is refused with STALE_FILE, and redone`,
    async () => {
      const unexpected: string[] = [];
      let conflicts = 0;
      const work = async (server: number, client: number) => {
        const connection = new Client({ name: `writer-${server}-${client}`, version: '1.0.0' });
        await connection.connect(new StreamableHTTPClientTransport(new URL(servers[server]!.url)));
        try {
          for (let append = 0; append < appendsPerClient; append += 1) {
            for (;;) {
              const result = (await connection.callTool({
                name: 'TextEdit',
                arguments: { filePath: 'log.md', oldString: '\nEND', newString: `\nline ${server}-${client}-${append}\nEND` },
              })) as CallToolResult;
              if (!result.isError) break;
              if (result._meta?.errorCode !== 'STALE_FILE') {
                unexpected.push(JSON.stringify(result.content));
                break;
              }
              conflicts += 1;
            }
          }
        } finally {
          await connection.close();
        }
      };
      await Promise.all(servers.flatMap((_, server) => Array.from({ length: perServer }, (_, client) => work(server, client))));

      expect(unexpected).toEqual([]);
      const lines = ((await readFolder(shared.path))['log.md'] as string).split('\n');
      const written = lines.filter((line) => line.startsWith('line '));
      for (let server = 0; server < 2; server += 1) {
        for (let client = 0; client < perServer; client += 1) {
          for (let append = 0; append < appendsPerClient; append += 1) expect(written).toContain(`line ${server}-${client}-${append}`);
        }
      }
      expect(written).toHaveLength(2 * perServer * appendsPerClient);
      console.info(`two servers: ${written.length} appends landed, ${conflicts} conflicting writes refused with STALE_FILE and redone`);
    },
    testTimeout,
  );
});
