import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/bench.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  clean: true,
  skipNodeModulesBundle: true,
});
