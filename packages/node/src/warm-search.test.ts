import { readFileSync, statSync } from 'node:fs';
import { rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createVault, type ToolInput, type Vault } from '@vault/core';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNodeFs, type NodeVaultFs } from './create-node-fs.js';

// The built worker (turbo builds before testing).
const searchWorker = new URL('../dist/search-worker.js', import.meta.url);
/** The time budget of a search whose time is not what a test checks: a safety net, for a busy machine. */
const generousBudget = 300_000;
const searchMemory = 64 * 1024 * 1024;
/** Files kept as soon as they are read: this machine's file system stamps each write apart (the settle time has a test of its own). */
const searchSettleTime = 0;

/** Files enough that TextSearch hands them to the workers (from 100 on). */
const notes = Array.from({ length: 150 }, (_, index) => `notes/${index % 5}/${String(index).padStart(3, '0')}.md`);
const seed = () => Object.fromEntries(notes.map((note, index) => [note, `# Note ${index}\nalpha beta\n${index % 3 === 0 ? 'gamma here\n' : 'nothing\n'}`]));

/**
 * Reads the files into the workers until every one is kept. A file is kept only once it has not
 * changed for the settle time (see `racyMargin`), so a vault written just now is read again until
 * then: this waits on that, not on a fixed delay.
 */
async function warmUntilKept(fs: NodeVaultFs, files: number) {
  for (;;) {
    if ((await fs.warmSearch()).files >= files) return;
  }
}

let folder: TempFolder;
let fs: NodeVaultFs;
let warm: Vault;
/** The same folder searched on the main thread, from disk, with nothing kept: the truth. */
let fromDisk: Vault;

beforeEach(async () => {
  folder = await createTempFolder(seed());
  fs = await createNodeFs(folder.path, { searchWorker, searchMemory, searchSettleTime });
  warm = createVault(fs, { searchTimeout: generousBudget });
  fromDisk = createVault(await createNodeFs(folder.path, { searchWorkers: 0 }), { searchTimeout: generousBudget });
  await warmUntilKept(fs, notes.length);
});
afterEach(async () => {
  await fs.close();
  await folder.remove();
});

/** Searches both ways and expects the same answer; gives it. */
async function searchBoth(input: ToolInput<'TextSearch'>) {
  const expected = await fromDisk.call('TextSearch', input);
  expect(await warm.call('TextSearch', input)).toEqual(expected);
  return expected;
}

const everything = { outputMode: 'files_only', maxResults: 1000 } as const;

