import { defineConfig } from 'tsup';

// One bundled, minified file (plus a chunk that only --http loads), so that the server starts fast.
export default defineConfig({
  entry: ['src/vault-mcp.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  noExternal: [/.*/],
  splitting: true,
  minify: true,
  metafile: true,
  clean: true,
  banner: { js: "#!/usr/bin/env node\nimport { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);" },
  esbuildPlugins: [
    {
      name: 'no-json-schema-validator',
      setup(build) {
        build.onResolve({ filter: /validation\/ajv-provider\.js$/ }, () => ({ path: new URL('./src/no-json-schema-validator.ts', import.meta.url).pathname }));
      },
    },
  ],
});
