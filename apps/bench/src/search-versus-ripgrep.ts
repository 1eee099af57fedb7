import { spawn } from 'node:child_process';
import { closeSync, openSync, unlinkSync } from 'node:fs';
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

/** The queries of the benchmark: a common and a rare literal, a case-insensitive phrase, a word-boundary alternation. */
export const searchQueries: SearchQuery[] = [
  { name: 'common literal', query: 'function', regex: false },
  { name: 'rare literal', query: 'Xbox', regex: false },
  { name: 'case-insensitive phrase', query: 'visual studio', regex: false },
  { name: 'word-boundary alternation', query: '\\b(mutex|semaphore|deadlock|atomic|volatile)\\b', regex: true },
];

export type OutputMode = 'content' | 'files_only';

export interface SearchFigure {
  query: SearchQuery;
  mode: OutputMode;
  oursMilliseconds: number;
  ripgrepMilliseconds: number;
}

/**
 * ripgrep set to search what TextSearch searches and to count as it counts: the allowed extensions,
 * no .gitignore rules, hidden files skipped, smart case, literal unless a regex, and matching lines
 * (not matches) per file. Content mode prints every matching line; files_only a count per file.
 */
function ripgrepArgs({ query, regex }: SearchQuery, mode: OutputMode): string[] {
  return ['--no-config', '--no-ignore', '--smart-case', '--iglob', '*.{md,markdown,mdx,txt}', ...(regex ? [] : ['--fixed-strings']), mode === 'files_only' ? '--count' : '--line-number', '--', query, '.'];
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

const runs = 5;

/** Each query in each mode, ours in a warm server against ripgrep, as medians of `runs` runs after a warm-up. */
export async function searchFigures(session: McpSession, corpus: string): Promise<SearchFigure[]> {
  const figures: SearchFigure[] = [];
  for (const query of searchQueries) {
    for (const mode of ['content', 'files_only'] as const) {
      const ours = () => session.call('TextSearch', { query: query.query, regex: query.regex, outputMode: mode });
      const theirs = () => timeRipgrep(corpus, ripgrepArgs(query, mode));
      await ours();
      await theirs();
      const ripgrepRuns: number[] = [];
      for (let run = 0; run < runs; run += 1) ripgrepRuns.push(await theirs());
      figures.push({ query, mode, oursMilliseconds: median(await timeRuns(runs, ours)), ripgrepMilliseconds: median(ripgrepRuns) });
    }
  }
  return figures;
}

/** Time to the first 50 matching lines: TextSearch's answer with maxResults 50, against ripgrep's first 50 lines. */
export async function firstResultsFigure(session: McpSession, corpus: string, query: SearchQuery): Promise<{ oursMilliseconds: number; ripgrepMilliseconds: number }> {
  const ours = () => session.call('TextSearch', { query: query.query, regex: query.regex, maxResults: 50 });
  const theirs = () => ripgrep(corpus, ripgrepArgs(query, 'content'), 50);
  await ours();
  await theirs();
  const ripgrepRuns: number[] = [];
  for (let run = 0; run < runs; run += 1) ripgrepRuns.push((await theirs()).milliseconds);
  return { oursMilliseconds: median(await timeRuns(runs, ours)), ripgrepMilliseconds: median(ripgrepRuns) };
}

/** Whether both find the same files with the same counts of matching lines; the differences, if any. */
export async function compareFindings(session: McpSession, corpus: string, query: SearchQuery): Promise<{ files: number; differences: string[] }> {
  const result = await session.call('TextSearch', { query: query.query, regex: query.regex, outputMode: 'files_only', maxResults: 1_000_000 });
  const ours = new Map((result.structuredContent as { files: { path: string; matches: number }[] }).files.map((file) => [file.path, file.matches]));
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
  for (const path of new Set([...ours.keys(), ...theirs.keys()])) {
    if (ours.get(path) !== theirs.get(path)) differences.push(`${path}: ours ${ours.get(path) ?? 0}, ripgrep ${theirs.get(path) ?? 0}`);
  }
  if (ours.size === 0) differences.push(`no files found: ${textOf(result).slice(0, 200)}`);
  return { files: theirs.size, differences };
}
