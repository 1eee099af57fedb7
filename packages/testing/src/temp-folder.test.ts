import { createMemoryFs } from '@vault/core';
import { describe, expect, it } from 'vitest';
import { createTempFolder, readFolder } from './temp-folder.js';

describe('temp folder fixtures', () => {
  it('round-trips a seed through the disk in the shape MemoryFs.toJSON gives', async () => {
    const seed = { 'a.md': 'text', 'bin.txt': new Uint8Array([0xff, 0x00]), 'empty/': '', 'x/y.md': '\uFEFFbom' };
    const folder = await createTempFolder(seed);
    try {
      expect(await readFolder(folder.path)).toEqual(createMemoryFs(seed).toJSON());
    } finally {
      await folder.remove();
    }
  });
});
