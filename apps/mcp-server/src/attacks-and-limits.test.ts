import type { ChildProcess } from 'node:child_process';
import { readFile, symlink, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTempFolder, readFolder, type TempFolder, textOf } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, serveBin } from './__fixtures__/serve-bin.js';

describe('path attacks through the MCP server (a sample of the suite in @vault/node, over stdio with the built bin)', () => {
  let parent: TempFolder;
  let client: Client;
  beforeAll(async () => {
    parent = await createTempFolder({ 'vault/notes/a.md': 'inside\n', 'outside/secret.md': 'secret\n', 'vault-evil/secret.md': 'evil\n' });
    const root = path.join(parent.path, 'vault');
    await symlink('../outside', path.join(root, 'link-dir'));
    await symlink('../outside/secret.md', path.join(root, 'link.md'));
    client = new Client({ name: 'attacker', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, '--vault', root], stderr: 'pipe' }));
  });
  afterAll(async () => {
    await client.close();
    await parent.remove();
  });

  it.each([
    ['TextRead', { filePath: '../outside/secret.md' }, 'PATH_OUTSIDE_VAULT'],
    ['TextRead', { filePath: 'notes/../../outside/secret.md' }, 'PATH_OUTSIDE_VAULT'],
    ['TextRead', { filePath: '..\\outside\\secret.md' }, 'PATH_OUTSIDE_VAULT'],
    ['TextRead', { filePath: '../vault-evil/secret.md' }, 'PATH_OUTSIDE_VAULT'],
    ['TextRead', { filePath: 'link.md' }, 'PATH_OUTSIDE_VAULT'],
    ['TextEdit', { filePath: 'link-dir/secret.md', oldString: 'secret', newString: 'owned' }, 'PATH_OUTSIDE_VAULT'],
    ['TextCreate', { filePath: 'link-dir/new.md', content: 'owned' }, 'PATH_OUTSIDE_VAULT'],
    ['TextSearch', { query: 'secret', directoryPath: 'link-dir' }, 'PATH_OUTSIDE_VAULT'],
    ['Move', { sourcePath: 'notes/a.md', destinationPath: '../outside/a.md' }, 'PATH_OUTSIDE_VAULT'],
    ['Move', { sourcePath: 'link-dir/secret.md', destinationPath: 'stolen.md' }, 'PATH_OUTSIDE_VAULT'],
    ['RemoveFile', { filePath: 'link.md' }, 'PATH_OUTSIDE_VAULT'],
    ['TextRead', { filePath: 'notes/a.md\0.sh' }, 'INVALID_ARGUMENT'],
    ['TextCreate', { filePath: '.trash/planted.md', content: 'x' }, 'HIDDEN_PATH'],
  ] as const)('refuses %s %j with %s, and nothing outside changes', async (name, args, code) => {
    const outside = await readFolder(path.join(parent.path, 'outside'));
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    expect(result).toMatchObject({ isError: true, _meta: { errorCode: code } });
    expect(textOf(result)).not.toContain(parent.path);
    expect(await readFolder(path.join(parent.path, 'outside'))).toEqual(outside);
    expect((await readFolder(parent.path))['vault-evil/secret.md']).toBe('evil\n');
  });
});

