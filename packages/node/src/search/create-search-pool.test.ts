import { getEventListeners } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileSearchPattern, type SearchedFile, type SearchFilesRequest, searchFileBytes } from '@vault/core/search-backend';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchWorker } from '../__fixtures__/built-search-worker.js';
import { createSearchPool } from './create-search-pool.js';

// The built worker (turbo builds before testing).

// No time limit is asserted: a stuck search ends only by its time budget or its signal, so a test
// that fails waits for vitest's own time-out, set generously.
const safetyNet = 60_000;

const notes = Array.from({ length: 200 }, (_, index) => `notes/${String(index).padStart(3, '0')}.md`);
/** An ordinary search: 200 files, four batches, with matches spread unevenly. */
const ordinary: SearchFilesRequest = {
  query: 'hello',
  regex: false,
  caseSensitive: false,
  contextLines: 1,
  maxShown: 100_000,
  maxFileSize: 1_000_000,
  timeout: 3_600_000,
};
/** "a.*(?=b)" on a million "a"s and no "b": a native regex backtracks for hours on that one line (and RE2 has no lookahead to take it). */
const stuck: SearchFilesRequest = {
  query: 'a.*(?=b)',
  regex: true,
  caseSensitive: false,
  contextLines: 0,
  maxShown: 100,
  maxFileSize: 10_000_000,
  timeout: 3_600_000,
};

let vault: TempFolder;
/** What the ordinary search must give: core's own search, file by file on this thread. */
let expected: SearchedFile[];
beforeAll(async () => {
  const seed: Record<string, string> = { 'stuck.md': `${'a'.repeat(1_000_000)}\n` };
  for (const [index, note] of notes.entries()) seed[note] = `title ${index}\n${'hello there\n'.repeat(index % 4)}the end\n`;
  vault = await createTempFolder(seed);
  const { matcher } = await compileSearchPattern(ordinary.query, ordinary.regex);
  expected = notes.flatMap((note) => searchFileBytes(note, readFileSync(path.join(vault.path, note)), matcher, ordinary) ?? []);
  expect(expected.length).toBeGreaterThan(100);
});
afterAll(async () => {
  await vault.remove();
});

describe('createSearchPool: a search that runs out of time', () => {
  it.each([
    ['ends in TIMEOUT and leaves a search running beside it alone', 2],
    ['gives the only worker, stuck, a fresh successor for the searches queued behind it', 1],
  ])(
    '%s',
    async (_label, workers) => {
      const pool = createSearchPool(searchWorker, { size: workers });
      const stopped = pool.search(vault.path, ['stuck.md'], { ...stuck, timeout: 200 });
      const other = pool.search(vault.path, notes, ordinary);
      await Promise.all([expect(stopped).rejects.toMatchObject({ code: 'TIMEOUT' }), expect(other).resolves.toEqual(expected)]);
    },
    safetyNet,
  );
});

describe('createSearchPool: a query the workers cannot compile', () => {
  it(
    'ends that search with INVALID_ARGUMENT, as core refuses the query, and the next search works',
    async () => {
      const pool = createSearchPool(searchWorker, { size: 1 });
      await expect(pool.search(vault.path, notes, { ...ordinary, query: '(unclosed', regex: true })).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining('is invalid'),
      });
      expect(await pool.search(vault.path, notes, ordinary)).toEqual(expected);
      await pool.close();
    },
    safetyNet,
  );
});

