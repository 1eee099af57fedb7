// For the tests of the embeddings cache: a vault, a cache folder and an endpoint per test, and servers on them.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterEach, beforeEach, expect } from 'vitest';
import { cacheProbe } from '../cached-embeddings.js';
import { startEmbeddingsServer } from './embeddings-server.js';
import { findNotes, untilEmbedded } from './find-notes-calls.js';
import { connectStdioBin } from './stdio-bin.js';

const seed = {
  'garage/repairs.md': '# Repairs\n\nThe automobile needs new tyres.\n\n## Costs\nTyres cost money.\n',
  'kitchen/bread.md': '# Bread\n\nBanana bread recipe.\n',
};

/**
 * Registers, for each test of the file, a vault (two notes), a cache folder and an endpoint of vectors, and the
 * clients to close after it; returns them, and `serve`: the built bin on a vault with that endpoint and a cache
 * folder, resolving once every section is embedded.
 */
export function useEmbeddingsCache() {
  let vault: TempFolder;
  let cache: TempFolder;
  let endpoint: Awaited<ReturnType<typeof startEmbeddingsServer>>;
  let clients: Client[] = [];
  beforeEach(async () => {
    [vault, cache, endpoint] = await Promise.all([createTempFolder(seed), createTempFolder({}), startEmbeddingsServer('vectors')]);
  });
  afterEach(async () => {
    await Promise.all(clients.map((client) => client.close()));
    clients = [];
    await endpoint.close();
    await Promise.all([vault.remove(), cache.remove()]);
  });
  return {
    vault: () => vault,
    cache: () => cache,
    endpoint: () => endpoint,
    /** The server's arguments for the test's endpoint and the cache folder `cacheFolder`. */
    embeddingsArgs: (cacheFolder = cache.path) => ['--embeddings', endpoint.url, '--embeddings-model', 'test-model', '--embeddings-cache', cacheFolder],
    /** Closes `client` after the test. */
    closeAfter: (client: Client) => clients.push(client),
    async serve(folder = vault.path, cacheFolder = cache.path) {
      const server = await connectStdioBin(['--vault', folder, ...this.embeddingsArgs(cacheFolder)], 'embeddings-cache', 'FindNotes: ');
      clients.push(server.client);
      expect(await untilEmbedded(server.client)).toMatch(/^words and meaning/);
      return server;
    },
    /** The cache folder's one vector file. */
    async vectorFile() {
      const files = (await readdir(cache.path)).filter((name) => name.endsWith('.vectors'));
      expect(files).toHaveLength(1);
      return path.join(cache.path, files[0]!);
    },
    /** The texts the endpoint was asked for since `from` of its inputs, but the probe. */
    askedSince: (from: number) => endpoint.inputs.slice(from).filter((text) => text !== cacheProbe),
  };
}

/** What each of three queries ranks, by path. */
export const rankings = (client: Client) =>
  Promise.all(['car', 'bread', 'tyres car'].map(async (query) => (await findNotes(client, query)).answer.notes.map((note) => note.path)));

/** The server's log lines about the cache. */
export const cacheLines = (stderr: string) => stderr.split('\n').filter((line) => line.includes('embeddings cache'));
