import { createVault } from '@vault/core';
import { createTempFolder, describeMoveKeepsLinks, readFolder, type TempFolder } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeFs } from './create-node-fs.js';

// On the real disk: each run's links are resolved on what the folder holds after the move.
describeMoveKeepsLinks(
  'node (real disk)',
  async (seed) => {
    const folder = await createTempFolder(seed);
    return { fs: await createNodeFs(folder.path), dump: () => readFolder(folder.path), cleanup: folder.remove };
  },
  60,
);

describe('a link-aware Move finds the linking notes with the search workers', () => {
  let folder: TempFolder | undefined;
  afterEach(async () => folder?.remove());

  it('picks the notes that link among many that only mention the name, and rewrites those alone', async () => {
    const seed: Record<string, string> = {
      'guide/overview.md': '# Overview\n',
      'a.md': 'see [the overview](guide/overview.md)\n',
      'b.md': '- [[guide/overview#Part|o]]\n',
    };
    for (let index = 0; index < 300; index += 1) seed[`prose/${index}.md`] = `An overview of topic ${index}, and [[other]].\n`;
    folder = await createTempFolder(seed);
    const vault = createVault(await createNodeFs(folder.path));
    const output = await vault.call('Move', { sourcePath: 'guide/overview.md', destinationPath: 'manual/overview.md' });
    expect(output.links?.rewritten.map((change) => `${change.before} -> ${change.after}`)).toEqual([
      '[the overview](guide/overview.md) -> [the overview](overview.md)',
      '[[guide/overview#Part|o]] -> [[overview#Part|o]]',
    ]);
    const files = await readFolder(folder.path);
    expect(files['a.md']).toBe('see [the overview](overview.md)\n');
    expect(files['prose/7.md']).toBe(seed['prose/7.md']);
  });
});
