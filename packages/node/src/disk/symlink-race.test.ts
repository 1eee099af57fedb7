import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createVault, isVaultError, type Vault } from '@vault/core';
import { createTempFolder, readFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchWorker } from '../__fixtures__/built-search-worker.js';
import { createNodeFs, type NodeVaultFs } from './create-node-fs.js';

/**
 * How long to race. Not a number of rounds picked for its length, but until every call has been both
 * answered and refused at a swapped-in link (PATH_OUTSIDE_VAULT, or IO_ERROR for a link met at the
 * use) `timesMet` times, after at least `minRounds` rounds; `maxRounds` only turns a call that never
 * meets the attacker into a failure that names it. The calls go in `lanes` at once (as an MCP server's
 * clients do), so a call waiting on the thread pool or a search worker leaves the others racing.
 * Why that is enough: with the /proc/self/fd checks turned off (`descriptorPath` answering undefined,
 * as on a system without them), this test failed (a SECRET read or a file outside written) within 8
 * rounds in 11 runs of 12, and within 30 rounds in 8 of 8. The earlier fixed 1,500 rounds in CI (300
 * otherwise), one call at a time, took minutes on a loaded machine and proved no more.
 */
const minRounds = 60;
const timesMet = 3;
const maxRounds = 3000;
const lanes = 4;

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

// Unwatched, every path is checked by realpath first; watched, a file in a watched folder is opened at its path, the descriptor's /proc path the proof.
describe.each([{ watch: false }, { watch: true }])('a symlink swapped in between the check and the use (%o)', ({ watch }) => {
  let parent: TempFolder;
  let vault: Vault;
  let nodeFs: NodeVaultFs;
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
    nodeFs = await createNodeFs(path.join(parent.path, 'vault'), { searchWorker: searchWorker, watch, onWatchNotice: () => {} });
    vault = createVault(nodeFs, {
      searchTimeout: 300_000,
    });
  });
  afterAll(async () => {
    await nodeFs.close();
    await parent.remove();
  });

  it(`never lets a tool read, create or change anything outside the vault (${calls.length} calls in ${lanes} lanes, until each met the attacker ${timesMet} times both ways)`, async () => {
    const outsideBefore = await readFolder(path.join(parent.path, 'outside'));
    const attacker = spawn(process.execPath, [path.join(parent.path, 'work/swapper.mjs'), parent.path], { stdio: ['ignore', 'pipe', 'inherit'] });
    await once(attacker.stdout, 'data');
    const outcomes = new Map<string, number>();
    const leaks: string[] = [];
    // For each call: how often it was answered, and how often refused at a link swapped in.
    const met = calls.map(() => ({ answered: 0, refused: 0 }));
    const metEnough = () => met.every(({ answered, refused }) => answered >= timesMet && refused >= timesMet);
    let rounds = 0;
    const lane = async () => {
      while (rounds < maxRounds && (rounds < minRounds || !metEnough())) {
        rounds += 1;
        for (const [index, [tool, input]] of calls.entries()) {
          const outcome = await vault.call(tool as 'TextRead', input as never).then(
            (output) => {
              if (JSON.stringify(output).includes('SECRET') || JSON.stringify(output).includes('secret-only')) leaks.push(`${tool} ${JSON.stringify(output)}`);
              return 'ok';
            },
            (error: unknown) => (isVaultError(error) ? error.code : `uncoded: ${String(error)}`),
          );
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
          if (outcome === 'ok') met[index]!.answered += 1;
          if (outcome === 'PATH_OUTSIDE_VAULT' || outcome === 'IO_ERROR') met[index]!.refused += 1;
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: lanes }, lane));
    } finally {
      attacker.kill('SIGKILL');
      await once(attacker, 'exit');
    }
    expect(leaks).toEqual([]);
    expect(await readFolder(path.join(parent.path, 'outside'))).toEqual(outsideBefore);
    expect([...outcomes.keys()].filter((outcome) => outcome.startsWith('uncoded'))).toEqual([]);
    // The race was really run: every call both succeeded and met the swapped-in links.
    expect(
      calls.filter((_, index) => met[index]!.answered < timesMet || met[index]!.refused < timesMet).map(([tool, input]) => `${tool} ${JSON.stringify(input)}`),
    ).toEqual([]);
    expect(outcomes.get('PATH_OUTSIDE_VAULT')).toBeGreaterThan(0);
    console.info(`symlink race: ${rounds} rounds, ${JSON.stringify(Object.fromEntries(outcomes))}`);
    // A safety net for a machine many times slower than this one, not a speed check.
  }, 600_000);
});