describe('createSearchPool: cancelling a search', () => {
  it(
    'rejects a stuck search with the reason, leaves the search beside it alone, and the next search works',
    async () => {
      const pool = createSearchPool(searchWorker, { size: 2 });
      const controller = new AbortController();
      const reason = new Error('cancelled by the test');
      const cancelled = expect(pool.search(vault.path, ['stuck.md'], { ...stuck, signal: controller.signal })).rejects.toBe(reason);
      // The stuck batch went out first; once the ordinary search is done, its worker is well into the regex.
      expect(await pool.search(vault.path, notes, ordinary)).toEqual(expected);
      controller.abort(reason);
      await cancelled;
      // Both workers busy with batches of the next search: the stuck one was replaced, not left running.
      expect(await pool.search(vault.path, notes, ordinary)).toEqual(expected);
    },
    safetyNet,
  );

  it(
    'replaces the only worker, stuck, so the searches queued behind it run',
    async () => {
      const pool = createSearchPool(searchWorker, { size: 1 });
      const controller = new AbortController();
      const reason = new Error('cancelled by the test');
      const cancelled = expect(pool.search(vault.path, ['stuck.md'], { ...stuck, signal: controller.signal })).rejects.toBe(reason);
      const queued = pool.search(vault.path, notes, ordinary);
      controller.abort(reason);
      await cancelled;
      expect(await queued).toEqual(expected);
      expect(await pool.search(vault.path, notes, ordinary)).toEqual(expected);
    },
    safetyNet,
  );

  it(
    'rejects a search whose signal is already aborted without giving a worker anything',
    async () => {
      // A stand-in worker that logs the files of each batch it is given, and whether a signal came with them.
      const folder = await createTempFolder();
      try {
        const log = path.join(folder.path, 'log.txt');
        const script = path.join(folder.path, 'logging-worker.mjs');
        writeFileSync(
          script,
          `import { appendFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
parentPort.on('message', (task) => {
  appendFileSync(${JSON.stringify(log)}, task.paths.join(',') + ('signal' in task.request ? ' with a signal' : '') + '\\n');
  parentPort.postMessage({ id: task.id, found: { places: task.paths.map((_, place) => place), counts: task.paths.map(() => 1), shown: [] } });
});
`,
        );
        const pool = createSearchPool(pathToFileURL(script), { size: 1 });
        const reason = new Error('cancelled before it began');
        await expect(pool.search(folder.path, ['first.md'], { ...ordinary, signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
        // The one worker takes batches in order: had the first search sent one, it would be logged first.
        // The second search's signal stays behind too (an AbortSignal cannot be cloned).
        const second = pool.search(folder.path, ['second.md'], { ...ordinary, signal: new AbortController().signal });
        expect(await second).toEqual([{ path: 'second.md', matches: 1, lines: [] }]);
        expect(readFileSync(log, 'utf8')).toBe('second.md\n');
      } finally {
        await folder.remove();
      }
    },
    safetyNet,
  );

  it(
    'leaves no listener on a long-lived signal, over searches of every pair of neighbouring notes, however they end',
    async () => {
      const pool = createSearchPool(searchWorker, { size: 2 });
      const controller = new AbortController();
      const { signal } = controller;
      // Each of the 150 pairs once (both on one worker, or one on each): a listener left behind shows at the
      // search that leaves it, so the 3,000 rounds this once ran (each pair 20 times) checked nothing more.
      for (let round = 0; round < 150; round += 1) {
        const paths = notes.slice(round % 150, (round % 150) + 2);
        const searching = pool.search(vault.path, paths, { ...ordinary, signal });
        expect(getEventListeners(signal, 'abort')).toHaveLength(1);
        expect(await searching).toEqual(expected.filter((file) => paths.includes(file.path)));
        expect(getEventListeners(signal, 'abort')).toHaveLength(0);
      }
      await expect(pool.search(vault.path, ['stuck.md'], { ...stuck, timeout: 100, signal })).rejects.toMatchObject({ code: 'TIMEOUT' });
      expect(getEventListeners(signal, 'abort')).toHaveLength(0);
      // Aborted long after those searches ended, the signal troubles nothing.
      controller.abort();
      expect(await pool.search(vault.path, notes, ordinary)).toEqual(expected);
    },
    safetyNet,
  );
});

describe('createSearchPool: the batches of paths its workers keep', () => {
  it(
    'sends a list of paths once, and again once its workers have dropped it: every answer stays whole',
    async () => {
      const pool = createSearchPool(pathToFileURL(searchWorker.pathname), { size: 2, warmBytes: 1024 * 1024, settleTime: 0 });
      try {
        const all = [...notes];
        const expectedOf = (paths: readonly string[]) => expected.filter((file) => paths.includes(file.path));
        expect(await pool.search(vault.path, all, ordinary)).toEqual(expected);
        // More lists than the workers keep (32 batches each): the first is dropped, then searched again.
        for (let list = 0; list < 40; list += 1) {
          const paths = notes.filter((_, index) => index % 40 !== list);
          expect(await pool.search(vault.path, paths, ordinary)).toEqual(expectedOf(paths));
        }
        expect(await pool.search(vault.path, all, ordinary)).toEqual(expected);
        expect((await pool.search(vault.path, all, { ...ordinary, query: 'title 177' })).map((file) => file.path)).toEqual([notes[177]]);
      } finally {
        await pool.close();
      }
    },
    safetyNet,
  );
});
