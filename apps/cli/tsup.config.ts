import { defineConfig } from 'tsup';

// One bundled, minified file, so that the command starts fast and needs no node_modules.
export default defineConfig({
  entry: ['src/vault.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  noExternal: [/.*/],
  minify: true,
  clean: true,
  // Bundled CommonJS dependencies (commander, picocolors, write-file-atomic, picomatch) expect require and __filename.
  banner: {
    js: [
      '#!/usr/bin/env node',
      "import { createRequire as __createRequire } from 'node:module';",
      "import { fileURLToPath as __fileURLToPath } from 'node:url';",
      'const require = __createRequire(import.meta.url);',
      'const __filename = __fileURLToPath(import.meta.url);',
    ].join('\n'),
  },
});