describe('warm search: files changed behind its back are searched as they are now', () => {
  it('keeps the files, and answers from them as from disk', async () => {
    expect((await fs.warmSearch()).files).toBe(notes.length);
    expect((await searchBoth({ query: 'gamma', ...everything })).totalFiles).toBe(50);
    expect((await searchBoth({ query: 'alpha', contextLines: 1 })).totalFiles).toBe(150);
  });

  it('sees a file rewritten in place with new text of the same size (an edit of an editor that writes in place)', async () => {
    const file = path.join(folder.path, notes[1]!);
    const before = readFileSync(file, 'utf8');
    await writeFile(file, before.replace('nothing', 'gammas!'));
    expect(readFileSync(file).length).toBe(Buffer.byteLength(before));
    const found = await searchBoth({ query: 'gamma', ...everything });
    expect(found.files.map((found) => found.path)).toContain(notes[1]);
  });

  it('sees a file renamed, deleted, and replaced through a rename (an atomic save)', async () => {
    await rename(path.join(folder.path, notes[0]!), path.join(folder.path, 'notes/renamed.md'));
    await rm(path.join(folder.path, notes[3]!));
    await writeFile(path.join(folder.path, 'notes/new.tmp'), 'gamma written elsewhere, then moved over the note\n');
    await rename(path.join(folder.path, 'notes/new.tmp'), path.join(folder.path, notes[6]!));
    const found = await searchBoth({ query: 'gamma', ...everything });
    expect(found.files.map((found) => found.path)).toEqual(expect.arrayContaining(['notes/renamed.md', notes[6]]));
    expect(found.files.map((found) => found.path)).not.toContain(notes[0]);
    expect(found.files.map((found) => found.path)).not.toContain(notes[3]);
    expect((await searchBoth({ query: 'moved over', ...everything })).totalFiles).toBe(1);
  });

  it('sees a file touched without a change, and one changed with the same size whose times are set back', async () => {
    const touched = path.join(folder.path, notes[9]!);
    await utimes(touched, new Date(), new Date());
    // A time a file system keeps exactly (whole seconds), kept by the workers with the file.
    const changed = path.join(folder.path, notes[12]!);
    await utimes(changed, 1_700_000_000, 1_700_000_000);
    await warmUntilKept(fs, notes.length);
    const before = statSync(changed);
    await writeFile(changed, readFileSync(changed, 'utf8').replace('gamma here', 'delta here'));
    // As `touch -d` or an archive tool would: the old modification time back. Only the change time tells.
    await utimes(changed, 1_700_000_000, 1_700_000_000);
    expect([statSync(changed).size, statSync(changed).mtimeMs, statSync(changed).ino]).toEqual([before.size, before.mtimeMs, before.ino]);
    await searchBoth({ query: 'gamma', ...everything });
    expect((await searchBoth({ query: 'delta', ...everything })).files.map((found) => found.path)).toEqual([notes[12]]);
  });

  it('sees a burst of 1,000 changes', async () => {
    for (let change = 0; change < 1000; change += 1) {
      const note = notes[change % notes.length]!;
      await writeFile(path.join(folder.path, note), `# Note\nchange ${change}\n${change % 7 === 0 ? 'gamma\n' : ''}`);
    }
    const found = await searchBoth({ query: 'gamma', ...everything });
    // The last write of each note decides: change 850 to 999.
    expect(found.totalFiles).toBe(Array.from({ length: 150 }, (_, index) => 850 + index).filter((change) => change % 7 === 0).length);
    expect((await searchBoth({ query: 'change 9\\d\\d$', regex: true, ...everything })).totalFiles).toBe(100);
  });

  it('keeps a file changed within the settle time only once it settles, and stays exact meanwhile', async () => {
    const settling = await createNodeFs(folder.path, { searchWorker, searchMemory, searchSettleTime: 60_000 });
    try {
      await writeFile(path.join(folder.path, notes[2]!), 'gamma again\n');
      // Every other file was written when the test began, within the minute too: none is kept yet.
      expect(await settling.warmSearch()).toEqual({ files: 0, bytes: 0 });
      const input = { query: 'gamma again', ...everything };
      expect(await createVault(settling, { searchTimeout: generousBudget }).call('TextSearch', input)).toEqual(await fromDisk.call('TextSearch', input));
    } finally {
      await settling.close();
    }
    await writeFile(path.join(folder.path, notes[2]!), 'gamma once more\n');
    await warmUntilKept(fs, notes.length);
    expect((await searchBoth({ query: 'gamma once more', ...everything })).totalFiles).toBe(1);
  });

  it('answers exactly while the files are still being read in the background', async () => {
    const other = await createNodeFs(folder.path, { searchWorker, searchMemory, searchSettleTime });
    try {
      const filling = other.warmSearch();
      const during = createVault(other, { searchTimeout: generousBudget });
      const [, found] = await Promise.all([filling, during.call('TextSearch', { query: 'gamma', ...everything })]);
      expect(found).toEqual(await fromDisk.call('TextSearch', { query: 'gamma', ...everything }));
    } finally {
      await other.close();
    }
  });
});

