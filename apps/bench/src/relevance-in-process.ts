import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { EngineRun } from './relevance-baselines.js';
import type { RelevanceQuery } from './relevance-corpus.js';
import { serveQueryTimes, startTimedEngine, type TimedEngine } from './timed-engine.js';

/** What FindNotes did in-process: an engine's run, and the heap its notes hold once built (after a garbage collection). */
export interface InProcessRun extends EngineRun {
  heapBytes: number;
}

/**
 * The script: a vault on `folder` with the Node backend as `vault-mcp` makes it (the watch on, no
 * search workers), its first FindNotes timed (every note read and analysed: the build), then 20
 * warm-up queries and each query once, each `vault.call('FindNotes')` timed as the baselines time
 * theirs (in-process, in a process of its own). The answers of a query are `prefix` + its notes.
 * With `serve`, after the warm-up it times the queries asked (`serveQueryTimes`) instead.
 */
const script = (root: string, folder: string, prefix: string, findNotesMemory: number) => `
import { readFileSync } from 'node:fs';
const { createVault } = await import(${JSON.stringify(pathToFileURL(path.join(root, 'packages/core/dist/index.js')).href)});
const { createNodeFs } = await import(${JSON.stringify(pathToFileURL(path.join(root, 'packages/node/dist/index.js')).href)});
const queries = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const rss = () => process.memoryUsage().rss;
// The heap and the array buffers beside it (the notes' bytes FindNotes keeps are buffers, off the heap).
const held = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
const fs = await createNodeFs(${JSON.stringify(folder)}, { searchWorkers: 0, watch: true, onWatchNotice: (notice) => process.stderr.write(notice + '\\n') });
const vault = createVault(fs, { searchTimeout: 600000, findNotesMemory: ${findNotesMemory} });
const search = async (query) => (await vault.call('FindNotes', { query, maxResults: 10 })).notes.map((note) => note.path);
globalThis.gc();
const [before, heapBefore] = [rss(), held()];
const started = performance.now();
await search(queries[0].query);
const buildMilliseconds = performance.now() - started;
const memoryBytes = rss() - before;
globalThis.gc();
const heapBytes = held() - heapBefore;
process.stderr.write(\`bench: FindNotes in-process: built in \${Math.round(buildMilliseconds)} ms\n\`);
for (const { query } of queries.slice(0, 20)) await search(query);
${serveQueryTimes(true)}
const ranks = [];
const times = [];
for (const { query, answers } of queries) {
  const t = performance.now();
  const found = await search(query);
  times.push(performance.now() - t);
  if (times.length % 100 === 0) process.stderr.write(\`bench: FindNotes in-process: \${times.length} queries\n\`);
  ranks.push(found.findIndex((path) => answers.some((answer) => path === ${JSON.stringify(prefix)} + answer)) + 1);
}
process.stdout.write(JSON.stringify({ ranks, times, buildMilliseconds, memoryBytes, heapBytes }));
process.exit(0);
`;

/** FindNotes' options in-process: the answers' prefix (`script`), and `VaultOptions.findNotesMemory`. */
interface InProcessOptions {
  prefix?: string;
  findNotesMemory?: number;
}

/** FindNotes in a Node process of its own on the built packages of the repository at `root`, on `folder` (a writable copy of the corpus). */
export async function runFindNotesInProcess(
  root: string,
  folder: string,
  queries: readonly RelevanceQuery[],
  options: InProcessOptions = {},
): Promise<InProcessRun> {
  const { scratch, code, data } = await writeScript(root, folder, queries, options);
  try {
    const running = promisify(execFile)(process.execPath, ['--expose-gc', code, data], { maxBuffer: 64 * 1024 * 1024 });
    // Its progress, as it comes: the build of a large copy takes minutes on a loaded machine.
    running.child.stderr?.pipe(process.stderr);
    return JSON.parse((await running).stdout) as InProcessRun;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** FindNotes as `runFindNotesInProcess` runs it, built and warmed up, timing the queries asked one at a time. */
export async function serveFindNotesInProcess(root: string, folder: string, queries: readonly RelevanceQuery[]): Promise<TimedEngine> {
  const { scratch, code, data } = await writeScript(root, folder, queries, {});
  const engine = startTimedEngine(process.execPath, code, data);
  return {
    time: engine.time,
    async close() {
      await engine.close();
      await rm(scratch, { recursive: true, force: true });
    },
  };
}

async function writeScript(
  root: string,
  folder: string,
  queries: readonly RelevanceQuery[],
  { prefix = '', findNotesMemory = 512 * 1024 * 1024 }: InProcessOptions,
) {
  const scratch = await mkdtemp(path.join(tmpdir(), 'vault-bench-find-notes-'));
  const data = path.join(scratch, 'queries.json');
  const code = path.join(scratch, 'find-notes.mjs');
  await writeFile(data, JSON.stringify(queries));
  await writeFile(code, script(root, folder, prefix, findNotesMemory));
  return { scratch, code, data };
}
