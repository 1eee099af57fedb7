import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll } from 'vitest';

/**
 * The data the worker search is compared on (search-in-workers.test.ts, warm-search-matches-cold-*.test.ts),
 * named in the describe titles so that runs can be told apart: a generated vault of the same kinds of
 * lines, the same everywhere (a clean clone, CI), unless the corpus is asked for: VAULT_BENCH_CORPUS
 * names it, or VAULT_LONG_TESTS is set (as .ci/run does) and it sits beside the repository, at
 * ../shared/corpus/cpp-docs.
 */
const corpusAskedFor =
  process.env.VAULT_BENCH_CORPUS ??
  (process.env.VAULT_LONG_TESTS ? fileURLToPath(new URL('../../../../../shared/corpus/cpp-docs', import.meta.url)) : undefined);
const corpus = corpusAskedFor !== undefined && existsSync(corpusAskedFor) ? corpusAskedFor : undefined;
const generatedFiles = 400;
/** What the comparisons run on, for the describe titles. */
export const comparedData = corpus
  ? `the corpus at ${corpus}`
  : `a generated vault of ${generatedFiles + 2} files${corpusAskedFor === undefined ? '' : ` (no corpus at ${corpusAskedFor})`}`;

/** Its folder, set before the file's tests: the corpus, read in place, or the generated vault, removed after them. */
export function useComparedVault(testFile: string): { path: string } {
  const vault = { path: '' };
  let generated: TempFolder | undefined;
  beforeAll(async () => {
    console.info(`${testFile} compares the worker search on ${comparedData}`);
    if (corpus) {
      vault.path = corpus;
      return;
    }
    const seed: Record<string, string | Uint8Array> = {
      'latin1.md': new Uint8Array([0x58, 0x62, 0x6f, 0x78, 0xe9]),
      'binary.md': new Uint8Array([0x58, 0x00]),
    };
    const kinds = [
      'A function returns a value.',
      'Use Visual Studio to debug.',
      'An atomic mutex, not volatile.',
      'Xbox',
      '## The class template',
      'Die Straße, ſo weit: 10 K über STD::VECTOR<int>.',
      '  - A VOID_PTR: void  main(char é)',
    ];
    for (let index = 0; index < generatedFiles; index += 1) {
      // The first one to five kinds of line: a query finds some files and not others, as in the corpus.
      const lines = Array.from({ length: 30 }, (_, line) => kinds[(index + line) % (1 + (index % kinds.length))]);
      seed[`docs/${index % 7}/${String(index).padStart(3, '0')}.md`] = `${lines.join(index % 3 ? '\n' : '\r\n')}\n`;
    }
    generated = await createTempFolder(seed);
    vault.path = generated.path;
  }, 60_000);
  afterAll(async () => {
    await generated?.remove();
  });
  return vault;
}