describe('warm search: the memory bound', () => {
  it('keeps no more than the bound, and reads the rest from disk, exactly', async () => {
    const bound = 20_000;
    const small = await createNodeFs(folder.path, { searchWorker, searchMemory: bound, searchWorkers: 2, searchSettleTime });
    try {
      const kept = await small.warmSearch();
      expect(kept.bytes).toBeLessThanOrEqual(bound);
      expect(kept.files).toBeGreaterThan(0);
      expect(kept.files).toBeLessThan(notes.length);
      const input = { query: 'gamma', contextLines: 1, maxResults: 500 };
      expect(await createVault(small, { searchTimeout: generousBudget }).call('TextSearch', input)).toEqual(await fromDisk.call('TextSearch', input));
    } finally {
      await small.close();
    }
  });

  it('keeps nothing without searchMemory', async () => {
    const none = await createNodeFs(folder.path, { searchWorker });
    try {
      expect(await none.warmSearch()).toEqual({ files: 0, bytes: 0 });
    } finally {
      await none.close();
    }
  });
});

describe('closing the backend', () => {
  let vaults: TempFolder[];
  beforeAll(async () => {
    vaults = await Promise.all(Array.from({ length: 10 }, () => createTempFolder(seed())));
  });
  afterAll(async () => {
    await Promise.all(vaults.map((vault) => vault.remove()));
  });

  /** The threads of this process (Linux), or undefined elsewhere. */
  const threads = () => Number(/^Threads:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
  const workers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Worker').length;

  it('releases the workers of 10 vaults opened and searched in one process, and their memory', async () => {
    const before = { threads: threads(), workers: workers() };
    const opened = await Promise.all(vaults.map((vault) => createNodeFs(vault.path, { searchWorker, searchMemory, searchWorkers: 2, searchSettleTime })));
    for (const backend of opened) expect((await createVault(backend, { searchTimeout: generousBudget }).call('TextSearch', { query: 'gamma', ...everything })).totalFiles).toBe(50);
    expect(threads()).toBeGreaterThanOrEqual(before.threads + 20);
    // One closed by close(), the others by Symbol.asyncDispose (what `await using` calls).
    await opened[0]!.close();
    await Promise.all(opened.slice(1).map((backend) => backend[Symbol.asyncDispose]()));
    expect(workers()).toBe(before.workers);
    // A thread is gone once the kernel has reaped it, which may follow the worker's exit by a moment.
    while (threads() > before.threads) await new Promise((resolve) => setImmediate(resolve));
    expect(threads()).toBeLessThanOrEqual(before.threads);
  });

  it('fails a search running when it is closed, and any search after, with a clear error', async () => {
    const backend = await createNodeFs(vaults[0]!.path, { searchWorker, searchMemory, searchSettleTime });
    const vault = createVault(backend, { searchTimeout: generousBudget });
    const running = vault.call('TextSearch', { query: 'gamma', ...everything });
    await backend.close();
    await expect(running).rejects.toMatchObject({ code: 'IO_ERROR', message: expect.stringContaining('closed') });
    await expect(vault.call('TextSearch', { query: 'gamma', ...everything })).rejects.toMatchObject({ code: 'IO_ERROR', message: expect.stringContaining('Open it again') });
    // Reading still works: only the search workers are gone.
    expect((await vault.call('TextRead', { filePath: notes[0]! })).totalLines).toBe(3);
  });
});

describe('a search worker that is not there', () => {
  it('warns once, naming the file and the way out, and searches on the main thread', async () => {
    const warnings: Error[] = [];
    const listen = (warning: Error) => warnings.push(warning);
    process.on('warning', listen);
    try {
      const missing = new URL('./no-such-worker.js', import.meta.url);
      const backend = await createNodeFs(folder.path, { searchWorker: missing });
      await createNodeFs(folder.path, { searchWorker: missing });
      expect(backend.searchFiles).toBeUndefined();
      expect((await createVault(backend).call('TextSearch', { query: 'gamma', ...everything })).totalFiles).toBe(50);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => process.nextTick(resolve));
      const ours = warnings.filter((warning) => (warning as Error & { code?: string }).code === 'VAULT_NO_SEARCH_WORKER');
      expect(ours).toHaveLength(1);
      expect(ours[0]!.message).toMatch(/no-such-worker\.js is missing.*searchWorker option/);
    } finally {
      process.off('warning', listen);
    }
  });
});
