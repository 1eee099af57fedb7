import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type EndpointMode, startEmbeddingsServer } from './__fixtures__/embeddings-server.js';
import { findNotes, untilEmbedded as untilClientEmbedded } from './__fixtures__/find-notes-calls.js';
import { connectStdioBin } from './__fixtures__/stdio-bin.js';

const seed = {
  'garage/repairs.md': '# Repairs\n\nThe automobile needs new tyres.\n\n## Costs\nTyres cost money.\n',
  'kitchen/bread.md': '# Bread\n\nBanana bread recipe.\n',
};

let vault: TempFolder;
/** The vectors' cache folder: the test's own, never the user's. */
let cache: TempFolder;
let endpoint: Awaited<ReturnType<typeof startEmbeddingsServer>> | undefined;
let client: Client | undefined;
beforeEach(async () => {
  vault = await createTempFolder(seed);
  cache = await createTempFolder({});
});
afterEach(async () => {
  await client?.close();
  await endpoint?.close();
  [client, endpoint] = [undefined, undefined];
  await vault.remove();
  await cache.remove();
});

/** The server on the vault with `args`, resolving once its stderr holds `marker`. */
async function serve(args: string[], marker: string) {
  const cached = args.includes('--embeddings') ? ['--embeddings-cache', cache.path] : [];
  const server = await connectStdioBin(['--vault', vault.path, ...cached, ...args], 'find-notes-embeddings', marker);
  client = server.client;
  return server;
}
const find = (query: string) => findNotes(client!, query);
const paths = async (query: string) => (await find(query)).answer.notes.map((note) => note.path);
const untilEmbedded = () => untilClientEmbedded(client!);

