import { rm } from 'node:fs/promises';
import { createCorpusCopies } from './corpus-copies.js';
import { type FigureRow, mb, ms, ratio, verdict } from './figure-row.js';
import { openSession, type ServerCommand } from './mcp-session.js';
import { type EngineRun, nodeWithSqlite, runBaseline } from './relevance-baselines.js';
import { type KnownItem, relevanceCorpus } from './relevance-corpus.js';
import { runFindNotesInProcess } from './relevance-in-process.js';
import { residentMemory } from './search-versus-ripgrep.js';
import { median, percentile } from './statistics.js';

/** An engine's figures on the known-item queries. */
export interface RelevanceFigures {
  engine: string;
  mrr10: number;
  recall1: number;
  recall10: number;
  p50: number;
  p95: number;
  buildMilliseconds: number;
  memoryBytes: number;
  notes: number;
}

/**
 * FindNotes on a writable copy of the corpus (the watch's sync points write in the vault's root, as
 * in any vault), in-process in a process of its own on the built packages of `root` (as the
 * baselines run: the figures the goal compares) and in a warm `vault-mcp` over stdio (the JSON-RPC
 * round trip and the rendered answer added), against MiniSearch and SQLite FTS5 in processes of their
 * own over the same fields, on the same known-item queries. The first FindNotes call reads and
 * analyses every note: the build; the memory it added (RSS), and in-process the heap it holds.
 */
export async function relevanceFigures(
  corpus: string,
  root: string,
  ours: (vault: string) => ServerCommand,
  log: (message: string) => void,
): Promise<{ rows: FigureRow[]; table: { columns: string[]; rows: string[][]; notes: string[] }; results: unknown }> {
  const { documents, queries } = await relevanceCorpus(corpus);
  log(`relevance: ${queries.length} known-item queries on ${documents.length} notes`);
  const copy = await createCorpusCopies(corpus, 1);
  let inProcess: RelevanceFigures;
  let heapBytes: number;
  const figures: RelevanceFigures[] = [];
  try {
    const run = await runFindNotesInProcess(root, copy.folder, queries);
    heapBytes = run.heapBytes;
    inProcess = figuresOf('FindNotes (in-process)', run, documents.length);
    log(`relevance: FindNotes in-process ${JSON.stringify(inProcess)}, heap ${mb(heapBytes)}`);
    figures.push(figuresOf('FindNotes (vault-mcp, stdio)', await runFindNotes(copy.folder, queries, ours), documents.length));
    log(`relevance: FindNotes over stdio ${JSON.stringify(figures[0])}`);
  } finally {
    await rm(copy.folder, { recursive: true, force: true });
  }
  log('relevance: MiniSearch');
  figures.push(figuresOf('MiniSearch 7', await runBaseline('minisearch', process.execPath, documents, queries), documents.length));
  const sqliteNode = await nodeWithSqlite();
  if (sqliteNode) {
    log(`relevance: SQLite FTS5 (node:sqlite on ${sqliteNode})`);
    figures.push(figuresOf('SQLite FTS5', await runBaseline('fts5', sqliteNode, documents, queries), documents.length));
  } else log('relevance: SQLite FTS5 skipped, no Node with node:sqlite');
  const [overStdio, ...baselines] = figures as [RelevanceFigures, ...RelevanceFigures[]];
  const fts5 = baselines.find((figure) => figure.engine === 'SQLite FTS5');
  const best = Math.max(...baselines.map((figure) => figure.mrr10));
  const latency = (name: 'p50' | 'p95', findNotes: RelevanceFigures, goal: boolean): FigureRow => ({
    figure: `relevance: query latency ${name}, FindNotes ${findNotes === inProcess ? 'in-process' : 'over stdio'}`,
    ours: ms(findNotes[name]),
    peer: baselines.map((figure) => `${figure.engine}: ${ms(figure[name])}`).join(', '),
    ratio: fts5 ? ratio(findNotes[name], fts5[name]) : '',
    budget: !goal ? '' : fts5 ? verdict(findNotes[name] <= fts5[name] / 2, `at most half of FTS5 (${name}), both in-process`) : 'FTS5 not run',
  });
  const rows: FigureRow[] = [
    {
      figure: `relevance: MRR@10 on ${queries.length} known-item queries`,
      ours: inProcess.mrr10.toFixed(3),
      peer: baselines.map((figure) => `${figure.engine}: ${figure.mrr10.toFixed(3)}`).join(', '),
      ratio: ratio(inProcess.mrr10, best),
      budget: verdict(inProcess.mrr10 > best, 'better than every baseline'),
    },
    latency('p50', inProcess, true),
    latency('p95', inProcess, true),
    latency('p50', overStdio, false),
    latency('p95', overStdio, false),
    {
      figure: 'relevance: FindNotes index memory per note (heap after a garbage collection, in-process)',
      ours: `${(heapBytes / documents.length / 1024).toFixed(1)} kB`,
      peer: fts5 ? `SQLite FTS5 (RSS added): ${(fts5.memoryBytes / documents.length / 1024).toFixed(1)} kB` : '',
      ratio: fts5 ? ratio(heapBytes, fts5.memoryBytes) : '',
      budget: 'stated',
    },
  ];
  const all = [inProcess, ...figures];
  const table = {
    columns: ['engine', 'MRR@10', 'recall@1', 'recall@10', 'p50', 'p95', 'build', 'memory', 'per note'],
    rows: all.map((figure) => [
      figure.engine,
      figure.mrr10.toFixed(3),
      figure.recall1.toFixed(3),
      figure.recall10.toFixed(3),
      ms(figure.p50),
      ms(figure.p95),
      ms(figure.buildMilliseconds),
      mb(figure.memoryBytes),
      `${(figure.memoryBytes / figure.notes / 1024).toFixed(1)} kB`,
    ]),
    notes: [
      'FindNotes in-process: vault.call in a Node process of its own on the built packages, as the baselines run (their search call timed); over stdio: vault-mcp, the JSON-RPC round trip and the rendered answer included. FindNotes runs on a writable copy of the corpus with its watch on, every call passing a sync point (exact); each answer carries its best section and lines, read from the note.',
      `build: FindNotes its first call (every note read and analysed); the baselines their index. memory: the resident memory the build added (FindNotes over stdio in a server with --search-memory 0). In-process, the heap FindNotes holds after a garbage collection: ${mb(heapBytes)}, ${(heapBytes / documents.length / 1024).toFixed(1)} kB per note.`,
    ],
  };
  return { rows, table, results: { queries: queries.length, notes: documents.length, figures: all, heapBytes } };
}

