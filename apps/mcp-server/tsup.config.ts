import path from 'node:path';
import { defineConfig } from 'tsup';
import { nodeBin } from '../../tsup.node-bin.js';

// Stand-ins keep start-up code out of the bundle:
// - the SDK's Ajv validator: the server only uses it for elicitation answers, which it never asks for;
// - zod 3 and zod-to-json-schema: the SDK's support for zod 3 schemas, and every schema here is zod 4;
// - zod's index of 40-odd locales: messages are English, and `en` is all that is kept.
export default defineConfig(
  nodeBin('src/vault-mcp.ts', {
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
  }),
);
