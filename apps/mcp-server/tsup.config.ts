import path from 'node:path';
import { defineConfig } from 'tsup';

// One bundled, minified file (plus a chunk that only --http loads), so that the server starts fast.
// Stand-ins keep start-up code out of the bundle:
// - the SDK's Ajv validator: the server only uses it for elicitation answers, which it never asks for;
// - zod 3 and zod-to-json-schema: the SDK's support for zod 3 schemas, and every schema here is zod 4;
// - zod's index of 40-odd locales: messages are English, and `en` is all that is kept.
export default defineConfig({
  entry: ['src/vault-mcp.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  noExternal: [/.*/],
  splitting: true,
  minify: true,
  clean: true,
  // Bundled CommonJS dependencies (write-file-atomic, picomatch) expect require and __filename.
  banner: {
    js: [
      '#!/usr/bin/env node',
      "import { createRequire as __createRequire } from 'node:module';",
      "import { fileURLToPath as __fileURLToPath } from 'node:url';",
      'const require = __createRequire(import.meta.url);',
      'const __filename = __fileURLToPath(import.meta.url);',
    ].join('\n'),
  },
  esbuildPlugins: [
    {
      name: 'start-up-stand-ins',
      setup(build) {
        build.onResolve({ filter: /validation\/ajv-provider\.js$/ }, () => ({ path: new URL('./src/no-json-schema-validator.ts', import.meta.url).pathname }));
        build.onResolve({ filter: /^(zod\/v3|zod-to-json-schema)$/ }, () => ({ path: new URL('./src/no-zod-v3.ts', import.meta.url).pathname }));
        build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
          args.importer.includes(`${path.sep}zod${path.sep}`) ? { path: path.join(args.resolveDir, '../locales/en.js'), namespace: 'zod-english' } : undefined,
        );
        build.onLoad({ filter: /.*/, namespace: 'zod-english' }, (args) => ({
          contents: `export { default as en } from ${JSON.stringify(args.path)};`,
          resolveDir: path.dirname(args.path),
        }));
      },
    },
  ],
});
