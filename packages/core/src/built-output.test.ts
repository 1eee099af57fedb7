import { readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { describe, expect, it } from 'vitest';

describe('the built @vault/core', () => {
  it('imports no Node built-in module (it runs on any JavaScript runtime)', async () => {
    const code = await readFile(new URL('../dist/index.js', import.meta.url), 'utf8');
    const specifiers = [...code.matchAll(/(?:from\s*|import\s*\(?\s*|require\s*\(\s*)["']([^"']+)["']/g)].map((match) => match[1]!);
    expect(specifiers.length).toBeGreaterThan(0);
    const builtins = specifiers.filter((specifier) => specifier.startsWith('node:') || builtinModules.includes(specifier));
    expect(builtins).toEqual([]);
    expect(specifiers.filter((specifier) => specifier.includes('modelcontextprotocol'))).toEqual([]);
  });
});
