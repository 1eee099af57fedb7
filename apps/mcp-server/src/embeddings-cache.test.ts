import { open, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempFolder } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { cacheProbe } from './cached-embeddings.js';
import { cacheLines, rankings, useEmbeddingsCache } from './__fixtures__/embeddings-cache-setup.js';

const t = useEmbeddingsCache();

describe('the embeddings cache on disk (the built bin, an endpoint the test runs): restarts, damage, servers sharing it', () => {
  it('asks for no section again after a restart, only the sections of a note changed meanwhile, and ranks the same', async () => {
    const first = await t.serve();
    const ranked = await rankings(first.client);
    expect(ranked[0]).toEqual(['garage/repairs.md']);
    await first.client.close();
    const asked = t.endpoint().inputs.length;
    await writeFile(path.join(t.vault().path, 'garage/repairs.md'), '# Repairs\n\nThe automobile needs new tyres.\n\n## Costs\nTyres cost a lot.\n');

    const second = await t.serve();
    expect(await rankings(second.client)).toEqual(ranked);
    // The changed section only: not the note's other section, not the other note, not the queries asked before.
    expect(t.askedSince(asked)).toEqual([expect.stringContaining('Tyres cost a lot')]);
    // The model was checked first (by the probe's vector).
    expect(t.endpoint().inputs.slice(asked)).toContain(cacheProbe);
    expect(cacheLines(second.stderr())).toEqual([]);
  });

  it('asks again for the vectors of a torn last record and of a damaged one, serves the rest from the file, and rewrites it', async () => {
    const first = await t.serve();
    const ranked = await rankings(first.client);
    await first.client.close();
    const asked = t.endpoint().inputs.length;
    // The probe, three sections, three queries: a byte flipped in the middle, the last record torn.
    const file = await t.vectorFile();
    const { size } = await stat(file);
    const handle = await open(file, 'r+');
    const byte = Buffer.alloc(1);
    await handle.read(byte, 0, 1, Math.floor(size / 2));
    await handle.write(Buffer.from([byte[0]! ^ 0x10]), 0, 1, Math.floor(size / 2));
    await handle.close();
    await truncate(file, size - 3);

    const second = await t.serve();
    expect(await rankings(second.client)).toEqual(ranked);
    const again = t.askedSince(asked);
    expect(again).toHaveLength(2);
    expect(new Set(again).size).toBe(2);
    expect(cacheLines(second.stderr())).toEqual([expect.stringMatching(/^vault-mcp: embeddings cache: \S+\.vectors rewritten without \d+ damaged bytes$/)]);
    await second.client.close();

    // Rewritten whole: the next start asks for nothing.
    const askedThen = t.endpoint().inputs.length;
    const third = await t.serve();
    expect(await rankings(third.client)).toEqual(ranked);
    expect(t.askedSince(askedThen)).toEqual([]);
    expect(cacheLines(third.stderr())).toEqual([]);
  });

  it('serves two servers on two vaults sharing one cache folder at once, and the file stays whole', async () => {
    const other = await createTempFolder({ 'auto.md': '# Automobile\n\nautomobile\n', 'kitchen/soup.md': '# Soup\n\nLeek soup.\n' });
    try {
      const [one, two] = await Promise.all([t.serve(), t.serve(other.path)]);
      expect((await rankings(one.client))[0]).toEqual(['garage/repairs.md']);
      expect((await rankings(two.client))[0]).toEqual(['auto.md']);
      await Promise.all([one.client.close(), two.client.close()]);
      const asked = t.endpoint().inputs.length;

      // Both wrote to the one file: a server on either vault asks for nothing again, and finds nothing damaged.
      const [three, four] = await Promise.all([t.serve(), t.serve(other.path)]);
      expect((await rankings(three.client))[0]).toEqual(['garage/repairs.md']);
      expect((await rankings(four.client))[0]).toEqual(['auto.md']);
      expect(t.askedSince(asked)).toEqual([]);
      expect([...cacheLines(three.stderr()), ...cacheLines(four.stderr())]).toEqual([]);
      await t.vectorFile();
    } finally {
      await other.remove();
    }
  });
});
