import { defineConfig } from 'vitest/config';

// Packing and `npm install` from the registry take a while: the timeouts are a safety net against a
// hung step, never a speed check.
export default defineConfig({
  test: {
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
});
