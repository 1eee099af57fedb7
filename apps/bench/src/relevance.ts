import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCorpusCopies } from './corpus-copies.js';
import { type FigureRow, mb, ms, ratio, verdict } from './figure-row.js';
import { openSession, type ServerCommand } from './mcp-session.js';
import { type EngineRun, nodeWithSqlite, runBaseline } from './relevance-baselines.js';
import { type RelevanceQuery, relevanceCorpus, relevanceDocuments } from './relevance-corpus.js';
import { runFindNotesInProcess } from './relevance-in-process.js';
import { perQueryTimes, type QueryTimes } from './relevance-per-query.js';
import { obsidianVaultNotes, obsidianVaultQuestions } from './relevance-obsidian-vault.js';
import { type Question, corpusQuestions, exampleVaultQuestions } from './relevance-questions.js';
import { researchVaultNotes, researchVaultQuestions } from './relevance-research-vault.js';
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
): Promise<{ rows: FigureRow[]; tables: { columns: string[]; rows: string[][]; notes: string[] }[]; results: unknown }> {
  const { documents, queries } = await relevanceCorpus(corpus);
  log(`relevance: ${queries.length} known-item queries and ${corpusQuestions.length} questions on ${documents.length} notes`);
  const copy = await createCorpusCopies(corpus, 1);
  let inProcess: RelevanceFigures;
  let heapBytes: number;
  const figures: RelevanceFigures[] = [];
  // Per engine, its ranks on the questions: the corpus's (run after the known-item queries, in the same process) and the example vault's.
  const questionRanks: QuestionRanks[] = [];
  const split = <T extends EngineRun>(engine: string, run: T): T => {
    questionRanks.push({ engine, corpus: run.ranks.slice(queries.length), vault: [], obsidian: [], research: [] });
    return { ...run, ranks: run.ranks.slice(0, queries.length), times: run.times.slice(0, queries.length) };
  };
  const asked = [...queries, ...corpusQuestions];
  const sqliteNode = await nodeWithSqlite();
  let perQuery: QueryTimes[] | undefined;
  try {
    const run = split('FindNotes', await runFindNotesInProcess(root, copy.folder, asked));
    heapBytes = run.heapBytes;
    inProcess = figuresOf('FindNotes (in-process)', run, documents.length);
    log(`relevance: FindNotes in-process ${JSON.stringify(inProcess)}, heap ${mb(heapBytes)}`);
    figures.push(figuresOf('FindNotes (vault-mcp, stdio)', await runFindNotes(copy.folder, queries, ours), documents.length));
    log(`relevance: FindNotes over stdio ${JSON.stringify(figures[0])}`);
    if (sqliteNode) {
      log('relevance: each known-item query timed on FindNotes in-process and SQLite FTS5 by turns');
      perQuery = await perQueryTimes(root, copy.folder, sqliteNode, documents, queries);
    }
  } finally {
    await rm(copy.folder, { recursive: true, force: true });
  }
  log('relevance: MiniSearch');
  figures.push(figuresOf('MiniSearch 7', split('MiniSearch 7', await runBaseline('minisearch', process.execPath, documents, asked)), documents.length));
  if (sqliteNode) {
    log(`relevance: SQLite FTS5 (node:sqlite on ${sqliteNode})`);
    figures.push(figuresOf('SQLite FTS5', split('SQLite FTS5', await runBaseline('fts5', sqliteNode, documents, asked)), documents.length));
  } else log('relevance: SQLite FTS5 skipped, no Node with node:sqlite');
  await rankExampleVault(root, sqliteNode, questionRanks, log);
  log(`relevance: ${obsidianVaultQuestions.length} questions on the Obsidian-shaped vault (${obsidianVaultNotes.length} notes)`);
  const obsidian = await rankWrittenVault(root, sqliteNode, obsidianVaultNotes, obsidianVaultQuestions);
  log(`relevance: ${researchVaultQuestions.length} questions on the research vault (${researchVaultNotes.length} notes)`);
  const research = await rankWrittenVault(root, sqliteNode, researchVaultNotes, researchVaultQuestions);
  for (const ranks of questionRanks) [ranks.obsidian, ranks.research] = [obsidian[ranks.engine]!, research[ranks.engine]!];
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
  const [ourQuestions, ...baselineQuestions] = questionRanks.map(({ engine, corpus: ranks }) => ({ engine, ...qualityOf(ranks) })) as [
    RankQuality & { engine: string },
    ...(RankQuality & { engine: string })[],
  ];
  const bestOnQuestions = Math.max(...baselineQuestions.map((figure) => figure.mrr10));
  const rows: FigureRow[] = [
    {
      figure: `relevance: MRR@10 on ${queries.length} known-item queries`,
      ours: inProcess.mrr10.toFixed(3),
      peer: baselines.map((figure) => `${figure.engine}: ${figure.mrr10.toFixed(3)}`).join(', '),
      ratio: ratio(inProcess.mrr10, best),
      budget: verdict(inProcess.mrr10 > best, 'better than every baseline'),
    },
    {
      figure: `relevance: MRR@10 on ${corpusQuestions.length} paraphrased questions`,
      ours: ourQuestions.mrr10.toFixed(3),
      peer: baselineQuestions.map((figure) => `${figure.engine}: ${figure.mrr10.toFixed(3)}`).join(', '),
      ratio: ratio(ourQuestions.mrr10, bestOnQuestions),
      budget: verdict(ourQuestions.mrr10 > bestOnQuestions, 'better than every baseline'),
    },
    latency('p50', inProcess, true),
    latency('p95', inProcess, true),
    perQueryRow(perQuery),
    latency('p50', overStdio, false),
    latency('p95', overStdio, false),
    {
      figure: 'relevance: FindNotes index memory per note (heap and buffers after a garbage collection, in-process)',
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
      `build: FindNotes its first call (every note read and analysed); the baselines their index. memory: the resident memory the build added (FindNotes over stdio in a server with --search-memory 0). In-process, the heap and buffers FindNotes holds after a garbage collection: ${mb(heapBytes)}, ${(heapBytes / documents.length / 1024).toFixed(1)} kB per note.`,
    ],
  };
  return {
    rows,
    tables: [table, questionsTable(questionRanks)],
    results: {
      queries: queries.length,
      notes: documents.length,
      figures: all,
      heapBytes,
      questions: questionRanks,
      perQuery: perQuery && { withinHalf: withinHalf(perQuery), slowest: slowestRatios(perQuery, 20), queries: perQuery },
    },
  };
}

