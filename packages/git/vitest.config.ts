import { defineConfig } from 'vitest/config';

// Timeouts are only a safety net against a hung test, never a speed check: generous enough that the
// tests pass on a loaded machine (see AGENTS.md, "Speed budgets live in benchmarks"). The tests that
// do heavy work (crash safety, the symlink race, the large vault, the corpus search) set longer ones.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
