import { readFileSync } from 'node:fs';
import { createVault } from '@vault/core';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFs } from '../disk/create-node-fs.js';
import { everything, generousBudget, notes, searchMemory, searchSettleTime, searchWorker, seed } from '../__fixtures__/warm-search-fixture.js';

describe('closing the backend', () => {
  let vaults: TempFolder[];
  beforeAll(async () => {
    vaults = await Promise.all(Array.from({ length: 10 }, () => createTempFolder(seed())));
  });
  afterAll(async () => {
    await Promise.all(vaults.map((vault) => vault.remove()));
  });

  /** The threads of this process (Linux), or undefined elsewhere. */
  const threads = () => Number(/^Threads:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
  const workers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Worker').length;

  it('releases the workers of 10 vaults opened and searched in one process, and their memory', async () => {
    // One worker a vault: what is checked is that closing releases every vault's threads, whatever their number.
    const before = { threads: threads(), workers: workers() };
    const opened = await Promise.all(vaults.map((vault) => createNodeFs(vault.path, { searchWorker, searchMemory, searchWorkers: 1, searchSettleTime })));
    for (const backend of opened)
      expect((await createVault(backend, { searchTimeout: generousBudget }).call('TextSearch', { query: 'gamma', ...everything })).totalFiles).toBe(50);
    expect(threads()).toBeGreaterThanOrEqual(before.threads + 10);
    // One closed by close(), the others by Symbol.asyncDispose (what `await using` calls).
    await opened[0]!.close();
    await Promise.all(opened.slice(1).map((backend) => backend[Symbol.asyncDispose]()));
    expect(workers()).toBe(before.workers);
    // A thread is gone once the kernel has reaped it, which may follow the worker's exit by a moment.
    while (threads() > before.threads) await new Promise((resolve) => setImmediate(resolve));
    expect(threads()).toBeLessThanOrEqual(before.threads);
  });

  it('fails a search running when it is closed, and any search after, with a clear error', async () => {
    const backend = await createNodeFs(vaults[0]!.path, { searchWorker, searchMemory, searchSettleTime });
    const vault = createVault(backend, { searchTimeout: generousBudget });
    const running = vault.call('TextSearch', { query: 'gamma', ...everything });
    await backend.close();
    await expect(running).rejects.toMatchObject({ code: 'IO_ERROR', message: expect.stringContaining('closed') });
    await expect(vault.call('TextSearch', { query: 'gamma', ...everything })).rejects.toMatchObject({
      code: 'IO_ERROR',
      message: expect.stringContaining('Open it again'),
    });
    // Reading still works: only the search workers are gone.
    expect((await vault.call('TextRead', { filePath: notes[0]! })).totalLines).toBe(3);
  });
});

describe('a search worker that is not there', () => {
  it('warns once, naming the file and the way out, and searches on the main thread', async () => {
    const folder = await createTempFolder(seed());
    const warnings: Error[] = [];
    const listen = (warning: Error) => warnings.push(warning);
    process.on('warning', listen);
    try {
      const missing = new URL('./no-such-worker.js', import.meta.url);
      const backend = await createNodeFs(folder.path, { searchWorker: missing });
      await createNodeFs(folder.path, { searchWorker: missing });
      expect(backend.searchFiles).toBeUndefined();
      expect((await createVault(backend).call('TextSearch', { query: 'gamma', ...everything })).totalFiles).toBe(50);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => process.nextTick(resolve));
      const ours = warnings.filter((warning) => (warning as Error & { code?: string }).code === 'VAULT_NO_SEARCH_WORKER');
      expect(ours).toHaveLength(1);
      expect(ours[0]!.message).toMatch(/no-such-worker\.js is missing.*searchWorker option/);
    } finally {
      process.off('warning', listen);
      await folder.remove();
    }
  });
});
