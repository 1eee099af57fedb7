import type { Options } from 'tsup';

/**
 * The tsup options of a runnable bin: a bundled, minified ESM entry for Node 20 that starts fast and
 * needs no node_modules, with code loaded by `import()` (the RE2 engine, ...) split into chunks.
 * Bundled CommonJS dependencies (commander, write-file-atomic, picomatch, ...) expect `require`
 * and `__filename`, which the banner provides.
 */
export function nodeBin(options: Options): Options {
  return {
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    noExternal: [/.*/],
    splitting: true,
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