/** Slowest ratios the row names. */
const namedSlowest = 5;

/** The share of the queries FindNotes answers in at most half FTS5's time on the same query (each engine's median). */
const withinHalf = (times: readonly QueryTimes[]) => times.filter((query) => query.ratio <= 0.5).length / times.length;

const slowestRatios = (times: readonly QueryTimes[], count: number) => [...times].sort((a, b) => b.ratio - a.ratio).slice(0, count);

/** The per-query row: the share within half of FTS5's time, and the slowest few ratios with their times. */
function perQueryRow(times: readonly QueryTimes[] | undefined): FigureRow {
  const figure = 'relevance: known-item queries with FindNotes at most half FTS5 on the same query (each a median of 5 by turns, in-process)';
  if (!times) return { figure, ours: 'FTS5 not run', peer: '', ratio: '', budget: '' };
  const share = withinHalf(times);
  const slowest = slowestRatios(times, namedSlowest).map((query) => `${ratio(query.findNotes, query.fts5)} (${ms(query.findNotes)} / ${ms(query.fts5)})`);
  return {
    figure,
    ours: `${(share * 100).toFixed(1)}% of ${times.length}`,
    peer: `slowest: ${slowest.join(', ')}`,
    ratio: `median ${ratio(median(times.map((query) => query.ratio)), 1)}`,
    budget: verdict(share === 1, 'every query at most half of FTS5'),
  };
}

/** An engine's ranks on the paraphrased questions: on the corpus, the example vault, the Obsidian-shaped vault and the research vault. */
interface QuestionRanks {
  engine: string;
  corpus: number[];
  vault: number[];
  obsidian: number[];
  research: number[];
}

/**
 * The example vault's questions (`exampleVaultQuestions`), for each engine of `questionRanks`:
 * FindNotes in-process on a writable copy of the repository's `examples/vault`, the baselines on its notes.
 */
async function rankExampleVault(root: string, sqliteNode: string | undefined, questionRanks: QuestionRanks[], log: (message: string) => void) {
  const vault = path.join(root, 'examples/vault');
  const documents = await relevanceDocuments(vault);
  log(`relevance: ${exampleVaultQuestions.length} questions on the example vault (${documents.length} notes)`);
  const copy = await createCorpusCopies(vault, 1);
  const runs: Record<string, () => Promise<EngineRun>> = {
    FindNotes: () => runFindNotesInProcess(root, copy.folder, exampleVaultQuestions),
    'MiniSearch 7': () => runBaseline('minisearch', process.execPath, documents, exampleVaultQuestions),
    'SQLite FTS5': () => runBaseline('fts5', sqliteNode!, documents, exampleVaultQuestions),
  };
  try {
    for (const ranks of questionRanks) ranks.vault = (await runs[ranks.engine]!()).ranks;
  } finally {
    await rm(copy.folder, { recursive: true, force: true });
  }
}