describe('FindNotes with --embeddings (the built bin, an endpoint the test runs on 127.0.0.1)', () => {
  it('finds a note by a synonym of its words, which the word ranking alone does not', async () => {
    await serve([], 'FindNotes: ');
    expect(await paths('car')).toEqual([]);
    expect((await find('car')).answer.semantic).toBeUndefined();
    await client!.close();

    endpoint = await startEmbeddingsServer('vectors');
    await serve(['--embeddings', `${endpoint.url}/v1`, '--embeddings-model', 'test-model'], 'FindNotes: ');
    await endpoint.answered('automobile');
    await untilEmbedded();
    const { answer, text } = await find('car');
    expect(answer.notes.map((note) => note.path)).toEqual(['garage/repairs.md']);
    expect(answer).toMatchObject({ totalNotes: 1, meaningNotes: 1, semantic: 'words and meaning (3 of 3 sections embedded)' });
    expect(text.split('\n').at(-1)).toMatch(/^\[1 matching note \(1 by meaning alone, without the query's words\) of 2 notes searched, best first/);
    expect(text).not.toMatch(/words only/);
    // The word ranking is still fused in: a word match comes first.
    expect(await paths('bread')).toEqual(['kitchen/bread.md']); // The query is sent without its excluded words and phrases, and its tags.
    await find('vehicle -"is red" -tyres tag:garage');
    expect(endpoint.inputs.at(-1)).toBe('vehicle');
  });

  it('gives the notes found by meaning alone only when near the nearest, and says how many', async () => {
    await writeFile(path.join(vault.path, 'auto.md'), '# Automobile\n\nautomobile\n');
    await writeFile(path.join(vault.path, 'kitchen/shopping.md'), '# Shopping\n\nButter, jam, tea, milk, eggs, flour, salt, and a vehicle.\n');
    endpoint = await startEmbeddingsServer('vectors');
    await serve(['--embeddings', endpoint.url, '--embeddings-model', 'test-model'], 'FindNotes: ');
    await untilEmbedded();
    // "auto.md" is all car; "garage/repairs.md" and "kitchen/shopping.md" a little, which is not enough.
    const { answer, text } = await find('car');
    expect(answer.notes.map((note) => note.path)).toEqual(['auto.md']);
    expect(answer).toMatchObject({ totalNotes: 1, meaningNotes: 1 });
    expect(text.split('\n').at(-1)).toMatch(/^\[1 matching note \(1 by meaning alone, without the query's words\) of 4 notes searched/);
    // Notes matching the words are counted as before, and the meaning-only note named apart.
    const tyres = (await find('tyres car')).answer;
    expect(tyres.notes.map((note) => note.path)).toEqual(['garage/repairs.md', 'auto.md']);
    expect(tyres).toMatchObject({ totalNotes: 2, meaningNotes: 1 });
  });

  it('ranks a note changed on disk after its vector was made by its new text, on the next call', async () => {
    endpoint = await startEmbeddingsServer('vectors');
    // A URL with a query: the path goes before it.
    await serve(['--embeddings', `${endpoint.url}/?api-version=1`, '--embeddings-model', 'test-model'], 'FindNotes: ');
    await endpoint.answered('automobile');
    await untilEmbedded();
    expect(await paths('car')).toEqual(['garage/repairs.md']);
    await writeFile(path.join(vault.path, 'garage/repairs.md'), '# Repairs\n\nThe bicycle needs new tyres.\n\n## Costs\nTyres cost money.\n');
    expect(await paths('car')).toEqual([]);
    await writeFile(path.join(vault.path, 'kitchen/bread.md'), '# Bread\n\nBake it in the vehicle.\n');
    // Seen by this call (its words hold no "car", its new text has no vector yet), embedded after it.
    expect(await paths('car')).toEqual([]);
    await endpoint.answered('vehicle');
    await untilEmbedded();
    expect(await paths('car')).toEqual(['kitchen/bread.md']);
    expect(new Set(endpoint.urls)).toEqual(new Set(['/v1/embeddings?api-version=1']));
  });

  it('embeds the other sections when the endpoint refuses one, leaves that one to the words, and keeps ranking by meaning', async () => {
    await writeFile(path.join(vault.path, 'long.md'), '# Long\n\nA section the endpoint finds toolong.\n');
    endpoint = await startEmbeddingsServer('vectors', { refuse: 'toolong' });
    const server = await serve(['--embeddings', endpoint.url, '--embeddings-model', 'test-model'], 'the endpoint refused a section');
    expect(await untilEmbedded()).toBe('words and meaning (3 of 4 sections embedded, 1 refused by the endpoint)');
    await server.logged;
    expect(await paths('car')).toEqual(['garage/repairs.md']);
    // Asked in its batch, then alone; not again.
    expect(endpoint.inputs.filter((text) => text.includes('toolong'))).toHaveLength(2);
    // One line, with the endpoint's own words and none of the note's; no back-off.
    const lines = server
      .stderr()
      .split('\n')
      .filter((line) => line.includes('embeddings'));
    expect(lines).toEqual([
      expect.stringMatching(
        /^vault-mcp: embeddings: the endpoint refused a section, which FindNotes ranks by words only: http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings: HTTP 500: input is too large to process\. increase the physical batch size$/,
      ),
    ]);
  });

  it("keeps a call's back-off when a busy endpoint then answers the background", async () => {
    await Promise.all(Array.from({ length: 40 }, (_, at) => writeFile(path.join(vault.path, `n${at}.md`), `# Note ${at}\n\nplain words ${at}\n`)));
    endpoint = await startEmbeddingsServer('vectors', { busy: true });
    await serve(['--embeddings', endpoint.url, '--embeddings-model', 'test-model'], 'FindNotes: ');
    await endpoint.batches(1);
    // The query waits behind the background's batch, and is given up.
    expect((await find('car')).answer.semantic).toMatch(/^words only: .*no answer within/);
    endpoint.release();
    // The next batch is asked once the first's answer was taken.
    await endpoint.batches(2);
    expect((await find('car')).answer.semantic).toMatch(/^words only: .*; asked again \d+ s from now$/);
    expect(endpoint.inputs.filter((text) => text === 'car')).toHaveLength(1);
  });

  it('does not take a call the client cancelled for a failure of the endpoint', async () => {
    endpoint = await startEmbeddingsServer('vectors', { busy: true });
    await serve(['--embeddings', endpoint.url, '--embeddings-model', 'test-model'], 'FindNotes: ');
    const cancel = new AbortController();
    const call = client!.callTool({ name: 'FindNotes', arguments: { query: 'car' } }, undefined, { signal: cancel.signal });
    await endpoint.asked('car');
    cancel.abort(new Error('cancelled by the test'));
    await expect(call).rejects.toThrow('cancelled by the test');
    // The server let go of the query's request.
    await endpoint.dropped('car');
    // Asked again at once, not left alone: this call's own wait runs out.
    expect((await find('car')).answer.semantic).toMatch(/^words only: .*no answer within 2000 ms$/);
    expect(endpoint.inputs.filter((text) => text === 'car')).toHaveLength(2);
  });

  it('refuses a redirect to another address: the texts go only to the URL given, and the call ranks by words with a note', async () => {
    const elsewhere = await startEmbeddingsServer('vectors');
    try {
      endpoint = await startEmbeddingsServer('vectors', { redirect: `${elsewhere.url}/v1/embeddings?key=secret` });
      const server = await serve(['--embeddings', endpoint.url, '--embeddings-model', 'test-model'], 'embeddings failed');
      await server.logged;
      const { answer, text } = await find('automobile');
      expect(answer.notes.map((note) => note.path)).toEqual(['garage/repairs.md']);
      expect(answer.semantic).toMatch(
        /^words only: http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings: HTTP 307, a redirect to http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings, not followed/,
      );
      expect(text.split('\n').at(-1)).toMatch(/; ranked by words only, the embeddings endpoint failed \(/);
      expect(server.stderr()).toMatch(
        /vault-mcp: embeddings failed, the notes' sections are not asked for for 30 s: http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings: HTTP 307, a redirect to http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings, not followed: the notes' text is sent only to the URL given/,
      );
      expect(`${server.stderr()}${text}`).not.toMatch(/secret/);
      // Asked, and nothing sent on.
      expect(endpoint.inputs.length).toBeGreaterThan(0);
      expect(elsewhere.inputs).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it("ranks by words with a note and one log line when the query's vector is of another length than the sections' (a model swapped under the same name)", async () => {
    endpoint = await startEmbeddingsServer('vectors');
    const server = await serve(['--embeddings', endpoint.url, '--embeddings-model', 'test-model'], 'embeddings failed');
    await endpoint.answered('automobile');
    await untilEmbedded();
    expect(await paths('car')).toEqual(['garage/repairs.md']);
    endpoint.serveModel({ dimensions: 128, salt: '' });
    const semantics: (string | undefined)[] = [];
    for (let call = 0; call < 2; call += 1) {
      const { answer, text } = await find('automobile');
      expect(answer.notes.map((note) => note.path)).toEqual(['garage/repairs.md']);
      expect(text.split('\n').at(-1)).toMatch(/; ranked by words only, the embeddings endpoint failed \(/);
      semantics.push(answer.semantic);
    }
    expect(semantics[0]).toBe("words only: the query's vector has 128 numbers and 3 sections' vectors have 256 (another model behind the same name?)");
    expect(semantics[1]).toMatch(/^words only: http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings: the query's vector has 128 numbers .*; asked again \d+ s from now$/);
    await server.logged;
    // One line: the calls after it rank by words at once, without asking the endpoint, for 30 s.
    expect(server.stderr().match(/embeddings failed/g)).toHaveLength(1);
    expect(server.stderr()).toMatch(
      /vault-mcp: embeddings failed, FindNotes ranks by words for 30 s: http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings: the query's vector has 128 numbers and 3 sections' vectors have 256/,
    );
  });

  it.each([
    ['down', undefined],
    ['hanging', 'hang'],
    ['answering HTML', 'html'],
    ['answering vectors of differing lengths', 'dimensions'],
    ['answering NaN', 'nan'],
    ['answering a number past a float', 'infinity'],
    ['answering too few vectors', 'count'],
  ] as [string, EndpointMode | undefined][])('falls back to words with a note when the endpoint is %s, within its budget, and goes on', async (_, mode) => {
    let url: string;
    if (mode) {
      endpoint = await startEmbeddingsServer(mode);
      url = endpoint.url;
    } else {
      // A port that was free a moment ago, closed: nothing listens there.
      const closed = await startEmbeddingsServer('vectors');
      url = closed.url;
      await closed.close();
    }
    // With a key in its query, which neither the answers nor the log name.
    const server = await serve(['--embeddings', `${url}/?key=secret`, '--embeddings-model', 'test-model', '--search-timeout', '8000'], 'embeddings failed');
    // The background's first request failed (a hanging endpoint: the query's own request times out instead).
    if (mode !== 'hang') await server.logged;
    // The query's requests (the background's are its own: left alone after its own failure).
    const queries = () => endpoint?.inputs.filter((text) => text === 'automobile').length ?? 0;
    let asked = 0;
    for (let call = 0; call < 2; call += 1) {
      const { answer, text } = await find('automobile');
      expect(answer.notes.map((note) => note.path)).toEqual(['garage/repairs.md']);
      expect(answer.semantic).toMatch(/^words only: \S/);
      expect(text).not.toMatch(/secret/);
      expect(text.split('\n').at(-1)).toMatch(/; ranked by words only, the embeddings endpoint failed \(/);
      // Not asked again at the next call: it is left alone for 30 s after a failure.
      if (call === 1) expect(queries()).toBe(asked);
      asked = queries();
    }
    await server.logged;
    expect(server.stderr()).toMatch(/vault-mcp: embeddings failed, FindNotes ranks by words for 30 s: http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings: /);
    expect(server.stderr()).not.toMatch(/secret/);
  });
});
