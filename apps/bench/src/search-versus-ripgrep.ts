import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, unlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rgPath } from '@vscode/ripgrep';
import { type McpSession, textOf } from './mcp-session.js';
import { median, timeRuns } from './statistics.js';

export interface SearchQuery {
  name: string;
  query: string;
  regex: boolean;
}

/**
 * The queries of the benchmark, one of each kind: literals common and rare, case-insensitive and
 * case-sensitive (smart case: an upper-case letter), phrases, and regexes with word boundaries, anchors,
 * classes and required literals. Each means the same to ripgrep's engine as to JavaScript's.
 */
export const searchQueries: SearchQuery[] = [
  { name: 'common literal', query: 'function', regex: false },
  { name: 'rare literal', query: 'Xbox', regex: false },
  { name: 'case-insensitive phrase', query: 'visual studio', regex: false },
  { name: 'word-boundary alternation', query: '\\b(mutex|semaphore|deadlock|atomic|volatile)\\b', regex: true },
  { name: 'case-sensitive literal', query: 'GetProcAddress', regex: false },
  { name: 'multi-word phrase', query: 'for more information', regex: false },
  { name: 'anchored heading', query: '^## Example', regex: true },
  { name: 'class and repeat', query: '\\bC[0-9]{4}\\b', regex: true },
  { name: 'regex with required literals', query: 'std::vector<\\w+>', regex: true },
];

/**
 * The queries measured: the nine above (left out with `VAULT_BENCH_QUERIES_ONLY` set, for a quicker A/B of a few), then those
 * of the JSON file `VAULT_BENCH_QUERIES` names (if set), unseen queries through the same measuring code: an array of
 * `{ "query": "\\bint\\b", "regex": true }` (`regex` true unless false; the query is its own name unless `name` is given).
 */
export const measuredQueries: SearchQuery[] = [
  ...(process.env.VAULT_BENCH_QUERIES_ONLY ? [] : searchQueries),
  ...extraQueries(process.env.VAULT_BENCH_QUERIES),
];

function extraQueries(file: string | undefined): SearchQuery[] {
  if (!file) return [];
  const entries = JSON.parse(readFileSync(file, 'utf8')) as { query: string; regex?: boolean; name?: string }[];
  // A `|` in a name is escaped: the names are cells of the printed table.
  return entries.map(({ query, regex = true, name = query }) => ({ name: name.replaceAll('|', '\\|'), query, regex }));
}

export type OutputMode = 'content' | 'files_only';

/** Run times in milliseconds, and their minimum, median and maximum. */
export interface Runs {
  runs: number[];
  min: number;
  median: number;
  max: number;
}

export interface SearchFigure {
  query: SearchQuery;
  mode: OutputMode;
  ours: Runs;
  ripgrep: Runs;
}

function runsOf(runs: number[]): Runs {
  return { runs, min: Math.min(...runs), median: median(runs), max: Math.max(...runs) };
}

/**
 * `ours` and `theirs` run by turns, `runs` times each after one warm-up, the first to go alternating
 * from run to run: a burst of load on the machine falls on both alike.
 */
async function interleaved(ours: () => Promise<unknown>, theirs: () => Promise<number>): Promise<{ ours: Runs; ripgrep: Runs }> {
  await ours();
  await theirs();
  const oursRuns: number[] = [];
  const theirRuns: number[] = [];
  const timeOurs = async () => oursRuns.push((await timeRuns(1, ours))[0]!);
  const timeTheirs = async () => theirRuns.push(await theirs());
  for (let run = 0; run < runs; run += 1) {
    for (const measure of run % 2 === 0 ? [timeOurs, timeTheirs] : [timeTheirs, timeOurs]) await measure();
  }
  return { ours: runsOf(oursRuns), ripgrep: runsOf(theirRuns) };
}

/**
 * ripgrep set to search what TextSearch searches and to count as it counts: the allowed extensions,
 * no .gitignore rules, hidden files skipped, smart case, literal unless a regex, and matching lines
 * (not matches) per file. Content mode prints every matching line; files_only a count per file.
 */
function ripgrepArgs({ query, regex }: SearchQuery, mode: OutputMode): string[] {
  return [
    '--no-config',
    '--no-ignore',
    '--smart-case',
    '--iglob',
    '*.{md,markdown,mdx,txt}',
    ...(regex ? [] : ['--fixed-strings']),
    mode === 'files_only' ? '--count' : '--line-number',
    '--',
    query,
    '.',
  ];
}

