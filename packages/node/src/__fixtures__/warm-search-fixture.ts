import { createVault, type ToolInput, type ToolOutput, type Vault } from '@vault/core';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterEach, beforeEach, expect } from 'vitest';
import { createNodeFs, type NodeVaultFs } from '../disk/create-node-fs.js';
import { searchWorker } from './built-search-worker.js';
import type { VaultWatchTuning } from '../watch/create-vault-watch.js';

export { searchWorker };

// What the warm-search test files share (warm-search, warm-search-burst, warm-search-settling,
// warm-search-memory-bound, search-workers-closed-or-missing): split by topic so that each file stays
// short in the test command.

/** The time budget of a search whose time is not what a test checks: a safety net, for a busy machine. */
export const generousBudget = 300_000;
export const searchMemory = 64 * 1024 * 1024;
/** Files kept as soon as they are read: this machine's file system stamps each write apart (the settle time has a test of its own). */
export const searchSettleTime = 0;

/** Files enough that TextSearch hands them to the workers (from 100 on). */
export const notes = Array.from({ length: 150 }, (_, index) => `notes/${index % 5}/${String(index).padStart(3, '0')}.md`);
export const seed = () =>
  Object.fromEntries(notes.map((note, index) => [note, `# Note ${index}\nalpha beta\n${index % 3 === 0 ? 'gamma here\n' : 'nothing\n'}`]));

export const everything = { outputMode: 'files_only', maxResults: 1000 } as const;

/**
 * Reads the files into the workers until every one is kept. A file is kept only once it has not
 * changed for the settle time (see `racyMargin`), so a vault written just now is read again until
 * then: this waits on that, not on a fixed delay.
 */
export async function warmUntilKept(fs: NodeVaultFs, files: number) {
  for (;;) {
    if ((await fs.warmSearch()).files >= files) return;
  }
}

export interface WarmVault {
  folder: TempFolder;
  fs: NodeVaultFs;
  warm: Vault;
  /** The same folder searched on the main thread, from disk, with nothing kept: the truth. */
  fromDisk: Vault;
  /** What the watch said, once each. */
  notices: string[];
  /** Searches both ways and expects the same answer; gives it. */
  searchBoth(input: ToolInput<'TextSearch'>): Promise<ToolOutput<'TextSearch'>>;
}

/** Waits until the watch has said something (a fault made on purpose): waits on that, not on a fixed delay. */
export async function untilNoticed(notices: readonly string[], count = 1) {
  while (notices.length < count) await new Promise((resolve) => setImmediate(resolve));
}

/** Waits until the backend's watch passes a sync point (it starts on the next turn of the event loop): waits on that, not on a fixed delay. */
export async function untilWatched(fs: NodeVaultFs) {
  while (!(await fs.sync!())) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Before each test, a new vault of the notes, every one kept by its backend's workers (with `watch`,
 * watched too, and every kept text taken as current after a sync point); removed after it.
 */
export function useWarmVault({ watch = false, watchTuning }: { watch?: boolean; watchTuning?: VaultWatchTuning } = {}): WarmVault {
  const vault = {
    async searchBoth(input) {
      const expected = await vault.fromDisk.call('TextSearch', input);
      expect(await vault.warm.call('TextSearch', input)).toEqual(expected);
      return expected;
    },
  } as WarmVault;
  beforeEach(async () => {
    vault.notices = [];
    vault.folder = await createTempFolder(seed());
    vault.fs = await createNodeFs(vault.folder.path, {
      searchWorker,
      searchMemory,
      searchSettleTime,
      watch,
      watchTuning,
      onWatchNotice: vault.notices.push.bind(vault.notices),
    });
    vault.warm = createVault(vault.fs, { searchTimeout: generousBudget });
    vault.fromDisk = createVault(await createNodeFs(vault.folder.path, { searchWorkers: 0 }), { searchTimeout: generousBudget });
    // A watch set to fail from the start says so: the test waits for what it says.
    if (watch && watchTuning === undefined) await untilWatched(vault.fs);
    await warmUntilKept(vault.fs, notes.length);
    // Once more, so the texts kept are taken as current from a search after a sync point on.
    if (watch) await vault.warm.call('TextSearch', { query: 'alpha', ...everything });
  });
  afterEach(async () => {
    await vault.fs.close();
    await vault.folder.remove();
  });
  return vault;
}
