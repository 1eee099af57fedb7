import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Options } from 'tsup';

/** @vault/node's search worker, which a bundle must carry beside it as `search-worker.js`. */
const searchWorker = fileURLToPath(new URL('./packages/node/src/search/search-worker.ts', import.meta.url));

/**
 * The tsup options of a runnable bin (`bin`: its source file): a bundled, minified ESM entry for
 * Node 20 that starts fast and needs no node_modules, with code loaded by `import()` (the RE2
 * engine, ...) split into chunks, and the search worker beside it.
 * Bundled CommonJS dependencies (commander, picomatch, ...) expect `require`
 * and `__filename`, which the banner provides.
 */
export function nodeBin(bin: string, options: Options = {}): Options {
  return {
    entry: { [path.basename(bin, '.ts')]: bin, 'search-worker': searchWorker },
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
