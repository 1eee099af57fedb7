import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { repositoryRoot, run } from './pack-and-install.js';
import { packed } from './packed.js';
import { withPackedServer } from './with-packed-server.js';

const { folder, project } = inject('installed');

describe(`the README's MCP Inspector set-up, on the installed server (Node ${process.version})`, () => {
  it("runs the README's MCP Inspector set-up with the packed server in place of the registry's", async () => {
    const readme = await readFile(path.join(repositoryRoot, 'README.md'), 'utf8');
    const server = packed('vault-text-mcp');
    const vault = path.join(folder, 'inspector-vault');
    await cp(path.join(repositoryRoot, 'examples/vault'), vault, { recursive: true });
    const listed = (stdout: string) => (JSON.parse(stdout) as { tools: { name: string }[] }).tools.length;

    const [direct, withNode] = /\*\*MCP Inspector\*\*[\s\S]*?```sh\n([^`]+)```/.exec(readme)![1]!.trim().split('\n');
    // The second line brings Node 22 for the Inspector, on any Node; the first runs as written where this Node is 22.19 or newer.
    const [, inspectorPackages, inspectorCommand] = /^npx (.+) -c '(.+)'$/.exec(withNode!)!;
    const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
    const directRuns = major > 22 || (major === 22 && minor >= 19);
    // Each line starts a server of its own, which only reads the vault: both started at once.
    const [byInspectorWithNode, byInspector] = await Promise.all([
      run('npx', [...inspectorPackages!.split(' '), '-c', withPackedServer(inspectorCommand!.split(' '), server, vault).join(' ')], project).then(listed),
      directRuns ? run('npx', withPackedServer(direct!.split(' ').slice(1), server, vault), project).then(listed) : undefined,
    ]);
    expect(byInspectorWithNode).toBe(11);
    if (directRuns) expect(byInspector).toBe(11);
  });
});
