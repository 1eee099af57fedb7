import { readdirSync } from 'node:fs';
import { createVault, type ToolInput } from '@vault/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparedData, useComparedVault } from './compared-search-vault.js';
import { createNodeFs, type NodeVaultFs } from '../disk/create-node-fs.js';
import { generousBudget, searchWorker } from './warm-search-fixture.js';

/** Queries of every kind: literals common and rare, either case, phrases, non-ASCII; regexes with anchors, classes, words, required literals, lookbehind. */
const manyQueries: ToolInput<'TextSearch'>[] = [
  ...[
    'function',
    'Function',
    'FUNCTION',
    'visual studio',
    'Visual Studio',
    'Xbox',
    'xbox',
    'mutex, not',
    'class template',
    'straße',
    'STRASSE',
    'for more information',
    'GetProcAddress',
    'std::vector',
    'é',
    'über',
  ].map((query) => ({ query })),
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
    '^\\s*-',
    '^#+ ',
    'void\\s+\\w+\\(',
    '[A-Z]{2,}_[A-Z]+',
    '\\b(int|char|long)\\b',
    '\\b(so|k)\\b',
    '\\w+\\.\\w+\\(',
    '\\d+\\.\\d+',
    '[a-z]+_[a-z]+',
    '^\\s*\\d+\\.\\s',
    '\\d{4}-\\d{2}-\\d{2}',
    '\\d\\d:\\d\\d',
  ].map((query) => ({ query, regex: true })),
];

/**
 * The warm search (the texts kept in memory) compared with the one reading every file, on 48 queries in
 * one output mode: lines with a line of context (the first 30), or every file. One test file a mode,
 * each a second or two on the generated vault (a clean clone, the test command).
 * On the corpus (VAULT_LONG_TESTS, as .ci/run sets; 9,747 files, 68 MB) each file is long by design,
 * 13-31 s: each of the 48 comparisons searches every file twice, from memory and from disk, and the
 * searches are CPU-bound. Left whole: a sample of the corpus would compare less of the real text it is
 * there for.
 */
export function describeWarmMatchesCold(testFile: string, mode: 'lines' | 'files') {
  const vault = useComparedVault(testFile);
  const queries = manyQueries.map((input) =>
    mode === 'lines' ? { ...input, contextLines: 1, maxResults: 30 } : { ...input, outputMode: 'files_only' as const, maxResults: 100_000 },
  );
  describe(`searchFiles with the texts kept in memory, ${mode === 'lines' ? 'lines with context' : 'files only'}, on ${comparedData}`, () => {
    let warm: NodeVaultFs;
    let cold: NodeVaultFs;
    const searchWarm = (input: ToolInput<'TextSearch'>) => createVault(warm, { searchTimeout: generousBudget, maxOutput: 1_000_000 }).call('TextSearch', input);
    /** The matches each compared query found, by its input as JSON. */
    const matchesOf = new Map<string, number>();
    beforeAll(async () => {
      // Kept as soon as read (this machine's file system stamps each write apart; warm-search-settling.test has the settle time).
      warm = await createNodeFs(vault.path, { searchWorker, searchMemory: 512 * 1024 * 1024, searchSettleTime: 0 });
      cold = await createNodeFs(vault.path, { searchWorker });
      const files = readdirSync(vault.path, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
      while ((await warm.warmSearch()).files < files);
    }, 600_000);
    afterAll(async () => {
      await warm.close();
      await cold.close();
    });

    it.each(queries)(
      'gives exactly what the search reading every file gives for %j',
      async (input) => {
        const expected = await createVault(cold, { searchTimeout: generousBudget, maxOutput: 1_000_000 }).call('TextSearch', input);
        expect(await searchWarm(input)).toEqual(expected);
        matchesOf.set(JSON.stringify(input), expected.totalMatches);
      },
      600_000,
    );

    // Once, with the files: the comparisons compare something. Their answers count the matches already (on the
    // corpus each search takes a second): a query whose comparison did not run (a filtered run) is searched here.
    if (mode === 'files')
      it('finds something for most of the queries', async () => {
        let found = 0;
        for (const input of queries) if ((matchesOf.get(JSON.stringify(input)) ?? (await searchWarm(input)).totalMatches) > 0) found += 1;
        expect(found).toBeGreaterThan(manyQueries.length * 0.7);
      }, 600_000);
  });
}
