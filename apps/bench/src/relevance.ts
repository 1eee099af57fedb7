import { type FigureRow, mb, ms, ratio, verdict } from './figure-row.js';
import { openSession, type ServerCommand } from './mcp-session.js';
import { type EngineRun, nodeWithSqlite, runBaseline } from './relevance-baselines.js';
import { type KnownItem, relevanceCorpus } from './relevance-corpus.js';
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
 * FindNotes in a warm `vault-mcp` on the corpus (its first call reads and analyses every note: the
 * build; the server's RSS growth over it: the index memory), against MiniSearch and SQLite FTS5 in
 * processes of their own over the same fields, on the same known-item queries.
 */
export async function relevanceFigures(
  corpus: string,
  ours: (vault: string) => ServerCommand,
  log: (message: string) => void,
): Promise<{ rows: FigureRow[]; table: { columns: string[]; rows: string[][]; notes: string[] }; results: unknown }> {
  const { documents, queries } = await relevanceCorpus(corpus);
  log(`relevance: ${queries.length} known-item queries on ${documents.length} notes`);
  const figures = [figuresOf('FindNotes', await runFindNotes(corpus, queries, ours), documents.length)];
  log(`relevance: FindNotes ${JSON.stringify(figures[0])}`);
  log('relevance: MiniSearch');
  figures.push(figuresOf('MiniSearch 7', await runBaseline('minisearch', process.execPath, documents, queries), documents.length));
  const sqliteNode = await nodeWithSqlite();
  if (sqliteNode) {
    log(`relevance: SQLite FTS5 (node:sqlite on ${sqliteNode})`);
    figures.push(figuresOf('SQLite FTS5', await runBaseline('fts5', sqliteNode, documents, queries), documents.length));
  } else log('relevance: SQLite FTS5 skipped, no Node with node:sqlite');
  const [findNotes, ...baselines] = figures as [RelevanceFigures, ...RelevanceFigures[]];
  const fts5 = baselines.find((figure) => figure.engine === 'SQLite FTS5');
  const best = Math.max(...baselines.map((figure) => figure.mrr10));
  const rows: FigureRow[] = [
    {
      figure: `relevance: MRR@10 on ${queries.length} known-item queries`,
      ours: findNotes.mrr10.toFixed(3),
      peer: baselines.map((figure) => `${figure.engine}: ${figure.mrr10.toFixed(3)}`).join(', '),
      ratio: ratio(findNotes.mrr10, best),
      budget: verdict(findNotes.mrr10 > best, 'better than every baseline'),
    },
    {
      figure: 'relevance: query latency p50',
      ours: ms(findNotes.p50),
      peer: baselines.map((figure) => `${figure.engine}: ${ms(figure.p50)}`).join(', '),
      ratio: fts5 ? ratio(findNotes.p50, fts5.p50) : '',
      budget: fts5 ? verdict(findNotes.p50 <= fts5.p50 / 2, 'at most half of FTS5 (median)') : 'FTS5 not run',
    },
    {
      figure: 'relevance: query latency p95',
      ours: ms(findNotes.p95),
      peer: baselines.map((figure) => `${figure.engine}: ${ms(figure.p95)}`).join(', '),
      ratio: fts5 ? ratio(findNotes.p95, fts5.p95) : '',
      budget: fts5 ? verdict(findNotes.p95 <= fts5.p95 / 2, 'at most half of FTS5 (p95)') : 'FTS5 not run',
    },
  ];
  const table = {
    columns: ['engine', 'MRR@10', 'recall@1', 'recall@10', 'p50', 'p95', 'build', 'memory', 'per note'],
    rows: figures.map((figure) => [
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
      'FindNotes runs in vault-mcp over stdio (latency includes the JSON-RPC round trip and the rendered answer); the baselines run in-process in processes of their own.',
      'build: FindNotes its first call (every note read and analysed); the baselines their index. memory: the resident memory the build added (FindNotes in a server with --search-memory 0).',
    ],
  };
  return { rows, table, results: { queries: queries.length, notes: documents.length, figures } };
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
