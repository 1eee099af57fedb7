import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type CallToolResult, ListRootsRequestSchema, type Root } from '@modelcontextprotocol/sdk/types.js';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bin } from './serve-bin.js';

const textOf = (result: unknown) => (result as CallToolResult).content.map((part) => (part.type === 'text' ? part.text : '')).join('');

let folder: TempFolder;
beforeEach(async () => {
  folder = await createTempFolder({ 'first/one.md': 'in the first root\n', 'second/two.md': 'in the second root\n', 'given/given.md': 'in the --vault folder\n' });
});
afterEach(async () => {
  await folder.remove();
});

const root = (name: string): Root => ({ uri: pathToFileURL(`${folder.path}/${name}`).href, name });

/** The SDK's client over stdio to the built bin, offering the roots `listRoots` gives (none: no roots capability). */
async function connect(args: string[], listRoots?: () => Root[]) {
  const client = new Client({ name: 'roots-test', version: '1.0.0' }, listRoots ? { capabilities: { roots: { listChanged: true } } } : {});
  if (listRoots) client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: listRoots() }));
  const env = { ...process.env, VAULT_PATH: '' } as Record<string, string>;
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, ...args], env, stderr: 'pipe' }));
  const files = async () => textOf(await client.callTool({ name: 'ListFiles', arguments: {} }));
  return { client, files };
}

describe("vault-mcp without --vault: the client's roots", () => {
  it('serves the first root the client offers', async () => {
    const { client, files } = await connect([], () => [root('first'), root('second')]);
    try {
      expect(await files()).toBe('one.md 18\n[1 file in the vault root, sizes in bytes]');
      expect(textOf(await client.callTool({ name: 'TextRead', arguments: { filePath: '../second/two.md' } }))).toMatch(/^PATH_OUTSIDE_VAULT: /);
    } finally {
      await client.close();
    }
  });

  it('serves the root named by --root', async () => {
    const { client, files } = await connect(['--root', 'second'], () => [root('first'), root('second')]);
    try {
      expect(await files()).toBe('two.md 19\n[1 file in the vault root, sizes in bytes]');
    } finally {
      await client.close();
    }
  });

  it('never asks for roots when --vault names the vault: the roots cannot widen it', async () => {
    let asked = 0;
    const { client, files } = await connect(['--vault', `${folder.path}/given`], () => {
      asked++;
      return [root('first')];
    });
    try {
      expect(await files()).toBe('given.md 22\n[1 file in the vault root, sizes in bytes]');
      expect(textOf(await client.callTool({ name: 'TextRead', arguments: { filePath: `${folder.path}/first/one.md` } }))).toMatch(/^PATH_OUTSIDE_VAULT: /);
      expect(asked).toBe(0);
    } finally {
      await client.close();
    }
  });

  it('answers each call with NOT_FOUND and what to pass when the client offers no roots, or none of the name', async () => {
    const none = await connect([]);
    try {
      const result = (await none.client.callTool({ name: 'ListFiles', arguments: {} })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe('NOT_FOUND: No vault: the server was started without --vault, and this client offers no roots. Start the server with --vault DIR (or VAULT_PATH) naming the folder to serve.');
    } finally {
      await none.client.close();
    }
    const unnamed = await connect(['--root', 'third'], () => [root('first')]);
    try {
      expect(await unnamed.files()).toBe(
        `NOT_FOUND: No vault: no root is named third among first (${root('first').uri}). Start the server with --vault DIR (or VAULT_PATH) naming the folder to serve.`,
      );
    } finally {
      await unnamed.client.close();
    }
  });
});
