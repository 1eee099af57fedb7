import { defineConfig } from 'vitest/config';

// Packing (each package's prepack runs turbo) and `npm install` from the registry take minutes, many
// on a loaded machine (10 minutes were seen on Node 22 with both cores busy): the timeouts are a
// safety net against a hung step, never a speed check.
export default defineConfig({
  test: {
    testTimeout: 600_000,
    hookTimeout: 1_800_000,
  },
});
