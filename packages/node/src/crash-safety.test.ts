import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createVault } from '@vault/core';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFs } from './create-node-fs.js';

const files = ['a.md', 'b.md', 'notes/c.md'];
const versions = ['old', 'new'].map((name) => Array.from({ length: 60_000 }, (_, line) => `${name} line ${line}: the quick brown fox\n`).join(''));
const kills = 30;

// The writer: a separate process that rewrites the files through the tools, old and new in turn, until it is killed.
const writer = `
const [vaultPath, nodeUrl, coreUrl, versionsPath] = process.argv.slice(2);
const { createNodeFs } = await import(nodeUrl);
const { createVault } = await import(coreUrl);
const versions = JSON.parse(await (await import('node:fs/promises')).readFile(versionsPath, 'utf8'));
const vault = createVault(await createNodeFs(vaultPath));
process.stdout.write('ready\\n');
for (let round = 0; ; round += 1) {
  for (const filePath of ${JSON.stringify(files)}) await vault.call('TextCreate', { filePath, content: versions[round % 2], overwrite: true });
}
`;

let vault: TempFolder;
let scripts: TempFolder;
beforeAll(async () => {
  vault = await createTempFolder(Object.fromEntries(files.map((file) => [file, versions[0]!])));
  scripts = await createTempFolder({ 'writer.mjs': writer, 'versions.json': JSON.stringify(versions) });
});
afterAll(async () => {
  await vault.remove();
  await scripts.remove();
});

describe('crash safety', () => {
  it(`leaves every file whole, old or new, when the writing process is killed (SIGKILL) ${kills} times`, async () => {
    const nodeUrl = new URL('../dist/index.js', import.meta.url).href;
    const coreUrl = import.meta.resolve('@vault/core');
    const tools = createVault(await createNodeFs(vault.path));
    const seen = new Set<string>();
    for (let kill = 0; kill < kills; kill += 1) {
      const child = spawn(process.execPath, [path.join(scripts.path, 'writer.mjs'), vault.path, nodeUrl, coreUrl, path.join(scripts.path, 'versions.json')], { stdio: ['ignore', 'pipe', 'inherit'] });
      await once(child.stdout, 'data');
      await new Promise((resolve) => setTimeout(resolve, 5 + ((kill * 37) % 120)));
      child.kill('SIGKILL');
      await once(child, 'exit');
      for (const file of files) {
        const content = await readFile(path.join(vault.path, file), 'utf8');
        expect(versions.includes(content), `${file} after kill ${kill + 1}`).toBe(true);
        seen.add(content === versions[0] ? 'old' : 'new');
      }
      // Temp files a killed write leaves behind are never shown by the tools.
      expect((await tools.call('ListFiles', { directoryPath: '' })).files.map((entry) => entry.path)).toEqual(['a.md', 'b.md']);
      expect((await tools.call('ListFiles', { directoryPath: 'notes' })).files.map((entry) => entry.path)).toEqual(['notes/c.md']);
    }
    expect(seen).toEqual(new Set(['old', 'new']));
    // What a kill leaves on disk: only hidden temp files (.name.md.RANDOM.tmp) and a lock (.name.md.vault-lock,
    // which the next writer breaks, its holder being dead), beside their targets.
    const leftovers = (await readdir(vault.path, { recursive: true })).filter((name) => !files.includes(name) && name !== 'notes');
    for (const name of leftovers) expect(name).toMatch(/^(notes\/)?\.[abc]\.md\.([0-9a-f]{12}\.tmp|vault-lock(\.break)?)$/);
  }, 120_000);
});