/** FindNotes' memory bound on the 5x corpus (`findNotesMemory`, `vault-mcp --find-notes-memory 1024`). */
const largeVaultMemory = 1024 * 1024 * 1024;

/**
 * FindNotes in-process on the corpus copied five times (each copy in a folder of its own), the
 * same queries: latency only (each query's answer is in five notes). The goal: every query within 100 ms.
 */
export async function relevance5xFigures(corpus: string, root: string, log: (message: string) => void): Promise<{ rows: FigureRow[]; results: unknown }> {
  const { queries } = await relevanceCorpus(corpus);
  const copies = await createCorpusCopies(corpus, 5);
  try {
    log(`relevance 5x: ${queries.length} queries on ${copies.notes} notes`);
    // Five copies hold more than the default 128 MiB of FindNotes' index: past it, notes are read at every call (exact, seconds per query).
    const run = await runFindNotesInProcess(root, copies.folder, queries, { prefix: 'copy-1/', findNotesMemory: largeVaultMemory });
    const slowest = Math.max(...run.times);
    log(`relevance 5x: build ${ms(run.buildMilliseconds)}, heap ${mb(run.heapBytes)}, p50 ${ms(median(run.times))}, slowest ${ms(slowest)}`);
    return {
      rows: [
        {
          figure: `relevance 5x (${copies.notes} notes, --find-notes-memory 1024): FindNotes in-process, p50 / p95 / slowest of ${queries.length}`,
          ours: `${ms(median(run.times))} / ${ms(percentile(run.times, 0.95))} / ${ms(slowest)}`,
          peer: '',
          ratio: '',
          budget: verdict(slowest <= 100, 'every query within 100 ms'),
        },
        {
          figure: 'relevance 5x: FindNotes build (first call) and heap per note',
          ours: `${ms(run.buildMilliseconds)}, ${(run.heapBytes / copies.notes / 1024).toFixed(1)} kB`,
          peer: '',
          ratio: '',
          budget: '',
        },
      ],
      results: { notes: copies.notes, ...run },
    };
  } finally {
    await rm(copies.folder, { recursive: true, force: true });
  }
}

/** FindNotes' run: its first call builds its notes (timed), then 20 warm-up queries, then each query once. */
async function runFindNotes(corpus: string, queries: readonly KnownItem[], ours: (vault: string) => ServerCommand): Promise<EngineRun> {
  // The first call reads and analyses every note: on a loaded machine that may pass the default budget of 10 s.
  // No search memory, so that the memory the build adds is FindNotes' own.
  const command = ours(corpus);
  const session = await openSession({ ...command, args: [...command.args, '--search-timeout', '600000', '--search-memory', '0'] });
  try {
    const find = async (query: string) => {
      const result = await session.call('FindNotes', { query, maxResults: 10 });
      return (result.structuredContent as { notes: { path: string }[] }).notes.map((note) => note.path);
    };
    const before = await residentMemory(session.pid);
    const started = performance.now();
    await find(queries[0]!.query);
    const buildMilliseconds = performance.now() - started;
    const memoryBytes = (await residentMemory(session.pid)) - before;
    for (const { query } of queries.slice(0, 20)) await find(query);
    const ranks: number[] = [];
    const times: number[] = [];
    for (const { query, answer } of queries) {
      const queryStarted = performance.now();
      const found = await find(query);
      times.push(performance.now() - queryStarted);
      ranks.push(found.indexOf(answer) + 1);
    }
    return { ranks, times, buildMilliseconds, memoryBytes };
  } finally {
    await session.close();
  }
}

function figuresOf(engine: string, run: EngineRun, notes: number): RelevanceFigures {
  const count = run.ranks.length;
  return {
    engine,
    mrr10: run.ranks.reduce((sum, rank) => sum + (rank > 0 ? 1 / rank : 0), 0) / count,
    recall1: run.ranks.filter((rank) => rank === 1).length / count,
    recall10: run.ranks.filter((rank) => rank > 0).length / count,
    p50: median(run.times),
    p95: percentile(run.times, 0.95),
    buildMilliseconds: run.buildMilliseconds,
    memoryBytes: run.memoryBytes,
    notes,
  };
}
