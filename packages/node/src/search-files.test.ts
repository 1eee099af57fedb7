import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createVault, type ToolInput } from '@vault/core';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFs } from './create-node-fs.js';

// The built worker (turbo builds before testing); the corpus when it sits beside the repository,
// else a generated vault of the same kinds of lines.
const searchWorker = new URL('../dist/search-worker.js', import.meta.url);
const corpus = process.env.VAULT_BENCH_CORPUS ?? fileURLToPath(new URL('../../../../shared/corpus/cpp-docs', import.meta.url));

let generated: TempFolder | undefined;
let root: string;
beforeAll(async () => {
  if (existsSync(corpus)) {
    root = corpus;
    return;
  }
  const seed: Record<string, string | Uint8Array> = { 'latin1.md': new Uint8Array([0x58, 0x62, 0x6f, 0x78, 0xe9]), 'binary.md': new Uint8Array([0x58, 0x00]) };
  for (let index = 0; index < 400; index += 1) {
    const lines = Array.from({ length: 30 }, (_, line) => ['A function returns a value.', 'Use Visual Studio to debug.', 'An atomic mutex, not volatile.', 'Xbox', '## The class template'][(index + line) % 5]);
    seed[`docs/${index % 7}/${String(index).padStart(3, '0')}.md`] = `${lines.join(index % 3 ? '\n' : '\r\n')}\n`;
  }
  generated = await createTempFolder(seed);
  root = generated.path;
}, 60_000);
afterAll(async () => {
  await generated?.remove();
});

describe('searchFiles: TextSearch in worker threads', () => {
  it.each<ToolInput<'TextSearch'>>([
    { query: 'function' },
    { query: 'Xbox', outputMode: 'files_only', maxResults: 1000 },
    { query: 'visual studio', contextLines: 2, maxResults: 200 },
    { query: '\\b(mutex|semaphore|deadlock|atomic|volatile)\\b', regex: true, outputMode: 'files_only', maxResults: 100_000 },
    { query: '^#+ .*class', regex: true, maxResults: 300 },
  ])('gives exactly what the search on the main thread gives for %j', async (input) => {
    const inWorkers = await createNodeFs(root, { searchWorker });
    expect(inWorkers.searchFiles).toBeTypeOf('function');
    // On the main thread, file after file, the corpus takes seconds: it gets a generous time budget.
    const expected = await createVault(await createNodeFs(root, { searchWorkers: 0 }), { searchTimeout: 120_000 }).call('TextSearch', input);
    expect(expected.totalMatches).toBeGreaterThan(0);
    expect(await createVault(inWorkers).call('TextSearch', input)).toEqual(expected);
  }, 120_000);
});

describe('searchFiles: the time budget', () => {
  let vault: TempFolder;
  beforeAll(async () => {
    const seed: Record<string, string> = { 'stuck.md': `${'a'.repeat(1_000_000)}\n` };
    for (let index = 0; index < 120; index += 1) seed[`notes/${index}.md`] = 'a b\n';
    vault = await createTempFolder(seed);
  });
  afterAll(async () => {
    await vault.remove();
  });

  it('stops a regex stuck on one line with TIMEOUT, and the next search works', async () => {
    // "a.*b" on a million "a"s and no "b": a native regex backtracks for hours.
    const searching = createVault(await createNodeFs(vault.path, { searchWorker }), { searchTimeout: 500 });
    await expect(searching.call('TextSearch', { query: 'a.*b', regex: true })).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect((await searching.call('TextSearch', { query: 'a b', outputMode: 'files_only' })).totalFiles).toBe(120);
  }, 30_000);
});
