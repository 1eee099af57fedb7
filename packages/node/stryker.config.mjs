// `pnpm mutate` (from the root), for the Node backend's safety code: path pinning, the file lock and
// the atomic replace. See packages/core/stryker.config.mjs and docs/decisions/0009-mutation-testing.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  coverageAnalysis: 'perTest',
  mutate: ['src/disk/create-pinned-paths.ts', 'src/disk/with-file-lock.ts', 'src/disk/replace-file.ts'],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
  concurrency: 2,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
};
