import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createTempFolder, readFolder, type TempFolder, textOf } from '@vault/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bin, serveBin } from './__fixtures__/serve-bin.js';

const seed = { 'notes/a.md': '# A\r\n\r\nalpha\r\n', 'notes/b.md': 'beta\n', 'inbox/': '' };

let vault: TempFolder;
const children: ChildProcess[] = [];
beforeEach(async () => {
  vault = await createTempFolder(seed);
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill();
  await vault.remove();
});

/** Runs the bin to its end; returns its exit code and stderr. */
async function run(args: string[], environment: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, VAULT_PATH: '', ...environment }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number];
  return { code, stderr };
}

/** Starts the bin over HTTP on the test's vault; the process is killed after the test. */
async function serve(args: string[]) {
  const { url, child } = await serveBin(vault.path, args);
  children.push(child);
  return url;
}

describe('vault-mcp over stdio (the built bin)', () => {
  it('lists the tools, runs each once, and changes the files on disk', async () => {
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, '--vault', vault.path], stderr: 'pipe' }));
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
        'TextRead',
        'TextEdit',
        'TextCreate',
        'TextSearch',
        'FindNotes',
        'ListDirectories',
        'ListFiles',
        'Move',
        'RemoveFile',
        'Links',
        'RenameHeading',
      ]);
      const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });
      const read = await call('TextRead', { filePath: 'notes/a.md' });
      expect(textOf(read)).toContain('3: alpha');
      const edit = await call('TextEdit', {
        filePath: 'notes/a.md',
        oldString: 'alpha',
        newString: 'alpha\nomega',
        expectedHash: (read.structuredContent as { fileHash: string }).fileHash,
      });
      expect(textOf(edit)).toContain('4: omega');
      await call('TextCreate', { filePath: 'inbox/new.md', content: 'fresh\n' });
      expect(textOf(await call('TextSearch', { query: 'omega' }))).toContain('notes/a.md\n4: omega');
      expect(textOf(await call('FindNotes', { query: 'omega' }))).toMatch(
        /^notes\/a\.md "A" \(lines 1-4, score [\d.]+\)\n4: omega\n\[1 matching note of 3 notes searched/,
      );
      expect(textOf(await call('ListDirectories', {}))).toContain('inbox/');
      expect(textOf(await call('ListFiles', { directoryPath: 'notes' }))).toContain('b.md 5');
      await call('Move', { sourcePath: 'notes/b.md', destinationPath: 'archive/b.md' });
      await call('RemoveFile', { filePath: 'inbox/new.md' });
      await call('TextEdit', { filePath: 'notes/a.md', oldString: 'omega', newString: 'omega [[b]] [[new]]' });
      expect(textOf(await call('Links', {}))).toBe(
        'notes/a.md:4: [[new]] -> broken, no file has a close name\n[1 broken link and 0 ambiguous in 2 notes below the vault root]',
      );
      expect(textOf(await call('Links', { filePath: 'archive/b.md' }))).toBe(
        'Backlinks to archive/b.md:\nnotes/a.md:4: [[b]]\n[0 links (0 broken, 0 ambiguous) | 1 backlink]',
      );
      await call('TextEdit', { filePath: 'archive/b.md', oldString: 'beta\n', newString: '# Beta\nbeta\n' });
      await call('TextEdit', { filePath: 'notes/a.md', oldString: '[[b]]', newString: '[[b#Beta]]' });
      expect(textOf(await call('RenameHeading', { filePath: 'archive/b.md', heading: 'Beta', newHeading: 'Gamma' }))).toBe(
        'Renamed # Beta to # Gamma in archive/b.md (line 1); 1 link rewritten in 1 note\nnotes/a.md:4: [[b#Beta]] -> [[b#Gamma]]',
      );
      expect(textOf(await call('TextRead', { filePath: 'notes/a.md', heading: 'A' }))).toMatch(
        /^1: # A\n2: \n3: alpha\n4: omega \[\[b#Gamma\]\] \[\[new\]\]\n/,
      );
      const refused = await call('TextRead', { filePath: '../outside.md' });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/^PATH_OUTSIDE_VAULT: /);
    } finally {
      await client.close();
    }
    expect(await readFolder(vault.path)).toEqual({
      '.trash/inbox/new.md': 'fresh\n',
      'archive/b.md': '# Gamma\nbeta\n',
      'inbox/': '',
      'notes/a.md': '# A\r\n\r\nalpha\r\nomega [[b#Gamma]] [[new]]\r\n',
    });
  });

  it('registers only the read tools with --read-only', async () => {
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, '--read-only'],
        env: { ...process.env, VAULT_PATH: vault.path } as Record<string, string>,
        stderr: 'pipe',
      }),
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['TextRead', 'TextSearch', 'FindNotes', 'ListDirectories', 'ListFiles', 'Links']);
    await client.close();
  });

  it('exits cleanly when stdin closes, after answering every request it was sent', async () => {
    const child = spawn(process.execPath, [bin, '--vault', vault.path], { stdio: ['pipe', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    const messages = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      ...Array.from({ length: 5 }, (_, index) => ({
        jsonrpc: '2.0',
        id: 2 + index,
        method: 'tools/call',
        params: { name: 'TextCreate', arguments: { filePath: `piped/${index}.md`, content: `${'x'.repeat(200_000)}\n` } },
      })),
    ];
    child.stdin.end(messages.map((message) => `${JSON.stringify(message)}\n`).join(''));
    expect((await once(child, 'exit'))[0]).toBe(0);
    const answered = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).id as number);
    expect(answered.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Object.keys(await readFolder(vault.path)).filter((path) => path.startsWith('piped/'))).toHaveLength(5);
  });

  it('refuses a missing or wrong vault with a clear message and exit code', async () => {
    // Without --vault, stdio asks the client for its roots (roots.test.ts); HTTP cannot ask.
    // Each is a process of its own: they start at once.
    const refusals: [string[], number, string][] = [
      [['--http'], 64, '--vault DIR or set the VAULT_PATH'],
      [['--vault', vault.path, '--root', 'notes'], 64, '--root chooses among the client'],
      [['--vault', `${vault.path}/missing`], 66, 'NOT_FOUND'],
      [['--vault', `${vault.path}/notes/a.md`], 66, 'NOT_A_DIRECTORY'],
      [['--vault', vault.path, '--bogus'], 64, '--help'],
      [['--vault', vault.path, '--extensions', ','], 64, '--extensions'],
      [['--roots-timeout', 'soon'], 64, '--roots-timeout soon is not a positive whole number'],
      // Past 2^31-1 ms a Node timer fires at once: every fetch would fail, every roots/list time out.
      [['--roots-timeout', '2147483648'], 64, '--roots-timeout 2147483648 is more than 2147483647, the longest a timer holds'],
      [['--vault', vault.path, '--git', '--git-remote', 'origin', '--git-remote-timeout', '2147484'], 64, '--git-remote-timeout 2147484 is more than 2147483'],
      [['--vault', vault.path, '--git', '--git-remote', 'origin', '--git-fetch-interval', '9999999'], 64, '--git-fetch-interval 9999999 is more than 2147483'],
    ];
    const results = await Promise.all(refusals.map(([args]) => run(args)));
    for (const [index, [, code, message]] of refusals.entries()) expect(results[index]).toMatchObject({ code, stderr: expect.stringContaining(message) });
  });
});

