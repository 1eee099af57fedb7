import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { repositoryRoot, run } from './pack-and-install.js';

const { project } = inject('installed');

describe(`the installed libraries, run (Node ${process.version})`, () => {
  it("runs the README's library snippet as an .mjs file in the project, and the libraries through require()", async () => {
    const readme = await readFile(path.join(repositoryRoot, 'README.md'), 'utf8');
    const snippet = /## Use the library\n[\s\S]*?```ts\n([^`]+)```/.exec(readme)?.[1];
    expect(snippet).toContain("createNodeFs('examples/vault')");
    await writeFile(path.join(project, 'use-the-library.mjs'), snippet!);
    await cp(path.join(repositoryRoot, 'examples/vault'), path.join(project, 'examples/vault'), { recursive: true });
    // The snippet and require.cjs touch nothing of each other's: started at once.
    const [output, required] = await Promise.all([
      run(process.execPath, ['use-the-library.mjs'], project),
      run(process.execPath, ['--no-warnings', 'require.cjs'], project),
    ]);
    expect(output).toMatch(/^1: # Todo\n/);
    expect(output).toContain("{ path: 'notes/windows-line-endings.md', matches: 1 }");
    expect(await readFile(path.join(project, 'examples/vault/todo.md'), 'utf8')).toContain('- [x] Ship the MCP server');
    expect(required).toBe('1 function function 10\n');
  });
});