describe('limits of the MCP server (the built bin over HTTP)', () => {
  let vault: TempFolder;
  let server: { url: string; child: ChildProcess };
  let client: Client;
  // The budget of every search of this server: the stuck regex runs it out, and the search after it, which starts
  // a fresh worker in place of the stopped one, must fit in it even on a busy machine, so it is not cut fine.
  const searchTimeout = 5000;
  beforeAll(async () => {
    // stuck.md: one line of a million "a"s, on which a.*(?=b) backtracks for hours (RE2 has no lookahead); huge.md: 300 MB (sparse, no disk used).
    vault = await createTempFolder({ 'notes/a.md': 'alpha\n', 'stuck.md': 'a'.repeat(1_000_000), 'small.md': 'x'.repeat(2048) });
    await writeFile(path.join(vault.path, 'huge.md'), '');
    await truncate(path.join(vault.path, 'huge.md'), 300 * 1024 * 1024);
    server = await serveBin(vault.path, ['--search-timeout', String(searchTimeout)]);
    client = new Client({ name: 'limits', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  });
  afterAll(async () => {
    await client.close();
    server.child.kill();
    await vault.remove();
  });

  it('ends a pathological regex with TIMEOUT at its budget, answering other calls meanwhile, and searches again after', async () => {
    const started = performance.now();
    let searching = true;
    const search = client
      .callTool({ name: 'TextSearch', arguments: { query: 'a.*(?=b)', regex: true } })
      .finally(() => (searching = false)) as Promise<CallToolResult>;
    let answeredMeanwhile = 0;
    while (searching) {
      const read = (await client.callTool({ name: 'TextRead', arguments: { filePath: 'notes/a.md' } })) as CallToolResult;
      if (searching && !read.isError) answeredMeanwhile += 1;
    }
    const result = await search;
    const elapsed = performance.now() - started;
    // Stopped at a time budget, the server answering other calls meanwhile. How long it took is reported, never
    // checked: on a busy machine any bound would be a guess (speed budgets live in the benchmarks).
    expect(result).toMatchObject({ isError: true, _meta: { errorCode: 'TIMEOUT' } });
    // The budget is the one --search-timeout gave.
    expect(textOf(result)).toContain(`budget of ${searchTimeout} ms`);
    expect(answeredMeanwhile).toBeGreaterThan(0);
    const again = (await client.callTool({ name: 'TextSearch', arguments: { query: 'al+pha', regex: true } })) as CallToolResult;
    expect(again.structuredContent).toMatchObject({ totalMatches: 1 });
    console.info(`pathological regex: TIMEOUT after ${elapsed.toFixed(0)} ms (budget ${searchTimeout} ms), ${answeredMeanwhile} reads answered meanwhile`);
  });

  it("answers a regex V8 would take the square of the million-letter line on (RE2 tries it), and shows a match at a long line's start", async () => {
    // An atom, then a repeat of what it takes too, then what the line never holds: V8 scans to the run's end from each letter.
    for (const query of ['[a-z]\\w*\\(', 'a.*b', '(\\w+)=', '\\p{L}\\w*\\d', '[a-z]\\w{0,1000}\\(']) {
      const result = (await client.callTool({ name: 'TextSearch', arguments: { query, regex: true, outputMode: 'files_only' } })) as CallToolResult;
      expect(result.structuredContent, query).toMatchObject({ totalMatches: 0 });
    }
    await writeFile(path.join(vault.path, 'call.md'), `f(${'a'.repeat(1_000_000)}\n`);
    const result = (await client.callTool({ name: 'TextSearch', arguments: { query: '(\\w+)\\(', regex: true, filePattern: 'call.md' } })) as CallToolResult;
    expect(result.structuredContent).toMatchObject({ totalMatches: 1, files: [{ path: 'call.md', lines: [expect.stringMatching(/^1: f\(a+/)] }] });
  });

  it('refuses to load a file over the default 128 MiB limit with FILE_TOO_LARGE, without reading it', async () => {
    const vmHwm = async () => Number(/VmHWM:\s+(\d+)/.exec(await readFile(`/proc/${server.child.pid}/status`, 'utf8'))?.[1]) * 1024;
    const peakBefore = await vmHwm();
    const edit = (await client.callTool({ name: 'TextEdit', arguments: { filePath: 'huge.md', oldString: 'a', newString: 'b' } })) as CallToolResult;
    expect(edit).toMatchObject({ isError: true, _meta: { errorCode: 'FILE_TOO_LARGE' } });
    const search = (await client.callTool({ name: 'TextSearch', arguments: { query: 'x', filePath: 'huge.md' } })) as CallToolResult;
    expect(search).toMatchObject({ isError: true, _meta: { errorCode: 'FILE_TOO_LARGE' } });
    // The server's peak memory never grew near the file's 300 MB (its own peak before, from start-up, varies with the Node version).
    expect((await vmHwm()) - peakBefore).toBeLessThan(150 * 1024 * 1024);
  });

  it('takes its limit from --max-file-size', async () => {
    const small = await serveBin(vault.path, ['--max-file-size', '1000']);
    const limited = new Client({ name: 'limited', version: '1.0.0' });
    await limited.connect(new StreamableHTTPClientTransport(new URL(small.url)));
    try {
      const edit = (await limited.callTool({
        name: 'TextEdit',
        arguments: { filePath: 'small.md', oldString: 'x', newString: 'y', replaceAll: true },
      })) as CallToolResult;
      expect(edit).toMatchObject({ isError: true, _meta: { errorCode: 'FILE_TOO_LARGE' } });
      expect(textOf(edit)).toContain('1000 bytes');
      expect((await limited.callTool({ name: 'TextRead', arguments: { filePath: 'notes/a.md' } })).isError).toBeFalsy();
    } finally {
      await limited.close();
      small.child.kill();
    }
  });
});