describe('vault-mcp over Streamable HTTP (the built bin)', () => {
  it('serves a client on loopback, and answers a health check', async () => {
    const url = await serve([]);
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    expect(textOf(await client.callTool({ name: 'TextRead', arguments: { filePath: 'notes/b.md' } }))).toContain('1: beta');
    await client.close();
    const health = await fetch(new URL('/health', url));
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', tools: 11 });
  });

  it('requires the bearer token when one is set, and accepts the right one', async () => {
    const url = await serve(['--host', '0.0.0.0', '--token', 'sesame']);
    const local = url.replace('0.0.0.0', '127.0.0.1');
    const denied = await fetch(local, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(denied.status).toBe(401);
    const wrong = await fetch(local, { method: 'POST', headers: { Authorization: 'Bearer nope' }, body: '{}' });
    expect(wrong.status).toBe(401);
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(local), { requestInit: { headers: { Authorization: 'Bearer sesame' } } }));
    expect((await client.listTools()).tools).toHaveLength(11);
    await client.close();
  });

  it('says in one line when the port is taken', async () => {
    const url = await serve([]);
    const { port } = new URL(url);
    const taken = await run(['--vault', vault.path, '--http', '--port', port]);
    expect(taken).toMatchObject({ code: 69, stderr: expect.stringContaining('Choose another --host or --port') });
    expect(taken.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('refuses to bind beyond loopback without a token', async () => {
    expect(await run(['--vault', vault.path, '--http', '--host', '0.0.0.0'])).toMatchObject({
      code: 64,
      stderr: expect.stringContaining('needs a bearer token'),
    });
  });

  it('refuses a browser request from a foreign Origin', async () => {
    const url = await serve([]);
    const foreign = await fetch(url, { method: 'POST', headers: { Origin: 'http://evil.example', 'Content-Type': 'application/json' }, body: '{}' });
    expect(foreign.status).toBe(403);
    const local = await fetch(new URL('/health', url), { headers: { Origin: 'http://localhost:5173' } });
    expect(local.status).toBe(200);
  });
});
