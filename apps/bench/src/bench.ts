import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { agentTasksColumns, agentTasksNotes, agentTasksRows, count, tokensRatio, totalsOf } from './agent-tasks-table.js';
import { clientKinds } from './client-kind.js';
import { bareNodeStart, coldStart } from './cold-start.js';
import { compareAgentTasks, type TaskComparison } from './compare-agent-tasks.js';
import { type FigureRow, ms, ratio, verdict } from './figure-row.js';
import { historyFigures } from './history-bench.js';
import { remoteFigures } from './remote-bench.js';
import { largeFileFigures } from './large-files.js';
import type { ServerCommand } from './mcp-session.js';
import { benchMoveLinks } from './move-links-bench.js';
import { printTable } from './print-table.js';
import { relevance5xFigures, relevanceFigures } from './relevance.js';
import { smallReadFigures } from './small-reads.js';
import { searchSection } from './search-section.js';
import { median } from './statistics.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const corpus = process.env.VAULT_BENCH_CORPUS ?? path.resolve(root, '../shared/corpus/cpp-docs');
const referenceBin = path.join(path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/package.json')), 'dist/index.js');
/** The vault-mcp measured: this repository's build, or another's (`VAULT_BENCH_SERVER`, its built `vault-mcp.js`: a before-and-after with one bench). */
const ourBin = process.env.VAULT_BENCH_SERVER ?? path.join(root, 'apps/mcp-server/dist/vault-mcp.js');
/** The repository whose built packages are measured in-process: the one `ourBin` was built in. */
const oursRoot = path.resolve(path.dirname(ourBin), '../../..');
const ours = (vault: string, args: string[] = []): ServerCommand => ({
  name: 'vault-mcp',
  command: process.execPath,
  args: [ourBin, '--vault', vault, ...args],
});
const reference = (folder: string): ServerCommand => ({ name: 'server-filesystem', command: process.execPath, args: [referenceBin, folder] });

type Row = FigureRow;
const rows: Row[] = [];
/** Tables of their own, printed after the main one. */
const tables: { title: string; columns: string[]; rows: string[][]; notes: string[] }[] = [];
const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };
const log = (message: string) => process.stderr.write(`bench: ${message}\n`);

async function coldStarts() {
  log('cold start: spawn -> tools/list, 10 runs each, alternating');
  const vault = path.join(root, 'examples/vault');
  const times = { vaultMcp: [] as number[], bareNode: [] as number[], reference: [] as number[] };
  for (let run = 0; run < 10; run += 1) {
    times.vaultMcp.push(await coldStart(ours(vault)));
    times.bareNode.push(await bareNodeStart());
    times.reference.push(await coldStart(reference(vault)));
  }
  const [vaultMcp, bareNode, peer] = [median(times.vaultMcp), median(times.bareNode), median(times.reference)];
  results.coldStart = { vaultMcp, bareNode, reference: peer, runs: times };
  rows.push({
    figure: 'cold start, median of 10',
    ours: ms(vaultMcp),
    peer: `node -e 0: ${ms(bareNode)}`,
    ratio: `+${ms(vaultMcp - bareNode)}`,
    budget: verdict(vaultMcp - bareNode <= 80, 'within 80 ms of node -e 0'),
  });
  rows.push({ figure: 'cold start, median of 10', ours: ms(vaultMcp), peer: `server-filesystem: ${ms(peer)}`, ratio: ratio(vaultMcp, peer), budget: '' });
}

async function smallReads() {
  log('1,000 sequential reads of a small file over stdio, and in-process');
  const figures = await smallReadFigures(root, ours, reference);
  rows.push(...figures.rows);
  results.smallReads = figures.results;
}

async function searches() {
  if (!existsSync(corpus)) {
    log(`search: skipped, no corpus at ${corpus} (set VAULT_BENCH_CORPUS to the cpp-docs folder)`);
    rows.push({ figure: 'search', ours: 'skipped', peer: '', ratio: '', budget: `no corpus at ${corpus}` });
    return;
  }
  // VAULT_BENCH_UNWATCHED=1: the server searches as before its watch (every file checked at each search), for a before-and-after.
  const serverArgs = process.env.VAULT_BENCH_UNWATCHED ? ['--no-watch'] : [];
  results.search = {};
  // VAULT_BENCH_SEARCH_COPIES=1: the corpus once only (a sweep of VAULT_BENCH_QUERIES at 1x).
  for (const copies of (process.env.VAULT_BENCH_SEARCH_COPIES ?? '1,5').split(',').map(Number)) {
    const figures = await searchSection(ours, corpus, copies, serverArgs, log);
    rows.push(...figures.rows);
    (results.search as Record<string, unknown>)[`${copies}x`] = figures.results;
  }
}

async function largeFiles() {
  const figures = await largeFileFigures(ours, reference, log);
  rows.push(...figures.rows);
  Object.assign(results, figures.results);
}

