import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createVault } from '@vault/core';
import { describe, expect, it } from 'vitest';
import { createNodeFs } from '../disk/create-node-fs.js';
import {
  everything,
  generousBudget,
  notes,
  searchMemory,
  searchSettleTime,
  searchWorker,
  useWarmVault,
  warmUntilKept,
} from '../__fixtures__/warm-search-fixture.js';

const vault = useWarmVault();

describe('warm search: exact before the files settle into memory', () => {
  it('keeps a file changed within the settle time only once it settles, and stays exact meanwhile', async () => {
    const settling = await createNodeFs(vault.folder.path, { searchWorker, searchMemory, searchSettleTime: 60_000 });
    try {
      await writeFile(path.join(vault.folder.path, notes[2]!), 'gamma again\n');
      // Every other file was written when the test began, within the minute too: none is kept yet.
      expect(await settling.warmSearch()).toMatchObject({ files: 0, bytes: 0 });
      const input = { query: 'gamma again', ...everything };
      expect(await createVault(settling, { searchTimeout: generousBudget }).call('TextSearch', input)).toEqual(await vault.fromDisk.call('TextSearch', input));
    } finally {
      await settling.close();
    }
    await writeFile(path.join(vault.folder.path, notes[2]!), 'gamma once more\n');
    await warmUntilKept(vault.fs, notes.length);
    expect((await vault.searchBoth({ query: 'gamma once more', ...everything })).totalFiles).toBe(1);
  });

  it('answers exactly while the files are still being read in the background', async () => {
    const other = await createNodeFs(vault.folder.path, { searchWorker, searchMemory, searchSettleTime });
    try {
      const filling = other.warmSearch();
      const during = createVault(other, { searchTimeout: generousBudget });
      const [, found] = await Promise.all([filling, during.call('TextSearch', { query: 'gamma', ...everything })]);
      expect(found).toEqual(await vault.fromDisk.call('TextSearch', { query: 'gamma', ...everything }));
    } finally {
      await other.close();
    }
  });
});
