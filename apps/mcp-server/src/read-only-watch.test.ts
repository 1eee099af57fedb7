import { watch } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createTempFolder } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { bin } from './__fixtures__/serve-bin.js';

/**
 * The names of what appears or goes in the vault's root while `work` runs with the built bin (`args`)
 * serving it: a real watch of the root, and a marker of the test's own written after `work`, whose
 * event says every earlier one has arrived.
 */
async function namesSeenDuring(args: string[], work: (client: Client, seen: readonly string[]) => Promise<void>): Promise<string[]> {
  const vault = await createTempFolder({ 'a.md': 'alpha\n', 'notes/b.md': 'alpha beta\n' });
  const seen: string[] = [];
  let markerSeen: () => void = () => undefined;
  const marker = new Promise<void>((resolve) => {
    markerSeen = resolve;
  });
  const watcher = watch(vault.path, (_, name) => {
    if (name === 'test-marker') markerSeen();
    else if (name) seen.push(name);
  });
  const client = new Client({ name: 'read-only-watch', version: '1.0.0' });
  try {
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, '--vault', vault.path, ...args], stderr: 'pipe' }));
    await work(client, seen);
    await writeFile(path.join(vault.path, 'test-marker'), '');
    await marker;
    return seen;
  } finally {
    watcher.close();
    await client.close();
    await vault.remove();
  }
}

const searchTwice = async (client: Client) => {
  for (const query of ['alpha', 'beta']) expect((await client.callTool({ name: 'TextSearch', arguments: { query } })).isError).toBeFalsy();
  expect((await client.callTool({ name: 'FindNotes', arguments: { query: 'alpha' } })).isError).toBeFalsy();
};

describe('vault-mcp --read-only writes nothing in the vault, not even the watch', () => {
  it('a watched server passes its sync point through a marker file in the vault root (what --read-only must not do)', async () => {
    const cookie = (seen: readonly string[]) => seen.some((name) => name.startsWith('.vault-sync'));
    // Searches until the watch is up and its sync point is seen (at most 200: no fixed delay).
    const searchUntilSynced = async (client: Client, seen: readonly string[]) => {
      for (let tries = 0; tries < 200 && !cookie(seen); tries += 1) await searchTwice(client);
    };
    expect(cookie(await namesSeenDuring([], searchUntilSynced))).toBe(true);
  });

  it('a --read-only server searches without making any file in the vault', async () => {
    expect(await namesSeenDuring(['--read-only'], searchTwice)).toEqual([]);
  });
});