async function agentTaskTokens() {
  if (!existsSync(corpus)) {
    log(`agent tasks: skipped, no corpus at ${corpus} (set VAULT_BENCH_CORPUS to the cpp-docs folder)`);
    rows.push({ figure: 'agent tasks: tokens', ours: 'skipped', peer: '', ratio: '', budget: `no corpus at ${corpus}` });
    return;
  }
  const comparisons: Record<string, TaskComparison[]> = {};
  for (const kind of clientKinds) {
    log(`agent tasks: tokens, ${kind} client, vault-mcp against server-filesystem`);
    const tasks = await compareAgentTasks(corpus, kind, { ours, reference });
    comparisons[kind] = tasks;
    tables.push({ title: `agent tasks: tokens, ${kind} client`, columns: agentTasksColumns, rows: agentTasksRows(tasks), notes: agentTasksNotes(tasks) });
    const [oursTotal, peerTotal] = [totalsOf(tasks.map((task) => task.ours)), totalsOf(tasks.map((task) => task.reference))];
    rows.push({
      figure: `agent tasks, ${kind} client: tokens`,
      ours: `${count(oursTotal.tokens)} (${oursTotal.correct}/${tasks.length} correct)`,
      peer: `server-filesystem: ${count(peerTotal.tokens)} (${peerTotal.correct}/${tasks.length} correct)`,
      ratio: tokensRatio(oursTotal.tokens, peerTotal.tokens),
      budget: verdict(oursTotal.correct === tasks.length, 'every task correct'),
    });
  }
  results.agentTasks = comparisons;
}

async function links() {
  const figures = await benchMoveLinks(ours, corpus, 10_000, log);
  for (const move of figures) {
    rows.push({
      figure: `Move ${move.figure}: ${move.rewritten} links in ${move.notes} notes`,
      ours: ms(move.linksMilliseconds),
      peer: `updateLinks false: ${ms(move.plainMilliseconds)}`,
      ratio: ratio(move.linksMilliseconds, move.plainMilliseconds),
      budget: verdict(move.linksMilliseconds <= 1000, 'within 1 s'),
    });
  }
  results.links = figures;
}

async function relevance() {
  if (!existsSync(corpus)) {
    log(`relevance: skipped, no corpus at ${corpus} (set VAULT_BENCH_CORPUS to the cpp-docs folder)`);
    rows.push({ figure: 'relevance', ours: 'skipped', peer: '', ratio: '', budget: `no corpus at ${corpus}` });
    return;
  }
  const figures = await relevanceFigures(corpus, oursRoot, ours, log);
  rows.push(...figures.rows);
  const [knownItems, questions] = figures.tables;
  tables.push({ title: 'relevance: FindNotes against MiniSearch and SQLite FTS5, known-item queries', ...knownItems! });
  tables.push({ title: 'relevance: FindNotes against MiniSearch and SQLite FTS5, paraphrased questions', ...questions! });
  results.relevance = figures.results;
}

async function relevance5x() {
  if (!existsSync(corpus)) {
    rows.push({ figure: 'relevance 5x', ours: 'skipped', peer: '', ratio: '', budget: `no corpus at ${corpus}` });
    return;
  }
  const figures = await relevance5xFigures(corpus, oursRoot, log);
  rows.push(...figures.rows);
  results.relevance5x = figures.results;
}

async function history() {
  const server = (vault: string, extra: string[]): ServerCommand => ({ ...ours(vault), args: [...ours(vault).args, ...extra] });
  const figures = await historyFigures(server, log);
  rows.push(...figures.rows);
  results.history = figures.results;
}

async function remote() {
  const server = (vault: string, extra: string[]): ServerCommand => ({ ...ours(vault), args: [...ours(vault).args, ...extra] });
  const figures = await remoteFigures(server, log);
  rows.push(...figures.rows);
  results.remote = figures.results;
}

const only = process.argv.slice(2).filter((argument) => argument !== '--');
const sections = {
  'cold-start': coldStarts,
  reads: smallReads,
  search: searches,
  'large-files': largeFiles,
  'agent-tasks': agentTaskTokens,
  links,
  relevance,
  'relevance-5x': relevance5x,
  history,
  remote,
};
for (const [name, run] of Object.entries(sections)) if (only.length === 0 || only.includes(name)) await run();
const columns: (keyof Row)[] = ['figure', 'ours', 'peer', 'ratio', 'budget'];
printTable(
  columns,
  rows.map((row) => columns.map((column) => row[column])),
);
for (const table of tables) {
  console.log(`\n${table.title}\n`);
  printTable(table.columns, table.rows);
  if (table.notes.length > 0) console.log(`\n${table.notes.join('\n')}`);
}
const output = fileURLToPath(new URL('../bench-results.json', import.meta.url));
await writeFile(output, `${JSON.stringify({ ...results, table: rows }, null, 2)}\n`);
log(`figures written to ${output}`);
