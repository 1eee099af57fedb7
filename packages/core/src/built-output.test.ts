import { readdir, readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { describe, expect, it } from 'vitest';

const dist = new URL('../dist/', import.meta.url);

/** What a built file imports (statically or by `import()`), by specifier. */
async function importsOf(file: string): Promise<string[]> {
  const code = await readFile(new URL(file, dist), 'utf8');
  return [...code.matchAll(/(?:from\s*|import\s*\(?\s*|require\s*\(\s*)["']([^"']+)["']/g)].map((match) => match[1]!);
}

describe('the built @vault/core', () => {
  it('imports no Node built-in module (it runs on any JavaScript runtime)', async () => {
    // Every entry (the main one, the backend kit) and the chunks they share.
    const files = (await readdir(dist)).filter((file) => file.endsWith('.js'));
    expect(files).toEqual(expect.arrayContaining(['index.js', 'search-backend.js']));
    const specifiers = (await Promise.all(files.map(importsOf))).flat();
    expect(specifiers.length).toBeGreaterThan(0);
    const builtins = specifiers.filter((specifier) => specifier.startsWith('node:') || builtinModules.includes(specifier));
    expect(builtins).toEqual([]);
    expect(specifiers.filter((specifier) => specifier.includes('modelcontextprotocol'))).toEqual([]);
  });

  it('keeps the backend kit (@vault/core/search-backend) apart from the tools: it loads no schema, glob or YAML library', async () => {
    const loaded = new Set<string>();
    const visit = async (file: string) => {
      for (const specifier of await importsOf(file)) {
        if (!specifier.startsWith('./')) loaded.add(specifier);
        else if (!loaded.has(specifier)) {
          loaded.add(specifier);
          await visit(specifier.slice(2));
        }
      }
    };
    await visit('search-backend.js');
    expect([...loaded].filter((specifier) => !specifier.startsWith('./'))).toEqual(['re2js']);
  });
});