/**
 * A vault written in the bench's source (`notes`, e.g. `obsidianVaultNotes`) and its questions: the notes written to a
 * temporary folder, FindNotes in-process on it, the baselines on its notes; each engine's ranks, by engine.
 */
async function rankWrittenVault(
  root: string,
  sqliteNode: string | undefined,
  notes: readonly (readonly [path: string, text: string])[],
  questions: readonly Question[],
): Promise<Record<string, number[]>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'vault-bench-written-'));
  try {
    for (const [file, text] of notes) {
      await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
      await writeFile(path.join(folder, file), text);
    }
    const documents = await relevanceDocuments(folder);
    const ranks: Record<string, number[]> = {
      FindNotes: (await runFindNotesInProcess(root, folder, questions)).ranks,
      'MiniSearch 7': (await runBaseline('minisearch', process.execPath, documents, questions)).ranks,
    };
    if (sqliteNode) ranks['SQLite FTS5'] = (await runBaseline('fts5', sqliteNode, documents, questions)).ranks;
    return ranks;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The questions' table: per engine, MRR@10 and recall@1 and @10 on each set of questions (the corpus's, the example vault's, the two written vaults'). */
function questionsTable(questionRanks: readonly QuestionRanks[]): { columns: string[]; rows: string[][]; notes: string[] } {
  const cells = (ranks: readonly number[]) => {
    const quality = qualityOf(ranks);
    return [quality.mrr10.toFixed(3), quality.recall1.toFixed(3), quality.recall10.toFixed(3)];
  };
  return {
    columns: [
      'engine',
      'corpus MRR@10',
      'recall@1',
      'recall@10',
      'example vault MRR@10',
      'recall@1',
      'recall@10',
      'Obsidian-shaped MRR@10',
      'recall@1',
      'recall@10',
      'research vault MRR@10',
      'recall@1',
      'recall@10',
    ],
    rows: questionRanks.map(({ engine, corpus, vault, obsidian, research }) => [
      engine,
      ...cells(corpus),
      ...cells(vault),
      ...cells(obsidian),
      ...cells(research),
    ]),
    notes: [
      `${corpusQuestions.length} questions on the corpus, ${exampleVaultQuestions.length} on examples/vault and ${obsidianVaultQuestions.length} on an Obsidian-shaped vault of ${obsidianVaultNotes.length} short notes (file-name titles, wikilinks with aliases, tags, daily notes, tasks: src/relevance-obsidian-vault.ts), ${researchVaultQuestions.length} on a second one held out from the ranker's tuning, a research vault of ${researchVaultNotes.length} notes in another domain and style (Zettelkasten ids, maps of content, a project index, literature notes with Dataview fields, long notes with many headings, callouts, nested tags, notes in German, French, Spanish and Japanese, a draft and its final: src/relevance-research-vault.ts), written by hand as an agent or a person asks them (src/relevance-questions.ts), each with the note or notes that answer it; a question's rank is its best-placed answer's. Every engine gets the question as written: FindNotes and MiniSearch (OR of its words) parse it themselves, FTS5 gets an OR of its whitespace-separated terms, each quoted.`,
    ],
  };
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
    // Five copies hold more than the default 512 MiB of FindNotes' index and the notes' bytes: past it, notes are read at every call (exact, seconds per query).
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
async function runFindNotes(corpus: string, queries: readonly RelevanceQuery[], ours: (vault: string) => ServerCommand): Promise<EngineRun> {
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
    for (const { query, answers } of queries) {
      const queryStarted = performance.now();
      const found = await find(query);
      times.push(performance.now() - queryStarted);
      ranks.push(found.findIndex((path) => answers.includes(path)) + 1);
    }
    return { ranks, times, buildMilliseconds, memoryBytes };
  } finally {
    await session.close();
  }
}

/** MRR@10, recall@1 and recall@10 of ranks (1-based, 0 when not in the first 10). */
interface RankQuality {
  mrr10: number;
  recall1: number;
  recall10: number;
}

function qualityOf(ranks: readonly number[]): RankQuality {
  const count = Math.max(ranks.length, 1);
  return {
    mrr10: ranks.reduce((sum, rank) => sum + (rank > 0 ? 1 / rank : 0), 0) / count,
    recall1: ranks.filter((rank) => rank === 1).length / count,
    recall10: ranks.filter((rank) => rank > 0).length / count,
  };
}

function figuresOf(engine: string, run: EngineRun, notes: number): RelevanceFigures {
  return {
    engine,
    ...qualityOf(run.ranks),
    p50: median(run.times),
    p95: percentile(run.times, 0.95),
    buildMilliseconds: run.buildMilliseconds,
    memoryBytes: run.memoryBytes,
    notes,
  };
}
