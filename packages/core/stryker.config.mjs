// `pnpm mutate` (from the root): Stryker changes core's domain code one mutant at a time and runs
// the tests that cover it; a mutant no test notices is a change of behaviour nobody would catch.
// Survivors judged equivalent are listed in docs/decisions/0009-mutation-testing.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  coverageAnalysis: 'perTest',
  mutate: [
    'src/tools/text-edit.ts',
    'src/tools/text-read.ts',
    'src/vault-path.ts',
    'src/line-endings.ts',
    'src/text-codec.ts',
    'src/line-window.ts',
    'src/find-near-misses.ts',
    'src/search-file.ts',
    'src/vault.ts',
  ],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 90, break: 90 },
  concurrency: 2,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
