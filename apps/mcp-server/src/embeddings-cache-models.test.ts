import { describe, expect, it } from 'vitest';
import type { EndpointModel } from './__fixtures__/embeddings-server.js';
import { cacheLines, rankings, useEmbeddingsCache } from './__fixtures__/embeddings-cache-setup.js';

const t = useEmbeddingsCache();

describe('the embeddings cache on disk (the built bin, an endpoint the test runs): another model under the same name', () => {
  it.each([
    ['another vector function, of the same length', { dimensions: 256, salt: 'other' }],
    ['vectors of another length', { dimensions: 128, salt: '' }],
  ] as [string, EndpointModel][])('uses nothing of the file when the endpoint serves another model under the same name: %s', async (_, model) => {
    const first = await t.serve();
    await rankings(first.client);
    await first.client.close();
    const asked = t.endpoint().inputs.length;
    const firstAsked = t.askedSince(0);

    t.endpoint().serveModel(model);
    const second = await t.serve();
    expect((await rankings(second.client))[0]).toEqual(['garage/repairs.md']);
    // Every section and query asked again, of the model now served.
    expect(new Set(t.askedSince(asked))).toEqual(new Set(firstAsked));
    expect(cacheLines(second.stderr())).toEqual([
      expect.stringMatching(/^vault-mcp: embeddings cache: \S+\.vectors was made by another model \(its vector of a probe text differs\), started afresh$/),
    ]);
  });
});