/** Runs ripgrep in the corpus with its output going to a file (not through this process, and not to /dev/null, which ripgrep treats as a quiet run). */
function timeRipgrep(corpus: string, args: string[]): Promise<number> {
  const output = path.join(tmpdir(), `vault-bench-rg-${process.pid}.txt`);
  const descriptor = openSync(output, 'w');
  const started = performance.now();
  return new Promise<number>((resolve, reject) => {
    const child = spawn(rgPath, args, { cwd: corpus, stdio: ['ignore', descriptor, 'ignore'] });
    child.on('error', reject);
    child.on('close', () => resolve(performance.now() - started));
  }).finally(() => {
    closeSync(descriptor);
    unlinkSync(output);
  });
}

/** Runs ripgrep in the corpus; resolves to its output, or to the time its first `lines` lines took. */
function ripgrep(corpus: string, args: string[], lines = Number.POSITIVE_INFINITY): Promise<{ milliseconds: number; output: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(rgPath, args, { cwd: corpus, stdio: ['ignore', 'pipe', 'ignore'] });
    let output = '';
    let seen = 0;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      seen += chunk.split('\n').length - 1;
      if (seen < lines) return;
      resolve({ milliseconds: performance.now() - started, output });
      child.kill();
    });
    child.on('error', reject);
    child.on('close', () => resolve({ milliseconds: performance.now() - started, output }));
  });
}

const runs = 7;

/** Each measured query in each mode, ours in a warm server against ripgrep, `runs` runs each, interleaved. */
export async function searchFigures(session: McpSession, corpus: string): Promise<SearchFigure[]> {
  const figures: SearchFigure[] = [];
  for (const query of measuredQueries) {
    for (const mode of ['content', 'files_only'] as const) {
      const ours = () => session.call('TextSearch', { query: query.query, regex: query.regex, outputMode: mode });
      figures.push({ query, mode, ...(await interleaved(ours, () => timeRipgrep(corpus, ripgrepArgs(query, mode)))) });
    }
  }
  return figures;
}

/** Time to the first 50 matching lines: TextSearch's answer with maxResults 50 (its totals complete), against ripgrep's first 50 lines. */
export async function firstResultsFigure(session: McpSession, corpus: string, query: SearchQuery): Promise<{ ours: Runs; ripgrep: Runs }> {
  const ours = () => session.call('TextSearch', { query: query.query, regex: query.regex, maxResults: 50 });
  return interleaved(ours, async () => (await ripgrep(corpus, ripgrepArgs(query, 'content'), 50)).milliseconds);
}

/** The server's resident memory now (Linux `VmRSS`), in bytes. */
export async function residentMemory(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) * 1024;
}

/**
 * Whether both find the same files with the same counts of matching lines; the differences, if any.
 * An answer is bounded (`--max-output`), so the files it shows are compared one by one, and its totals
 * with ripgrep's sums.
 */
export async function compareFindings(
  session: McpSession,
  corpus: string,
  query: SearchQuery,
): Promise<{ files: number; differences: string[]; contentDigest: string; filesDigest: string }> {
  const result = await session.call('TextSearch', { query: query.query, regex: query.regex, outputMode: 'files_only', maxResults: 1_000_000 });
  const answer = result.structuredContent as { files: { path: string; matches: number }[]; totalFiles: number; totalMatches: number };
  const { output } = await ripgrep(corpus, ripgrepArgs(query, 'files_only'));
  const theirs = new Map(
    output
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const colon = line.lastIndexOf(':');
        return [line.slice(0, colon).replace(/^\.\//, ''), Number(line.slice(colon + 1))] as const;
      }),
  );
  const differences: string[] = [];
  for (const file of answer.files)
    if (theirs.get(file.path) !== file.matches) differences.push(`${file.path}: ours ${file.matches}, ripgrep ${theirs.get(file.path) ?? 0}`);
  const theirMatches = [...theirs.values()].reduce((sum, count) => sum + count, 0);
  if (answer.totalFiles !== theirs.size || answer.totalMatches !== theirMatches) {
    differences.push(`totals: ours ${answer.totalMatches} lines in ${answer.totalFiles} files, ripgrep ${theirMatches} in ${theirs.size}`);
  }
  if (answer.files.length === 0) differences.push(`no files found: ${textOf(result).slice(0, 200)}`);
  // The answers' digests (content: lines and ranges; files_only: every file's count and the totals), in the results: two builds' runs
  // give the same digests when their answers are the same.
  const content = textOf(await session.call('TextSearch', { query: query.query, regex: query.regex }));
  const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
  return { files: theirs.size, differences, contentDigest: digest(content), filesDigest: digest(JSON.stringify(answer)) };
}
