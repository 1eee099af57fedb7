import { defineConfig } from 'vitest/config';

// The tests run twice: on `ai` 6 (the `ai` dev dependency) and on `ai` 7 (the `ai-v7` alias, put in
// place of `ai`, `ai/test` included), the two majors the peer range allows.
// Timeouts are only a safety net against a hung test, never a speed check: generous enough that the
// tests pass on a loaded machine (see AGENTS.md, "Speed budgets live in benchmarks").
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'ai 6', provide: { aiPackage: 'ai' } } },
      { extends: true, test: { name: 'ai 7', provide: { aiPackage: 'ai-v7' } }, resolve: { alias: [{ find: /^ai(\/.*)?$/, replacement: 'ai-v7$1' }] } },
    ],
  },
});
