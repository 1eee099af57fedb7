import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

// For `pnpm mutate`: every test but those on inputs of megabytes ("[large input]" in their names),
// which would take minutes for each mutant they cover. `pnpm test` runs them all.
export default mergeConfig(base, defineConfig({ test: { testNamePattern: /^(?!.*\[large input\])/ } }));
