import type { Options } from 'tsup';

/**
 * The tsup options of a runnable bin: one bundled, minified ESM file for Node 20, which starts fast
 * and needs no node_modules. Bundled CommonJS dependencies (commander, write-file-atomic,
 * picomatch, ...) expect `require` and `__filename`, which the banner provides.
 */
export function nodeBin(options: Options): Options {
  return {
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    noExternal: [/.*/],
    minify: true,
    clean: true,
    banner: {
      js: [
        '#!/usr/bin/env node',
        "import { createRequire as __createRequire } from 'node:module';",
        "import { fileURLToPath as __fileURLToPath } from 'node:url';",
        'const require = __createRequire(import.meta.url);',
        'const __filename = __fileURLToPath(import.meta.url);',
      ].join('\n'),
    },
    ...options,
  };
}
