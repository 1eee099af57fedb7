import { createVault, type ToolInput, type Vault } from '@vault/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparedData, useComparedVault } from '../__fixtures__/compared-search-vault.js';
import { createNodeFs, type NodeVaultFs } from '../disk/create-node-fs.js';
import { generousBudget, searchWorker } from '../__fixtures__/warm-search-fixture.js';

/**
 * On the corpus (VAULT_LONG_TESTS, as .ci/run sets; 9,747 files, 68 MB) this file is long by design:
 * each of the 8 comparisons searches every file both ways, and the searches are CPU-bound (running
 * them at once would only share the same two cores). Left whole: a sample of the corpus would compare
 * less of the real text it is there for: 13 s in the package's suite on the two cores at load 9 (the whole
 * comparison, here and in warm-search-matches-cold-*.test.ts, took 77 s as one file at the same load). On
 * the generated vault (a clean clone, CI) it takes a second or two.
 */
const vault = useComparedVault('search-in-workers.test.ts');

describe(`searchFiles: TextSearch in worker threads, on ${comparedData}`, () => {
  // One backend of each kind for every query: a worker pool serves search after search, as in a server.
  let inWorkers: NodeVaultFs;
  let onMainThread: Vault;
  beforeAll(async () => {
    inWorkers = await createNodeFs(vault.path, { searchWorker });
    // On the main thread, file after file, the corpus takes seconds, more on a busy machine: each search gets
    // its own budget, generous, as the time is not what is tested here.
    onMainThread = createVault(await createNodeFs(vault.path, { searchWorkers: 0 }), { searchTimeout: generousBudget });
  });
  afterAll(async () => {
    await inWorkers.close();
  });

  it.each<ToolInput<'TextSearch'>>([
    { query: 'function' },
    { query: 'Xbox', outputMode: 'files_only', maxResults: 1000 },
    { query: 'Xbox', caseSensitive: false, outputMode: 'files_only', maxResults: 1000 },
    { query: 'function', caseSensitive: true, maxResults: 200 },
    { query: '^#+ .*Class', regex: true, caseSensitive: false, maxResults: 300 },
    { query: 'visual studio', contextLines: 2, maxResults: 200 },
    { query: '\\b(mutex|semaphore|deadlock|atomic|volatile)\\b', regex: true, outputMode: 'files_only', maxResults: 100_000 },
    { query: '^#+ .*class', regex: true, maxResults: 300 },
  ])(
    'gives exactly what the search on the main thread gives for %j',
    async (input) => {
      expect(inWorkers.searchFiles).toBeTypeOf('function');
      const expected = await onMainThread.call('TextSearch', input);
      expect(expected.totalMatches).toBeGreaterThan(0);
      expect(await createVault(inWorkers, { searchTimeout: generousBudget }).call('TextSearch', input)).toEqual(expected);
    },
    600_000,
  );
});
