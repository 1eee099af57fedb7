import { defineConfig } from 'vitest/config';

// The set-up packs (each package's prepack runs turbo) and runs `npm install` from the registry once
// for every test file (src/global-setup.ts): minutes on a loaded machine, with no time limit of
// vitest's. The test timeout is a safety net against a hung step, never a speed check.
export default defineConfig({
  // Vite's server conditions without `development`, under which @arethetypeswrong/core exports the
  // TypeScript sources it does not ship: packages resolve as Node resolves them.
  ssr: { resolve: { conditions: ['module', 'node'] } },
  test: {
    globalSetup: './src/global-setup.ts',
    testTimeout: 600_000,
  },
});
