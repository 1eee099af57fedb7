import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { RelevanceDocument, RelevanceQuery } from './relevance-corpus.js';
import { serveQueryTimes, startTimedEngine, type TimedEngine } from './timed-engine.js';

/** What one engine did with the queries: for each, the rank of its best-placed answer (1-based, 0 when none is in the first 10) and the time. */
export interface EngineRun {
  ranks: number[];
  times: number[];
  buildMilliseconds: number;
  /** How much the process's resident memory grew while the index was built. */
  memoryBytes: number;
}

const run = promisify(execFile);

/**
 * The script each baseline runs in a Node process of its own: builds its index from the documents,
 * then runs each query once, after a warm-up of the first 20. MiniSearch: its defaults (BM25+, OR
 * of the words), the four fields. SQLite FTS5: `bm25()` with its defaults, the unicode61 tokenizer,
 * the words of a query as quoted terms joined by OR. With `serve`, after the warm-up it times the
 * queries asked (`serveQueryTimes`) instead.
 */
const script = (engine: 'minisearch' | 'fts5', minisearch: string) => `
import { readFileSync } from 'node:fs';
const { documents, queries } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const rss = () => process.memoryUsage().rss;
const before = rss();
const started = performance.now();
let search;
if (${JSON.stringify(engine)} === 'minisearch') {
  const { default: MiniSearch } = await import(${JSON.stringify(minisearch)});
  const index = new MiniSearch({ fields: ['path', 'title', 'headings', 'body'], idField: 'path' });
  index.addAll(documents);
  search = (query) => index.search(query).slice(0, 10).map((hit) => hit.id);
} else {
  const { DatabaseSync } = await import('node:sqlite');
  const db = new DatabaseSync(':memory:');
  db.exec('CREATE VIRTUAL TABLE notes USING fts5(path, title, headings, body)');
  const insert = db.prepare('INSERT INTO notes VALUES (?, ?, ?, ?)');
  db.exec('BEGIN');
  for (const d of documents) insert.run(d.path, d.title, d.headings, d.body);
  db.exec('COMMIT');
  const select = db.prepare('SELECT path FROM notes WHERE notes MATCH ? ORDER BY bm25(notes) LIMIT 10');
  search = (query) => select.all(query.split(' ').map((word) => '"' + word.replaceAll('"', '""') + '"').join(' OR ')).map((row) => row.path);
}
const buildMilliseconds = performance.now() - started;
const memoryBytes = rss() - before;
for (const { query } of queries.slice(0, 20)) search(query);
${serveQueryTimes(false)}
const ranks = [];
const times = [];
for (const { query, answers } of queries) {
  const t = performance.now();
  const found = search(query);
  times.push(performance.now() - t);
  ranks.push(found.findIndex((path) => answers.includes(path)) + 1);
}
process.stdout.write(JSON.stringify({ ranks, times, buildMilliseconds, memoryBytes }));
`;

/** Runs a baseline on `node` (FTS5 needs one with `node:sqlite`: Node 22 or later). */
export async function runBaseline(
  engine: 'minisearch' | 'fts5',
  node: string,
  documents: readonly RelevanceDocument[],
  queries: readonly RelevanceQuery[],
): Promise<EngineRun> {
  const { folder, code, data } = await writeScript(engine, documents, queries);
  try {
    const { stdout } = await run(node, ['--no-warnings', code, data], { maxBuffer: 64 * 1024 * 1024 });
    return JSON.parse(stdout) as EngineRun;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A baseline as `runBaseline` runs it, built and warmed up, timing the queries asked one at a time. */
export async function serveBaseline(
  engine: 'minisearch' | 'fts5',
  node: string,
  documents: readonly RelevanceDocument[],
  queries: readonly RelevanceQuery[],
): Promise<TimedEngine> {
  const { folder, code, data } = await writeScript(engine, documents, queries);
  const timed = startTimedEngine(node, code, data);
  return {
    time: timed.time,
    async close() {
      await timed.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

async function writeScript(engine: 'minisearch' | 'fts5', documents: readonly RelevanceDocument[], queries: readonly RelevanceQuery[]) {
  const folder = await mkdtemp(path.join(tmpdir(), 'vault-bench-relevance-'));
  const data = path.join(folder, 'data.json');
  const code = path.join(folder, 'baseline.mjs');
  await writeFile(data, JSON.stringify({ documents, queries }));
  const minisearch = pathToFileURL(createRequire(import.meta.url).resolve('minisearch')).href;
  await writeFile(code, script(engine, minisearch));
  return { folder, code, data };
}

/** A Node with `node:sqlite` (this one when it has it, else Node 22 from the registry through npx), or undefined. */
export async function nodeWithSqlite(): Promise<string | undefined> {
  if (Number(process.versions.node.split('.')[0]) >= 23) return process.execPath;
  try {
    const { stdout } = await run('npx', ['-y', 'node@22', '-p', 'process.execPath'], { timeout: 300_000 });
    return stdout.trim();
  } catch {
    return undefined;
  }
}
