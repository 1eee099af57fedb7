import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { agentTasksColumns, agentTasksNotes, agentTasksRows, count, tokensRatio, totalsOf } from './agent-tasks-table.js';
import { clientKinds } from './client-kind.js';
import { bareNodeStart, coldStart } from './cold-start.js';
import { compareAgentTasks, type TaskComparison } from './compare-agent-tasks.js';
import { generateFile, generatedLine } from './large-files.js';
import { measurePeakGrowth, openSession, type ServerCommand } from './mcp-session.js';
import { benchMoveLinks } from './move-links-bench.js';
import { printTable } from './print-table.js';
import { compareFindings, firstResultsFigure, searchFigures, searchQueries } from './search-versus-ripgrep.js';
import { median, percentile, timeRuns } from './statistics.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const corpus = process.env.VAULT_BENCH_CORPUS ?? path.resolve(root, '../shared/corpus/cpp-docs');
const referenceBin = path.join(path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/package.json')), 'dist/index.js');
const ours = (vault: string): ServerCommand => ({ name: 'vault-mcp', command: process.execPath, args: [path.join(root, 'apps/mcp-server/dist/vault-mcp.js'), '--vault', vault] });
const reference = (folder: string): ServerCommand => ({ name: 'server-filesystem', command: process.execPath, args: [referenceBin, folder] });

interface Row {
  figure: string;
  ours: string;
  peer: string;
  ratio: string;
  budget: string;
}
const rows: Row[] = [];
/** Tables of their own, printed after the main one. */
const tables: { title: string; columns: string[]; rows: string[][]; notes: string[] }[] = [];
const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };
const log = (message: string) => process.stderr.write(`bench: ${message}\n`);
const ms = (milliseconds: number) => `${milliseconds.toFixed(milliseconds < 10 ? 2 : 1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
const verdict = (met: boolean, budget: string) => `${met ? 'met' : 'NOT met'}: ${budget}`;

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
  rows.push({ figure: 'cold start, median of 10', ours: ms(vaultMcp), peer: `node -e 0: ${ms(bareNode)}`, ratio: `+${ms(vaultMcp - bareNode)}`, budget: verdict(vaultMcp - bareNode <= 80, 'within 80 ms of node -e 0') });
  rows.push({ figure: 'cold start, median of 10', ours: ms(vaultMcp), peer: `server-filesystem: ${ms(peer)}`, ratio: ratio(vaultMcp, peer), budget: '' });
}

async function smallReads() {
  log('1,000 sequential reads of a small file over stdio');
  const folder = await mkdtemp(path.join(tmpdir(), 'vault-bench-'));
  try {
    const file = path.join(folder, 'small.md');
    await writeFile(file, Array.from({ length: 40 }, (_, index) => `${generatedLine(index + 1)}\n`).join(''));
    const measure = async (server: ServerCommand, tool: string, args: Record<string, unknown>) => {
      const session = await openSession(server);
      try {
        await timeRuns(50, () => session.call(tool, args));
        return await timeRuns(1000, () => session.call(tool, args));
      } finally {
        await session.close();
      }
    };
    const oursTimes = await measure(ours(folder), 'TextRead', { filePath: 'small.md' });
    const peerTimes = await measure(reference(folder), 'read_text_file', { path: file });
    results.smallReads = { ours: { median: median(oursTimes), p99: percentile(oursTimes, 0.99) }, reference: { median: median(peerTimes), p99: percentile(peerTimes, 0.99) } };
    rows.push({ figure: 'read small file x1000, median', ours: ms(median(oursTimes)), peer: `read_text_file: ${ms(median(peerTimes))}`, ratio: ratio(median(oursTimes), median(peerTimes)), budget: verdict(median(oursTimes) <= 0.5, 'median at most 0.5 ms') });
    rows.push({ figure: 'read small file x1000, p99', ours: ms(percentile(oursTimes, 0.99)), peer: `read_text_file: ${ms(percentile(peerTimes, 0.99))}`, ratio: ratio(percentile(oursTimes, 0.99), percentile(peerTimes, 0.99)), budget: '' });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
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
    rows.push({ figure: 'search: same files and counts', ours: `${checks.length - checks.filter((check) => check.differences.length > 0).length}/${checks.length} queries`, peer: `ripgrep: ${checks.map((check) => check.files).join(', ')} files`, ratio: '', budget: differences.length === 0 ? 'identical' : `${differences.length} differences` });
    const figures = await searchFigures(session, corpus);
    for (const figure of figures) {
      const limit = figure.mode === 'files_only' ? 1.7 : 2;
      const times = figure.oursMilliseconds / figure.ripgrepMilliseconds;
      rows.push({ figure: `search ${figure.mode}: ${figure.query.name}`, ours: ms(figure.oursMilliseconds), peer: `ripgrep: ${ms(figure.ripgrepMilliseconds)}`, ratio: ratio(figure.oursMilliseconds, figure.ripgrepMilliseconds), budget: verdict(times <= limit, `at most ${limit}x ripgrep`) });
    }
    const first = await firstResultsFigure(session, corpus, searchQueries[0]!);
    rows.push({ figure: 'search: first 50 results (function)', ours: ms(first.oursMilliseconds), peer: `ripgrep: ${ms(first.ripgrepMilliseconds)}`, ratio: ratio(first.oursMilliseconds, first.ripgrepMilliseconds), budget: verdict(first.oursMilliseconds <= 30, 'within 30 ms') });
    results.search = { corpus, checks, figures, firstResults: first };
  } finally {
    await session.close();
  }
}

/** Lets a server finish starting (vault-mcp starts its search workers 100 ms in) before its memory is measured. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

async function largeFiles() {
  const folder = await mkdtemp(path.join(tmpdir(), 'vault-bench-'));
  try {
    log('edit one line of a 50 MB file');
    const size = 50 * 1024 * 1024;
    const lines = await generateFile(path.join(folder, 'big.md'), size);
    const edit = async (server: ServerCommand, line: number, call: (session: Awaited<ReturnType<typeof openSession>>, oldText: string, newText: string) => Promise<unknown>) => {
      const session = await openSession(server);
      try {
        await settle();
        return await measurePeakGrowth(session.pid, () => call(session, generatedLine(line), `${generatedLine(line)} (edited)`));
      } finally {
        await session.close();
      }
    };
    const oursEdit = await edit(ours(folder), Math.floor(lines / 2), (session, oldString, newString) => session.call('TextEdit', { filePath: 'big.md', oldString, newString }));
    const peerEdit = await edit(reference(folder), Math.floor(lines / 3), (session, oldText, newText) =>
      session.call('edit_file', { path: path.join(folder, 'big.md'), edits: [{ oldText, newText }] }),
    );
    results.edit50MB = { ours: oursEdit, reference: peerEdit, fileBytes: size };
    rows.push({ figure: 'edit a line of a 50 MB file', ours: ms(oursEdit.milliseconds), peer: `edit_file: ${ms(peerEdit.milliseconds)}`, ratio: ratio(oursEdit.milliseconds, peerEdit.milliseconds), budget: verdict(oursEdit.milliseconds < 600, 'under 0.6 s') });
    rows.push({ figure: 'edit 50 MB: peak memory growth', ours: mb(oursEdit.growthBytes), peer: `edit_file: ${mb(peerEdit.growthBytes)}`, ratio: ratio(oursEdit.growthBytes, peerEdit.growthBytes), budget: verdict(oursEdit.growthBytes < 4 * size, 'under 4x the file (200 MB)') });
    await rm(path.join(folder, 'big.md'));

    log('read the last 500 lines of a 1 GB file');
    const hugeLines = await generateFile(path.join(folder, 'huge.md'), 1024 * 1024 * 1024);
    const read = async (server: ServerCommand, tool: string, args: Record<string, unknown>) => {
      const session = await openSession(server);
      try {
        await settle();
        return await measurePeakGrowth(session.pid, () => session.call(tool, args));
      } finally {
        await session.close();
      }
    };
    const oursRead = await read(ours(folder), 'TextRead', { filePath: 'huge.md', offset: hugeLines - 499 });
    const peerRead = await read(reference(folder), 'read_text_file', { path: path.join(folder, 'huge.md'), tail: 500 });
    results.readTail1GB = { ours: oursRead, reference: peerRead };
    rows.push({ figure: 'read last 500 lines of 1 GB', ours: ms(oursRead.milliseconds), peer: `read_text_file tail: ${ms(peerRead.milliseconds)}`, ratio: ratio(oursRead.milliseconds, peerRead.milliseconds), budget: '' });
    rows.push({ figure: 'read 1 GB tail: peak memory growth', ours: mb(oursRead.growthBytes), peer: `read_text_file tail: ${mb(peerRead.growthBytes)}`, ratio: ratio(oursRead.growthBytes, peerRead.growthBytes), budget: verdict(oursRead.growthBytes < 64 * 1024 * 1024, 'under 64 MB') });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
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

const only = process.argv.slice(2).filter((argument) => argument !== '--');
const sections = { 'cold-start': coldStarts, reads: smallReads, search: searches, 'large-files': largeFiles, 'agent-tasks': agentTaskTokens, links };
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
