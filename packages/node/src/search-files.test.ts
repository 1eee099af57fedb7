import { existsSync, readdirSync } from 'node:fs';
import { rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createVault, type ToolInput } from '@vault/core';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFs, type NodeVaultFs } from './create-node-fs.js';

// The built worker (turbo builds before testing).
const searchWorker = new URL('../dist/search-worker.js', import.meta.url);

/**
 * The data the worker search is compared on, named in the describe title so that runs can be told
 * apart: a generated vault of the same kinds of lines, the same everywhere (a clean clone, CI), unless
 * the corpus is asked for: VAULT_BENCH_CORPUS names it, or VAULT_LONG_TESTS is set (as .ci/run does)
 * and it sits beside the repository, at ../shared/corpus/cpp-docs.
 * On the corpus (9,747 files, 68 MB) the file is long by design, about 40 s on two idle cores: each of
 * the 8 + 68 comparisons searches every file both ways, and the searches are CPU-bound (running them at
 * once would only share the same two cores). Left whole: a sample of the corpus would compare less of
 * the real text it is there for. On the generated vault (a clean clone, CI) it takes seconds.
 */
const corpusAskedFor = process.env.VAULT_BENCH_CORPUS ?? (process.env.VAULT_LONG_TESTS ? fileURLToPath(new URL('../../../../shared/corpus/cpp-docs', import.meta.url)) : undefined);
const corpus = corpusAskedFor !== undefined && existsSync(corpusAskedFor) ? corpusAskedFor : undefined;
const generatedFiles = 400;
const data = corpus ? `the corpus at ${corpus}` : `a generated vault of ${generatedFiles + 2} files${corpusAskedFor === undefined ? '' : ` (no corpus at ${corpusAskedFor})`}`;

/** The time budget of a search whose time is not what a test checks: a safety net, for a busy machine. */
const generousBudget = 300_000;

let generated: TempFolder | undefined;
let root: string;
beforeAll(async () => {
  console.info(`search-files.test.ts compares the worker search on ${data}`);
  if (corpus) {
    root = corpus;
    return;
  }
  const seed: Record<string, string | Uint8Array> = { 'latin1.md': new Uint8Array([0x58, 0x62, 0x6f, 0x78, 0xe9]), 'binary.md': new Uint8Array([0x58, 0x00]) };
  const kinds = ['A function returns a value.', 'Use Visual Studio to debug.', 'An atomic mutex, not volatile.', 'Xbox', '## The class template', 'Die Straße, ſo weit: 10 K über STD::VECTOR<int>.'];
  for (let index = 0; index < generatedFiles; index += 1) {
    // The first one to five kinds of line: a query finds some files and not others, as in the corpus.
    const lines = Array.from({ length: 30 }, (_, line) => kinds[(index + line) % (1 + (index % kinds.length))]);
    seed[`docs/${index % 7}/${String(index).padStart(3, '0')}.md`] = `${lines.join(index % 3 ? '\n' : '\r\n')}\n`;
  }
  generated = await createTempFolder(seed);
  root = generated.path;
}, 60_000);
afterAll(async () => {
  await generated?.remove();
});

describe(`searchFiles: TextSearch in worker threads, on ${data}`, () => {
  it.each<ToolInput<'TextSearch'>>([
    { query: 'function' },
    { query: 'Xbox', outputMode: 'files_only', maxResults: 1000 },
    { query: 'Xbox', caseSensitive: false, outputMode: 'files_only', maxResults: 1000 },
    { query: 'function', caseSensitive: true, maxResults: 200 },
    { query: '^#+ .*Class', regex: true, caseSensitive: false, maxResults: 300 },
    { query: 'visual studio', contextLines: 2, maxResults: 200 },
    { query: '\\b(mutex|semaphore|deadlock|atomic|volatile)\\b', regex: true, outputMode: 'files_only', maxResults: 100_000 },
    { query: '^#+ .*class', regex: true, maxResults: 300 },
  ])('gives exactly what the search on the main thread gives for %j', async (input) => {
    const inWorkers = await createNodeFs(root, { searchWorker });
    expect(inWorkers.searchFiles).toBeTypeOf('function');
    // On the main thread, file after file, the corpus takes seconds, more on a busy machine: each search gets
    // its own budget, generous, as the time is not what is tested here.
    const expected = await createVault(await createNodeFs(root, { searchWorkers: 0 }), { searchTimeout: generousBudget }).call('TextSearch', input);
    expect(expected.totalMatches).toBeGreaterThan(0);
    expect(await createVault(inWorkers, { searchTimeout: generousBudget }).call('TextSearch', input)).toEqual(expected);
  }, 600_000);
});

/** Queries of every kind: literals common and rare, either case, phrases, non-ASCII; regexes with anchors, classes, words, required literals, lookbehind. */
const manyQueries: ToolInput<'TextSearch'>[] = [
  ...['function', 'Function', 'FUNCTION', 'visual studio', 'Visual Studio', 'Xbox', 'xbox', 'mutex, not', 'class template', 'straße', 'STRASSE', 'for more information', 'GetProcAddress', 'std::vector'].map(
    (query) => ({ query }),
  ),
  ...[
    '^## ',
    '^#+ .*class',
    '\\bmutex\\b',
    '\\b(mutex|semaphore|deadlock|atomic|volatile)\\b',
    'TODO|Xbox',
    'vol[a-z]+ile',
    '[0-9]{2}',
    'st(u|a)dio',
    'function\\s+returns',
    '^A ',
    'value\\.$',
    'stra(ß|ss)e',
    'ſo',
    '\\bK\\b',
    'x{0}box',
    '(?<!Visual )Studio',
    'atomic.*volatile',
    '\\bC[0-9]{4}\\b',
    'std::vector<\\w+>',
    '^## Example',
  ].map((query) => ({ query, regex: true })),
];

