// `pnpm mutate` (from the root): Stryker changes core's domain code one mutant at a time and runs
// the tests that cover it; a mutant no test notices is a change of behaviour nobody would catch.
// Survivors judged equivalent are listed in docs/decisions/0009-mutation-testing.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutate.config.ts' },
  coverageAnalysis: 'perTest',
  mutate: [
    'src/tools/text-edit/*.ts',
    '!src/tools/text-edit/*.test.ts',
    'src/tools/text-read.ts',
    'src/vault/vault-path.ts',
    'src/text/line-endings.ts',
    'src/text/text-codec.ts',
    'src/text/line-window.ts',
    'src/search/search-file.ts',
    'src/search/search-text.ts',
    'src/search/line-cap.ts',
    'src/vault/vault.ts',
    'src/vault/call-tool.ts',
    'src/vault/check-write-path.ts',
    'src/vault/read-text.ts',
    'src/vault/write-text.ts',
  ],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 90, break: 90 },
  concurrency: 2,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // A second run retests only the mutants whose code or tests changed (the file stays on this machine).
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
};
