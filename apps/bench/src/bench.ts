import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { agentTasksColumns, agentTasksNotes, agentTasksRows, count, tokensRatio, totalsOf } from './agent-tasks-table.js';
import { clientKinds } from './client-kind.js';
import { bareNodeStart, coldStart } from './cold-start.js';
import { compareAgentTasks, type TaskComparison } from './compare-agent-tasks.js';
import { type FigureRow, mb, ms, ratio, spread, verdict } from './figure-row.js';
import { historyFigures } from './history-bench.js';
import { largeFileFigures } from './large-files.js';
import { openSession, type ServerCommand } from './mcp-session.js';
import { benchMoveLinks } from './move-links-bench.js';
import { printTable } from './print-table.js';
import { smallReadFigures } from './small-reads.js';
import { compareFindings, firstResultsFigure, residentMemory, searchFigures, searchQueries } from './search-versus-ripgrep.js';
import { median } from './statistics.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const corpus = process.env.VAULT_BENCH_CORPUS ?? path.resolve(root, '../shared/corpus/cpp-docs');
const referenceBin = path.join(path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/package.json')), 'dist/index.js');
const ours = (vault: string): ServerCommand => ({
  name: 'vault-mcp',
  command: process.execPath,
  args: [path.join(root, 'apps/mcp-server/dist/vault-mcp.js'), '--vault', vault],
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
  log(`search: ${corpus}, a warm server against ripgrep`);
  const session = await openSession(ours(corpus));
  try {
    const checks = [];
    for (const query of searchQueries) checks.push({ query: query.name, ...(await compareFindings(session, corpus, query)) });
    const differences = checks.flatMap((check) => check.differences.map((difference) => `${check.query}: ${difference}`));
    rows.push({
      figure: 'search: same files and counts',
      ours: `${checks.length - checks.filter((check) => check.differences.length > 0).length}/${checks.length} queries`,
      peer: `ripgrep: ${checks.map((check) => check.files).join(', ')} files`,
      ratio: '',
      budget: differences.length === 0 ? 'identical' : `${differences.length} differences`,
    });
    const figures = await searchFigures(session, corpus);
    for (const figure of figures) {
      const times = figure.ours.median / figure.ripgrep.median;
      rows.push({
        figure: `search ${figure.mode}: ${figure.query.name}`,
        ours: spread(figure.ours.runs),
        peer: `ripgrep: ${spread(figure.ripgrep.runs)}`,
        ratio: ratio(figure.ours.median, figure.ripgrep.median),
        budget: verdict(times <= 1, 'at most 1.0x ripgrep (median)'),
      });
    }
    const first = await firstResultsFigure(session, corpus, searchQueries[0]!);
    rows.push({
      figure: 'search: first 50 results (function)',
      ours: spread(first.ours.runs),
      peer: `ripgrep: ${spread(first.ripgrep.runs)}`,
      ratio: ratio(first.ours.median, first.ripgrep.median),
      budget: verdict(first.ours.median <= 30, 'within 30 ms (median)'),
    });
    // Every file has been searched by now, so the workers keep all they can.
    const memory = await residentMemory(session.pid);
    rows.push({ figure: 'search: warm server memory (RSS)', ours: mb(memory), peer: '', ratio: '', budget: 'stated (--search-memory bounds the text kept)' });
    results.search = { corpus, checks, figures, firstResults: first, residentMemoryBytes: memory };
  } finally {
    await session.close();
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

async function history() {
  const server = (vault: string, extra: string[]): ServerCommand => ({ ...ours(vault), args: [...ours(vault).args, ...extra] });
  const figures = await historyFigures(server, log);
  rows.push(...figures.rows);
  results.history = figures.results;
}

const only = process.argv.slice(2).filter((argument) => argument !== '--');
const sections = { 'cold-start': coldStarts, reads: smallReads, search: searches, 'large-files': largeFiles, 'agent-tasks': agentTaskTokens, links, history };
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
