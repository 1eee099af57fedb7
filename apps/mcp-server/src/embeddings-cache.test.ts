import { open, readdir, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheProbe } from './cached-embeddings.js';
import { type EndpointModel, startEmbeddingsServer } from './__fixtures__/embeddings-server.js';
import { findNotes, untilEmbedded } from './__fixtures__/find-notes-calls.js';
import { connectStdioBin } from './__fixtures__/stdio-bin.js';

const seed = {
  'garage/repairs.md': '# Repairs\n\nThe automobile needs new tyres.\n\n## Costs\nTyres cost money.\n',
  'kitchen/bread.md': '# Bread\n\nBanana bread recipe.\n',
};

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

/** The server on `folder` with the test's endpoint and the cache folder `cacheFolder`, once its notes' sections are all embedded. */
async function serve(folder = vault.path, cacheFolder = cache.path) {
  const args = ['--vault', folder, '--embeddings', endpoint.url, '--embeddings-model', 'test-model', '--embeddings-cache', cacheFolder];
  const server = await connectStdioBin(args, 'embeddings-cache', 'FindNotes: ');
  clients.push(server.client);
  expect(await untilEmbedded(server.client)).toMatch(/^words and meaning/);
  return server;
}
/** What each query ranks, by path. */
const rankings = (client: Client) =>
  Promise.all(['car', 'bread', 'tyres car'].map(async (query) => (await findNotes(client, query)).answer.notes.map((note) => note.path)));
/** The texts the endpoint was asked for since `from` of its inputs, but the probe. */
const askedSince = (from: number) => endpoint.inputs.slice(from).filter((text) => text !== cacheProbe);
const cacheLines = (stderr: string) => stderr.split('\n').filter((line) => line.includes('embeddings cache'));
/** The cache folder's one vector file. */
async function vectorFile() {
  const files = (await readdir(cache.path)).filter((name) => name.endsWith('.vectors'));
  expect(files).toHaveLength(1);
  return path.join(cache.path, files[0]!);
}

describe('the embeddings cache on disk (the built bin, an endpoint the test runs)', () => {
  it('asks for no section again after a restart, only the sections of a note changed meanwhile, and ranks the same', async () => {
    const first = await serve();
    const ranked = await rankings(first.client);
    expect(ranked[0]).toEqual(['garage/repairs.md']);
    await first.client.close();
    const asked = endpoint.inputs.length;
    await writeFile(path.join(vault.path, 'garage/repairs.md'), '# Repairs\n\nThe automobile needs new tyres.\n\n## Costs\nTyres cost a lot.\n');

    const second = await serve();
    expect(await rankings(second.client)).toEqual(ranked);
    // The changed section only: not the note's other section, not the other note, not the queries asked before.
    expect(askedSince(asked)).toEqual([expect.stringContaining('Tyres cost a lot')]);
    // The model was checked first (by the probe's vector).
    expect(endpoint.inputs.slice(asked)).toContain(cacheProbe);
    expect(cacheLines(second.stderr())).toEqual([]);
  });

  it('asks again for the vectors of a torn last record and of a damaged one, serves the rest from the file, and rewrites it', async () => {
    const first = await serve();
    const ranked = await rankings(first.client);
    await first.client.close();
    const asked = endpoint.inputs.length;
    // The probe, three sections, three queries: a byte flipped in the middle, the last record torn.
    const file = await vectorFile();
    const { size } = await stat(file);
    const handle = await open(file, 'r+');
    const byte = Buffer.alloc(1);
    await handle.read(byte, 0, 1, Math.floor(size / 2));
    await handle.write(Buffer.from([byte[0]! ^ 0x10]), 0, 1, Math.floor(size / 2));
    await handle.close();
    await truncate(file, size - 3);

    const second = await serve();
    expect(await rankings(second.client)).toEqual(ranked);
    const again = askedSince(asked);
    expect(again).toHaveLength(2);
    expect(new Set(again).size).toBe(2);
    expect(cacheLines(second.stderr())).toEqual([expect.stringMatching(/^vault-mcp: embeddings cache: \S+\.vectors rewritten without \d+ damaged bytes$/)]);
    await second.client.close();

    // Rewritten whole: the next start asks for nothing.
    const askedThen = endpoint.inputs.length;
    const third = await serve();
    expect(await rankings(third.client)).toEqual(ranked);
    expect(askedSince(askedThen)).toEqual([]);
    expect(cacheLines(third.stderr())).toEqual([]);
  });

  it.each([
    ['another vector function, of the same length', { dimensions: 256, salt: 'other' }],
    ['vectors of another length', { dimensions: 128, salt: '' }],
  ] as [string, EndpointModel][])('uses nothing of the file when the endpoint serves another model under the same name: %s', async (_, model) => {
    const first = await serve();
    await rankings(first.client);
    await first.client.close();
    const asked = endpoint.inputs.length;
    const firstAsked = askedSince(0);

    endpoint.serveModel(model);
    const second = await serve();
    expect((await rankings(second.client))[0]).toEqual(['garage/repairs.md']);
    // Every section and query asked again, of the model now served.
    expect(new Set(askedSince(asked))).toEqual(new Set(firstAsked));
    expect(cacheLines(second.stderr())).toEqual([
      expect.stringMatching(/^vault-mcp: embeddings cache: \S+\.vectors was made by another model \(its vector of a probe text differs\), started afresh$/),
    ]);
  });

  it.each([
    ['a file', (file: string) => file],
    ['a folder inside a file', (file: string) => path.join(file, 'embeddings')],
  ])('ranks by meaning, keeping vectors in memory, when the cache folder is %s, and says so in one line', async (_, folderOf) => {
    const file = path.join(cache.path, 'in-the-way');
    await writeFile(file, 'not a folder');
    const server = await serve(vault.path, folderOf(file));
    expect((await rankings(server.client))[0]).toEqual(['garage/repairs.md']);
    expect(cacheLines(server.stderr())).toEqual([
      expect.stringMatching(/^vault-mcp: embeddings cache off, FindNotes keeps the vectors in memory only: \S+: E(EXIST|NOTDIR)/),
    ]);
  });

  it('serves two servers on two vaults sharing one cache folder at once, and the file stays whole', async () => {
    const other = await createTempFolder({ 'auto.md': '# Automobile\n\nautomobile\n', 'kitchen/soup.md': '# Soup\n\nLeek soup.\n' });
    try {
      const [one, two] = await Promise.all([serve(), serve(other.path)]);
      expect((await rankings(one.client))[0]).toEqual(['garage/repairs.md']);
      expect((await rankings(two.client))[0]).toEqual(['auto.md']);
      await Promise.all([one.client.close(), two.client.close()]);
      const asked = endpoint.inputs.length;

      // Both wrote to the one file: a server on either vault asks for nothing again, and finds nothing damaged.
      const [three, four] = await Promise.all([serve(), serve(other.path)]);
      expect((await rankings(three.client))[0]).toEqual(['garage/repairs.md']);
      expect((await rankings(four.client))[0]).toEqual(['auto.md']);
      expect(askedSince(asked)).toEqual([]);
      expect([...cacheLines(three.stderr()), ...cacheLines(four.stderr())]).toEqual([]);
      await vectorFile();
    } finally {
      await other.remove();
    }
  });
});
