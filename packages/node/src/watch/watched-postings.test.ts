import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createVault, type ToolInput, type Vault } from '@vault/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createNodeFs } from '../disk/create-node-fs.js';
import { generousBudget, notes, searchSettleTime, searchWorker, untilWatched, useWarmVault, warmUntilKept } from '../__fixtures__/warm-search-fixture.js';

// The postings compared with a search from disk on random changes and random queries: each run changes
// the vault behind the backend's back (writes, removals, renames, binary files) and asks queries of
// every kind a few words can make; the answer must be the same as the workers' reading every file now
// (RE2 on the main thread reads a regex as V8 does, decision 0026, but runs slower on every line).

const vault = useWarmVault({ watch: true });

const words = ['alpha', 'Beta', 'gamma', 'straße', 'ſun', 'Kelvin', 'x1', 'needle'];
const text = fc.array(fc.constantFrom(...words, ' ', '\n', '## '), { maxLength: 30 }).map((parts) => parts.join(''));
type Change = { write: number; text: string } | { binary: number } | { remove: number } | { move: number; to: number };
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ write: fc.nat(notes.length - 1), text }),
  fc.record({ binary: fc.nat(notes.length - 1) }),
  fc.record({ remove: fc.nat(notes.length - 1) }),
  fc.record({ move: fc.nat(notes.length - 1), to: fc.nat(20) }),
);
const query: fc.Arbitrary<ToolInput<'TextSearch'>> = fc.oneof(
  fc.record({ query: fc.constantFrom(...words, 'alp', 'ETA', 'sun', 'kel', 'eedl', 'a b') }),
  fc.record({ query: fc.constantFrom('\\b(alpha|needle)\\b', 'gam+a', '^## .*Beta', 'stra(ß|ss)e', 'x[0-9]', 'needle|x1'), regex: fc.constant(true) }),
);

const filler = 'lorem ipsum dolor sit amet\n'.repeat(80);

/** Makes a change behind the backend's back; a change to a file no longer there makes nothing. */
async function make(folder: string, step: Change) {
  const at = (index: number) => path.join(folder, notes[index]!);
  try {
    if ('write' in step) await writeFile(at(step.write), step.text);
    else if ('binary' in step) await writeFile(at(step.binary), Buffer.from([0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0xff, 0x00]));
    else if ('remove' in step) await rm(at(step.remove), { force: true });
    else {
      await mkdir(path.join(folder, 'moved'), { recursive: true });
      await rename(at(step.move), path.join(folder, `moved/${step.to}.md`));
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Random changes behind the backend's back, then random queries: `searched` answers as the workers reading every file from disk, in both output modes. */
async function checkAgainstDisk(searched: Vault, numRuns: number) {
  await using cold = await createNodeFs(vault.folder.path, { searchWorker });
  const fromDisk = createVault(cold, { searchTimeout: generousBudget });
  const searchBoth = async (input: ToolInput<'TextSearch'>) =>
    expect(await searched.call('TextSearch', input)).toEqual(await fromDisk.call('TextSearch', input));
  await fc.assert(
    fc.asyncProperty(fc.array(change, { minLength: 2, maxLength: 12 }), fc.array(query, { minLength: 1, maxLength: 4 }), async (changes, queries) => {
      for (const step of changes) await make(vault.folder.path, step);
      for (const input of queries) {
        await searchBoth({ ...input, outputMode: 'files_only', maxResults: 1000 });
        await searchBoth({ ...input, contextLines: 1, maxResults: 20 });
      }
    }),
    { numRuns },
  );
}

describe('the postings: a watched search answers as a search from disk, after random changes', () => {
  it('on random changes and random queries, both output modes', async () => {
    await checkAgainstDisk(vault.warm, 25);
  });

  it('with room for the postings of every file but not for every text: the candidates not held are read from disk, exactly (random changes and queries)', async () => {
    // Notes of a few KB (a filler no query finds), so that their texts outweigh their postings.
    await Promise.all(notes.map((note, index) => writeFile(path.join(vault.folder.path, note), `# Note ${index}\nalpha gamma\n${filler}`)));
    // The bound: twice what one worker's postings and entries take of the whole vault (room for a list
    // arena to grow), and half its texts (their folded copies, which go first, left out).
    const whole = await createNodeFs(vault.folder.path, { searchWorker, searchMemory: 64 * 1024 * 1024, searchWorkers: 1, searchSettleTime });
    const all = await whole.warmSearch().finally(() => whole.close());
    expect(all.files).toBe(notes.length);
    const searchMemory = (all.bytes - all.textBytes - all.foldedBytes) * 2 + Math.floor(all.textBytes / 2);
    await using bounded = await createNodeFs(vault.folder.path, { searchWorker, searchMemory, searchWorkers: 1, searchSettleTime, watch: true });
    await untilWatched(bounded);
    await warmUntilKept(bounded, notes.length);
    const kept = await bounded.warmSearch();
    expect(kept.texts).toBeGreaterThan(0);
    expect(kept.texts).toBeLessThan(notes.length);
    await checkAgainstDisk(createVault(bounded, { searchTimeout: generousBudget }), 15);
    expect((await bounded.warmSearch()).bytes).toBeLessThanOrEqual(searchMemory);
  });

  it('with the memory bound reached: the files past it are read from disk, exactly', async () => {
    const small = await createNodeFs(vault.folder.path, { searchWorker, searchMemory: 60_000, searchWorkers: 2, searchSettleTime, watch: true });
    try {
      await untilWatched(small);
      const kept = await small.warmSearch();
      expect(kept.bytes).toBeLessThanOrEqual(60_000);
      expect(kept.files).toBeLessThan(notes.length);
      const bounded = createVault(small, { searchTimeout: generousBudget });
      for (const input of [{ query: 'gamma' }, { query: 'Note 1', outputMode: 'files_only' as const, maxResults: 1000 }]) {
        expect(await bounded.call('TextSearch', input)).toEqual(await vault.fromDisk.call('TextSearch', input));
      }
      await writeFile(path.join(vault.folder.path, notes[5]!), 'gamma, written once the bound was reached\n');
      await rm(path.join(vault.folder.path, notes[9]!));
      const input = { query: 'gamma', contextLines: 1, maxResults: 200 };
      expect(await bounded.call('TextSearch', input)).toEqual(await vault.fromDisk.call('TextSearch', input));
      expect((await small.warmSearch()).bytes).toBeLessThanOrEqual(60_000);
    } finally {
      await small.close();
    }
  });
});
