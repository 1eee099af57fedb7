import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createVault, isVaultError, type Vault } from '@vault/core';
import { createTempFolder, readFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFs } from './create-node-fs.js';

const rounds = process.env.VAULT_LONG_TESTS ? 1500 : 300;

// The attacker: a separate process that swaps symlinks to `outside/` in and out, as fast as it can.
// `vault/d` (a folder) is moved aside and a symlink to `outside` put in its place, then put back;
// `vault/f.md` is replaced by a symlink to `outside/f.md`, then by a file again.
const swapper = `
import { renameSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
const [parent] = process.argv.slice(2);
const at = (name) => parent + '/' + name;
const attempt = (step) => { try { step(); } catch {} };
process.stdout.write('ready\\n');
for (let swap = 0; ; swap += 1) {
  attempt(() => renameSync(at('vault/d'), at('work/held')));
  attempt(() => symlinkSync(at('outside'), at('vault/d')));
  attempt(() => unlinkSync(at('vault/d')));
  attempt(() => renameSync(at('work/held'), at('vault/d')));
  attempt(() => symlinkSync(at('outside/f.md'), at('work/link')));
  attempt(() => renameSync(at('work/link'), at('vault/f.md')));
  attempt(() => writeFileSync(at('work/file'), 'inside f\\n'));
  attempt(() => renameSync(at('work/file'), at('vault/f.md')));
}
`;

let parent: TempFolder;
let vault: Vault;
beforeAll(async () => {
  // Outside, the same names hold text the tools' edits would match, plus a SECRET line a read must never return.
  parent = await createTempFolder({
    'vault/d/a.md': 'inside a\n',
    'vault/f.md': 'inside f\n',
    'outside/a.md': 'inside a\nSECRET\n',
    'outside/new.md': 'inside new\nSECRET\n',
    'outside/f.md': 'inside f\nSECRET\n',
    'outside/secret-only.md': 'SECRET\n',
    'work/swapper.mjs': swapper,
  });
  // With the built search worker, as the server runs: a regex search goes to the workers.
  // A generous search budget: a search that runs out of time would only be a coded error, but the race is what is tested.
  vault = createVault(await createNodeFs(path.join(parent.path, 'vault'), { searchWorker: new URL('../dist/search-worker.js', import.meta.url) }), {
    searchTimeout: 300_000,
  });
});
afterAll(async () => parent.remove());

/** One round of tool calls on the paths being swapped, each allowed to fail with a coded error. */
const calls: [string, Record<string, unknown>][] = [
  ['TextRead', { filePath: 'd/a.md' }],
  ['TextRead', { filePath: 'f.md' }],
  ['TextEdit', { filePath: 'd/a.md', oldString: 'inside a', newString: 'inside a, edited' }],
  ['TextEdit', { filePath: 'd/a.md', oldString: 'inside a, edited', newString: 'inside a' }],
  ['TextEdit', { filePath: 'f.md', oldString: 'inside f', newString: 'inside f, edited' }],
  ['TextCreate', { filePath: 'd/new.md', content: 'owned\n', overwrite: true, createDirectories: false }],
  ['TextCreate', { filePath: 'f.md', content: 'owned\n', overwrite: true }],
  ['ListFiles', { directoryPath: 'd' }],
  ['TextSearch', { query: 'SECRET' }],
  ['TextSearch', { query: 'SECRET', directoryPath: 'd' }],
  ['TextSearch', { query: 'SEC+RET', regex: true }],
  ['Move', { sourcePath: 'd/a.md', destinationPath: 'd/b.md' }],
  ['Move', { sourcePath: 'd/b.md', destinationPath: 'd/a.md' }],
  ['RemoveFile', { filePath: 'd/new.md' }],
];

describe('a symlink swapped in between the check and the use', () => {
  it(`never lets a tool read, create or change anything outside the vault (${rounds} rounds of ${calls.length} calls)`, async () => {
    const outsideBefore = await readFolder(path.join(parent.path, 'outside'));
    const attacker = spawn(process.execPath, [path.join(parent.path, 'work/swapper.mjs'), parent.path], { stdio: ['ignore', 'pipe', 'inherit'] });
    await once(attacker.stdout, 'data');
    const outcomes = new Map<string, number>();
    const leaks: string[] = [];
    try {
      for (let round = 0; round < rounds; round += 1) {
        for (const [tool, input] of calls) {
          const outcome = await vault.call(tool as 'TextRead', input as never).then(
            (output) => {
              if (JSON.stringify(output).includes('SECRET') || JSON.stringify(output).includes('secret-only')) leaks.push(`${tool} ${JSON.stringify(output)}`);
              return 'ok';
            },
            (error: unknown) => (isVaultError(error) ? error.code : `uncoded: ${String(error)}`),
          );
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        }
      }
    } finally {
      attacker.kill('SIGKILL');
      await once(attacker, 'exit');
    }
    expect(leaks).toEqual([]);
    expect(await readFolder(path.join(parent.path, 'outside'))).toEqual(outsideBefore);
    expect([...outcomes.keys()].filter((outcome) => outcome.startsWith('uncoded'))).toEqual([]);
    // The race was really run: calls both succeeded and met the swapped-in links.
    expect(outcomes.get('ok')).toBeGreaterThan(0);
    expect(outcomes.get('PATH_OUTSIDE_VAULT')).toBeGreaterThan(0);
    // Thousands of calls racing another process: a long safety net (10 min per 300 rounds), not a speed check.
  }, rounds * 2_000);
});
