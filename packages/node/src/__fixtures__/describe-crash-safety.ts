import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createVault } from '@vault/core';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFs } from '../disk/create-node-fs.js';

const files = ['a.md', 'b.md', 'notes/c.md'];
const versions = ['old', 'new'].map((name) => Array.from({ length: 60_000 }, (_, line) => `${name} line ${line}: the quick brown fox\n`).join(''));
/** The 13 operation steps of a write (see below): each test file kills a writer once at each. */
const steps = 13;
/**
 * Writers killed at once, each on a vault of its own. Most of a kill is the writer starting (importing the
 * packages: about 0.3 s of the 0.5 s), so they start while the others write and are checked.
 */
const lanes = 3;

// The writer: a separate process that rewrites the files through the tools, old and new in turn, until it is
// killed: writes 1 to 3 put "old", 4 to 6 "new", 7 to 9 "old" again, and so on. So that the test can kill it at
// a point chosen by what it has done (never after some time), it says "writing" as it starts a write and "op" as
// it starts each file operation (open, rename, ...): the real ones, only reported. A lock whose holder is unknown
// (a kill between its creation and the writing of its holder) is broken once it is older than `staleAfter`: 1 s
// here instead of the default 10 s, so that such a kill costs the next writer a second (one writer at a time on
// each vault: any lock a writer meets is a killed writer's).
const writer = `
import { promises } from 'node:fs';
for (const name of ['open', 'writeFile', 'rename', 'link', 'rm', 'lstat', 'stat', 'realpath', 'mkdir']) {
  const operation = promises[name];
  promises[name] = function (...args) {
    process.stdout.write('op\\n');
    return operation.apply(this, args);
  };
}
const [vaultPath, nodeUrl, coreUrl, versionsPath] = process.argv.slice(2);
const { createNodeFs } = await import(nodeUrl);
const { createVault } = await import(coreUrl);
const versions = JSON.parse(await (await import('node:fs/promises')).readFile(versionsPath, 'utf8'));
const vault = createVault(await createNodeFs(vaultPath, { fileLock: { staleAfter: 1000 } }));
for (let round = 0; ; round += 1) {
  for (const filePath of ${JSON.stringify(files)}) {
    process.stdout.write('writing\\n');
    await vault.call('TextCreate', { filePath, content: versions[round % 2], overwrite: true });
  }
}
`;

/**
 * Kills writers 13 times, kills first + 1 to first + 13 of one series (each test file takes 13 in a row: every
 * step of a write once, in other writes than the other file's), and checks what each kill leaves on disk.
 */
export function describeCrashSafety(first: number) {
  let vaults: TempFolder[];
  let scripts: TempFolder;
  beforeAll(async () => {
    vaults = await Promise.all(Array.from({ length: lanes }, () => createTempFolder(Object.fromEntries(files.map((file) => [file, versions[0]!])))));
    scripts = await createTempFolder({ 'writer.mjs': writer, 'versions.json': JSON.stringify(versions) });
  });
  afterAll(async () => {
    await Promise.all(vaults.map((vault) => vault.remove()));
    await scripts.remove();
  });

  describe(`crash safety, kills ${first + 1} to ${first + steps}`, () => {
    it(`leaves every file whole, old or new, when the writing process is killed (SIGKILL) ${steps} times, once at each step of a write`, async () => {
      const nodeUrl = new URL('../../dist/index.js', import.meta.url).href;
      const coreUrl = import.meta.resolve('@vault/core');
      const seen = new Set<string>();
      // Kill after kill on its own vault: kills first + lane, first + lane + lanes, ...
      const killOnVault = async (vault: TempFolder, lane: number) => {
        const tools = createVault(await createNodeFs(vault.path));
        for (let kill = first + lane; kill < first + steps; kill += lanes) {
          const child = spawn(
            process.execPath,
            [path.join(scripts.path, 'writer.mjs'), vault.path, nodeUrl, coreUrl, path.join(scripts.path, 'versions.json')],
            { stdio: ['ignore', 'pipe', 'inherit'] },
          );
          const exited = once(child, 'exit');
          // Killed as it starts the Nth file operation of its Wth write, or as that write ends if it has fewer: W from 1
          // to 9, so kills land in writes of both versions (and from W = 5 on, after a whole write of "new"), and N from 1
          // to 13 (7 and 13 share no factor: any 13 kills in a row take every N once), so they land at every step of a
          // write (the temp file, the lock, the rename, the release).
          const [killWrite, killOperation] = [1 + (kill % 9), 1 + ((kill * 7) % 13)];
          let [write, operations] = [0, 0];
          for await (const line of createInterface({ input: child.stdout })) {
            if (line === 'writing' && write === killWrite) break;
            if (line === 'writing') [write, operations] = [write + 1, 0];
            else if (write === killWrite && ++operations === killOperation) break;
          }
          child.kill('SIGKILL');
          // Killed by the test, not ended by an error of its own.
          expect(await exited, `writer ${kill + 1}`).toEqual([null, 'SIGKILL']);
          for (const file of files) {
            const content = await readFile(path.join(vault.path, file), 'utf8');
            expect(versions.includes(content), `${file} after kill ${kill + 1}`).toBe(true);
            seen.add(content === versions[0] ? 'old' : 'new');
          }
          // Temp files a killed write leaves behind are never shown by the tools.
          expect((await tools.call('ListFiles', { directoryPath: '' })).files.map((entry) => entry.name)).toEqual(['a.md', 'b.md']);
          expect((await tools.call('ListFiles', { directoryPath: 'notes' })).files.map((entry) => entry.name)).toEqual(['c.md']);
        }
      };
      await Promise.all(vaults.map(killOnVault));
      expect(seen).toEqual(new Set(['old', 'new']));
      // What a kill leaves on disk: only hidden temp files (.name.md.RANDOM.tmp) and a lock (.name.md.vault-lock,
      // which the next writer breaks, its holder being dead), beside their targets.
      for (const vault of vaults) {
        const leftovers = (await readdir(vault.path, { recursive: true })).filter((name) => !files.includes(name) && name !== 'notes');
        for (const name of leftovers) expect(name).toMatch(/^(notes\/)?\.[abc]\.md\.([0-9a-f]{12}\.tmp|vault-lock(\.break)?)$/);
      }
      // Heavy (13 processes, each writing megabytes): a long safety net, not a speed check.
    }, 600_000);
  });
}