describe(`searchFiles with the texts kept in memory, on ${data}`, () => {
  let warm: NodeVaultFs;
  let cold: NodeVaultFs;
  beforeAll(async () => {
    // Kept as soon as read (this machine's file system stamps each write apart; warm-search.test has the settle time).
    warm = await createNodeFs(root, { searchWorker, searchMemory: 512 * 1024 * 1024, searchSettleTime: 0 });
    cold = await createNodeFs(root, { searchWorker });
    const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
    while ((await warm.warmSearch()).files < files);
  }, 600_000);
  afterAll(async () => {
    await warm.close();
    await cold.close();
  });

  it.each(manyQueries.flatMap((input) => [{ ...input, contextLines: 1, maxResults: 30 }, { ...input, outputMode: 'files_only' as const, maxResults: 100_000 }]))(
    'gives exactly what the search reading every file gives for %j',
    async (input) => {
      const expected = await createVault(cold, { searchTimeout: generousBudget, maxOutput: 1_000_000 }).call('TextSearch', input);
      expect(await createVault(warm, { searchTimeout: generousBudget, maxOutput: 1_000_000 }).call('TextSearch', input)).toEqual(expected);
    },
    600_000,
  );

  it('finds something for most of the queries', async () => {
    let found = 0;
    for (const input of manyQueries) if ((await createVault(warm, { searchTimeout: generousBudget }).call('TextSearch', input)).totalMatches > 0) found += 1;
    expect(found).toBeGreaterThan(manyQueries.length * 0.7);
  }, 600_000);
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
    // "a.*b" on a million "a"s and no "b": a native regex backtracks for hours. Each search has its own budget:
    // a short one for the stuck regex, a generous one for the next search, through the same workers.
    const fs = await createNodeFs(vault.path, { searchWorker });
    await expect(createVault(fs, { searchTimeout: 500 }).call('TextSearch', { query: 'a.*b', regex: true })).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect((await createVault(fs, { searchTimeout: generousBudget }).call('TextSearch', { query: 'a b', outputMode: 'files_only' })).totalFiles).toBe(120);
  });
});

describe('searchFiles: symlinks', () => {
  it('leaves symlinked files to the main thread, which applies every rule to where they lead', async () => {
    const seed: Record<string, string> = { 'notes/target.md': 'linked hello\n', '.git/hidden.md': 'hidden hello\n' };
    for (let index = 0; index < 120; index += 1) seed[`many/${index}.md`] = 'hello\n';
    const vault = await createTempFolder(seed);
    try {
      await symlink(path.join(vault.path, 'notes/target.md'), path.join(vault.path, 'link.md'));
      await symlink(path.join(vault.path, '.git/hidden.md'), path.join(vault.path, 'to-hidden.md'));
      const search = { query: 'hello', outputMode: 'files_only', maxResults: 1000 } as const;
      const inWorkers = await createVault(await createNodeFs(vault.path, { searchWorker }), { searchTimeout: generousBudget }).call('TextSearch', search);
      const onMainThread = await createVault(await createNodeFs(vault.path, { searchWorkers: 0 }), { searchTimeout: generousBudget }).call('TextSearch', search);
      expect(inWorkers).toEqual(onMainThread);
      expect(inWorkers.files.map((file) => file.path)).toContain('link.md');
      expect(inWorkers.files.map((file) => file.path)).not.toContain('to-hidden.md');
    } finally {
      await vault.remove();
    }
  });
});

describe('searchFiles: symlinks that appear after the walk', () => {
  it('refuses to follow one, to a file outside or a hidden one, and reads nothing there', async () => {
    const outside = await createTempFolder({ 'secret.md': 'SECRET outside\n' });
    const vault = await createTempFolder({ 'notes/a.md': 'hello\n', 'notes/b.md': 'hello\n', '.git/config.md': 'SECRET hidden\n' });
    try {
      const fs = await createNodeFs(vault.path, { searchWorker });
      const request = { query: 'SECRET', regex: false, caseSensitive: true, contextLines: 0, maxShown: 10, maxFileSize: 1_000_000, timeout: generousBudget };
      // As if the walk had seen plain files there, and they were swapped for symlinks since.
      await rm(path.join(vault.path, 'notes/a.md'));
      await symlink(path.join(outside.path, 'secret.md'), path.join(vault.path, 'notes/a.md'));
      await expect(fs.searchFiles!(['notes/a.md'], request)).rejects.toMatchObject({ code: 'IO_ERROR', message: expect.stringContaining('became a symlink') });
      await rm(path.join(vault.path, 'notes'), { recursive: true });
      await symlink(path.join(vault.path, '.git'), path.join(vault.path, 'notes'));
      await expect(fs.searchFiles!(['notes/config.md'], request)).rejects.toMatchObject({ code: 'IO_ERROR' });
    } finally {
      await outside.remove();
      await vault.remove();
    }
  });

  it('still searches, with a regex too, below a folder reached through a link that stays inside the vault', async () => {
    const vault = await createTempFolder({ 'notes/a.md': 'hello there\n' });
    try {
      await symlink('notes', path.join(vault.path, 'alias'));
      const searching = createVault(await createNodeFs(vault.path, { searchWorker }), { searchTimeout: generousBudget });
      for (const regex of [false, true]) {
        const found = await searching.call('TextSearch', { query: 'hel+o', regex, directoryPath: 'alias' });
        expect(found.files.map((file) => file.path)).toEqual(regex ? ['alias/a.md'] : []);
      }
    } finally {
      await vault.remove();
    }
  });
});
