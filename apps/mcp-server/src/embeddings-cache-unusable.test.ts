import { chmod, chown, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheLines, rankings, useEmbeddingsCache } from './__fixtures__/embeddings-cache-setup.js';
import { untilEmbedded } from './__fixtures__/find-notes-calls.js';
import { connectUnprivilegedBin, unprivilegedLaunch } from './__fixtures__/unprivileged-bin.js';

const t = useEmbeddingsCache();

describe('the embeddings cache on disk (the built bin, an endpoint the test runs): a folder it cannot use', () => {
  it.each([
    ['a file', (file: string) => file],
    ['a folder inside a file', (file: string) => path.join(file, 'embeddings')],
  ])('ranks by meaning, keeping vectors in memory, when the cache folder is %s, and says so in one line', async (_, folderOf) => {
    const file = path.join(t.cache().path, 'in-the-way');
    await writeFile(file, 'not a folder');
    const server = await t.serve(t.vault().path, folderOf(file));
    expect((await rankings(server.client))[0]).toEqual(['garage/repairs.md']);
    expect(cacheLines(server.stderr())).toEqual([
      expect.stringMatching(/^vault-mcp: embeddings cache off, FindNotes keeps the vectors in memory only: \S+: E(EXIST|NOTDIR)/),
    ]);
  });

  it('ranks by meaning, keeping vectors in memory, when the cache folder may not be written, and says so in one line', async () => {
    const launch = unprivilegedLaunch();
    if (launch.owner !== undefined) await chown(t.cache().path, launch.owner, launch.owner);
    await chmod(t.cache().path, 0o500);
    const server = await connectUnprivilegedBin(launch, t.vault().path, t.embeddingsArgs(), 'FindNotes: ');
    t.closeAfter(server.client);
    expect(await untilEmbedded(server.client)).toMatch(/^words and meaning/);
    expect((await rankings(server.client))[0]).toEqual(['garage/repairs.md']);
    expect(cacheLines(server.stderr())).toEqual([
      expect.stringMatching(/^vault-mcp: embeddings cache off, FindNotes keeps the vectors in memory only: \S+: EACCES/),
    ]);
    expect(await readdir(t.cache().path)).toEqual([]);
  });
});
