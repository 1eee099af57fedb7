import { createVault, type ToolInput } from '@vault/core';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFs } from '../disk/create-node-fs.js';
import { generousBudget, searchWorker } from '../__fixtures__/warm-search-fixture.js';

// Lines where RE2 and V8 read a regex apart unless it is written out for RE2 (decision 0026): a lone CR, U+2028,
// no-break and other Unicode spaces, the long s and the Kelvin sign that ignore-case folds onto ASCII letters.
const lines = [
  'alpha\u00a0beta',
  'alpha\u2028beta',
  'alpha\rbeta',
  'alpha\u3000beta',
  'alpha\ufeffbeta',
  'alpha beta',
  '\u017fa ok',
  'lone \u212aelvin',
  'sa ok',
  'x\u2029y',
  'plain words here',
];

/** Files enough that TextSearch hands them to the workers (from 100 on): each holds some of the lines. */
const seed = Object.fromEntries(
  Array.from({ length: 120 }, (_, index) => [`notes/${index}.md`, `${lines.filter((_, line) => (index + line) % 3 === 0).join('\n')}\n`]),
);

// Regexes that run on V8 in the workers (one repeat) and on RE2 there (two or more), all on RE2 on the main thread.
const queries = ['alpha\\sbeta', '\\w+\\s+\\w+', 'alpha.beta', '\\w+.\\w+', '\\bsa\\b', '\\bsa\\b.*\\w+', '[\\S]+\\s[\\S]+', 'x\\sy', '\\w+\\W+\\w+', '^\\w+$'];

describe('TextSearch: one meaning for a regex, in the workers and on the main thread, on V8 and on RE2', () => {
  let vault: TempFolder;
  beforeAll(async () => {
    vault = await createTempFolder(seed);
  });
  afterAll(async () => {
    await vault.remove();
  });

  it.each(queries.flatMap((query) => [false, true].map((caseSensitive) => [query, caseSensitive] as const)))(
    'finds, for %s (case-sensitive %s), the lines a JavaScript regex matches one by one',
    async (query, caseSensitive) => {
      const native = new RegExp(query, caseSensitive ? 'u' : 'iu');
      const expected = Object.entries(seed)
        .map(([path, text]) => ({
          path,
          matches: text
            .split('\n')
            .slice(0, -1)
            .filter((line) => native.test(line)).length,
        }))
        .filter((file) => file.matches > 0)
        .sort((a, b) => a.path.localeCompare(b.path));
      const input: ToolInput<'TextSearch'> = { query, regex: true, caseSensitive, outputMode: 'files_only', maxResults: 1000 };
      const inWorkers = createVault(await createNodeFs(vault.path, { searchWorker }), { searchTimeout: generousBudget });
      const onMainThread = createVault(await createNodeFs(vault.path, { searchWorkers: 0 }), { searchTimeout: generousBudget });
      for (const vaultOf of [inWorkers, onMainThread]) {
        const answer = await vaultOf.call('TextSearch', input);
        const found = answer.files.map((file) => ({ path: file.path, matches: file.matches })).sort((a, b) => a.path.localeCompare(b.path));
        expect(found).toEqual(expected);
      }
    },
    120_000,
  );
});
