import { createVault } from '@vault/core';
import { describe, expect, it } from 'vitest';
import { createNodeFs } from '../disk/create-node-fs.js';
import { generousBudget, notes, searchSettleTime, searchWorker, useWarmVault } from '../__fixtures__/warm-search-fixture.js';

const vault = useWarmVault();

describe('warm search: the memory bound', () => {
  it('keeps no more than the bound, and reads the rest from disk, exactly', async () => {
    const bound = 20_000;
    const small = await createNodeFs(vault.folder.path, { searchWorker, searchMemory: bound, searchWorkers: 2, searchSettleTime });
    try {
      const kept = await small.warmSearch();
      expect(kept.bytes).toBeLessThanOrEqual(bound);
      expect(kept.files).toBeGreaterThan(0);
      expect(kept.files).toBeLessThan(notes.length);
      const input = { query: 'gamma', contextLines: 1, maxResults: 500 };
      expect(await createVault(small, { searchTimeout: generousBudget }).call('TextSearch', input)).toEqual(await vault.fromDisk.call('TextSearch', input));
    } finally {
      await small.close();
    }
  });

  it('keeps nothing without searchMemory', async () => {
    const none = await createNodeFs(vault.folder.path, { searchWorker });
    try {
      expect(await none.warmSearch()).toMatchObject({ files: 0, bytes: 0 });
    } finally {
      await none.close();
    }
  });
});
