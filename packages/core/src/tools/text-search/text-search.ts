import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { createSearchBudget, type SearchBudget } from '../../search/search-budget.js';
import { searchInBackend } from '../../search/search-in-backend.js';
import { searchOneByOne } from '../../search/search-one-by-one.js';
import { checkSearchQuery } from '../../search/search-pattern.js';
import { keepFirstMatches, maxResultLineLength, type SearchedFile, type SearchLine, type SkipCode } from '../../search/search-text.js';
import { plainStyle, type TextStyle } from '../../text/text-style.js';
import { renderFileLines, renderSearchLine } from './render-file-lines.js';
import type { Vault } from '../../vault/vault.js';
import { VaultError } from '../../vault/vault-error.js';
import { escapeName } from '../../vault/vault-path.js';
import { withPlacesByPath } from '../../vault/compare-paths.js';
import type { WalkedFile, WalkedFiles } from '../../vault/walk-files.js';
import { filesBelow, skippedFolders } from '../files-below.js';

/** The largest `offset` a search takes: what it gathers to skip is held in memory. */
export const maxSearchOffset = 10_000;
import { createAnswerBudget, mostShownLines } from '../answer-budget.js';
import { withinStructureBound } from '../within-structure-bound.js';

/** A file in TextSearch's answer. */
export interface TextSearchFile {
  path: string;
  /** Matching lines in this file (not occurrences); absent in `paths` mode. */
  matches?: number;
  /** Matching and context lines shown, in line order (content mode only). */
  lines?: SearchLine[];
}

export interface TextSearchOutput {
  /** `paths` when there was no query: the files whose paths match, found by name. */
  outputMode: 'content' | 'files_only' | 'paths';
  caseSensitive: boolean;
  contextLines: number;
  /** The files shown, by path. */
  files: TextSearchFile[];
  /** Matching lines in every file searched, shown or not. */
  totalMatches: number;
  /** Files with at least one matching line (in `paths` mode: files whose paths match), shown or not. */
  totalFiles: number;
  /** True when maxResults cut the output. */
  truncated: boolean;
  maxResults: number;
  /** How many matching lines (content mode) or files were skipped before the first shown. */
  offset: number;
  /** The offset of the next page, when results follow those shown. */
  nextOffset?: number;
  /** Files left out because they are not text or are too large, with the reason's code: the first few. */
  skipped: { path: string; reason: SkipCode }[];
  /** How many files were left out in all. */
  totalSkipped: number;
}

const outputSchema = z.object({
  outputMode: z.enum(['content', 'files_only', 'paths']),
  caseSensitive: z.boolean(),
  totalMatches: z.number(),
  totalFiles: z.number(),
  truncated: z.boolean(),
  nextOffset: z.number().optional(),
  /** Each file shown; in content mode its lines as the text shows them: `N: match`, `N- context`, `§ heading path`. */
  files: z.array(z.object({ path: z.string(), matches: z.number().optional(), lines: z.array(z.string()).optional() })),
  skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
  totalSkipped: z.number(),
});

const inputSchema = z.strictObject({
  query: z
    .string()
    .optional()
    .describe(
      'The text to find: a literal string unless regex is true. Leave it out, with filePattern or directoryPath, to list the files whose paths match instead (find a file by name).',
    ),
  caseSensitive: z
    .boolean()
    .optional()
    .describe('true: case must match; false: case is ignored. Default: smart case, which ignores case unless the query has an upper-case letter.'),
  regex: z
    .boolean()
    .default(false)
    .describe('Treat query as a JavaScript regular expression, matched against each line (^ and $ anchor a line). Default false.'),
  filePath: z.string().optional().describe('Search only this file; directoryPath and filePattern are then ignored. Default: not set.'),
  filePattern: z
    .string()
    .optional()
    .describe(
      'A glob on the vault-relative path, such as "*.md" or "projects/**/*.txt", case-insensitive; a pattern without "/" matches the file name at any depth. Default: every allowed file.',
    ),
  directoryPath: z.string().optional().describe('Search only below this folder (vault-relative). Default: the vault root.'),
  maxResults: z
    .number()
    .int()
    .min(1)
    .default(50)
    .describe('The most matching lines (content mode) or files (files_only mode, or no query) to return. Default 50. Totals are always counted in full.'),
  offset: z
    .number()
    .int()
    .min(0)
    .max(maxSearchOffset)
    .default(0)
    .describe(`Matching lines (content mode) or files to skip first, to page on: the answer gives the next offset. Default 0; at most ${maxSearchOffset}.`),
  contextLines: z
    .number()
    .int()
    .min(0)
    .max(20)
    .default(0)
    .describe('Lines of context to show before and after each matching line, in content mode. Default 0.'),
  outputMode: z
    .enum(['content', 'files_only'])
    .default('content')
    .describe('"content": matching lines with line numbers, grouped by file; "files_only": one line per file with its match count. Default "content".'),
});

export const textSearch = defineTool({
  name: 'TextSearch',
  title: 'Search text files',
  description: [
    'Searches the vault\'s text files line by line for a literal string or a regular expression. outputMode "content" (default) gives the matching lines with their line numbers, grouped by file and section ("§ ## Setup"); "files_only" gives each file with its count of matching lines (not occurrences). With no query it lists the files whose paths match filePattern (or every file below directoryPath): find a file by name in one call.',
    'Case: smart case (ignores case unless the query has an upper-case letter); caseSensitive overrides it. regex: JavaScript RegExp syntax; a regex that repeats a group, like (a+)+, runs on a linear-time engine (no backreferences or lookaround there).',
    'Narrow it with filePath (one file), directoryPath (a folder) or filePattern (a glob such as "*.md"; without "/" it matches file names at any depth). Hidden folders (.git, .obsidian) and other extensions are not searched; the trash only with directoryPath ".trash".',
    `maxResults (default 50) bounds the lines or files returned and offset pages on; the totals are always given, with a note when the answer was cut. A line longer than ${maxResultLineLength} characters shows a ${maxResultLineLength}-character window around the match. A search stops at its time budget (10 seconds unless the server sets another) with TIMEOUT. Ordered by path, then line.`,
    'Examples: {"query": "TODO", "outputMode": "files_only"}; {"query": "^## ", "regex": true, "filePattern": "*.md", "contextLines": 1}; {"filePattern": "*c4996*"}.',
  ].join('\n'),
  inputSchema,
  example: { query: 'TODO', outputMode: 'files_only' },
  outputSchema,
  effects: { readOnly: true, destructive: false, idempotent: true },

  async run(input, vault, { signal }): Promise<TextSearchOutput> {
    const { query = '', regex, maxResults, contextLines, outputMode } = input;
    if (query === '') return findPaths(vault, input, maxResults, signal);
    // Checked here, before the walk; compiled where it runs: in the backend, or here by searchOneByOne.
    const checked = await checkSearchQuery(query, regex, { caseSensitive: input.caseSensitive });
    const budget = searchBudget(vault, signal);
    const { files, unreadable, afterSync } = await candidateFiles(vault, input, budget.check);
    // Lines are gathered for at most what the answer's bound can show, whatever maxResults says (memory).
    const maxShown = outputMode === 'content' ? input.offset + Math.min(maxResults, mostShownLines(vault.options.maxOutput)) : 0;
    const search = { query: checked, contextLines, maxShown, budget, afterSync };
    const searched = (await searchInBackend(vault, files, search)) ?? (await searchOneByOne(vault, files, search, input.filePath !== undefined));
    // The one file asked for, skipped by the backend: loading it here gives its error (FILE_TOO_LARGE, NOT_TEXT, PERMISSION_DENIED).
    if (input.filePath !== undefined && searched[0] && 'skipped' in searched[0]) await vault.readText(searched[0].path);
    const found = withPlacesByPath(
      searched,
      skippedFolders(unreadable).map(({ path, reason }): SearchedFile => ({ path, skipped: reason })),
    );
    // The answer's bound, less room for the summary line.
    const output = collect(found, {
      outputMode,
      caseSensitive: checked.caseSensitive,
      maxResults,
      offset: input.offset,
      contextLines,
      budget: createAnswerBudget(vault.options.maxOutput).left,
    });
    return fittedToStructure(output, vault.options.maxOutput);
  },

  render(output, style = plainStyle) {
    if (output.outputMode === 'paths') return renderPaths(output, style);
    const body: string[] = [];
    for (const file of output.files) {
      if (output.outputMode === 'files_only') {
        body.push(`${style.path(file.path)}: ${file.matches}`);
        continue;
      }
      body.push(style.path(file.path), ...renderFileLines(file.lines ?? [], style, output.contextLines > 0));
    }
    const lineWord = output.totalMatches === 1 ? 'line' : 'lines';
    let summary = `${output.totalMatches} matching ${lineWord} in ${filesCount(output.totalFiles)}${output.outputMode === 'files_only' && output.totalFiles > 0 ? ' (the count after each file is its matching lines)' : ''}`;
    if (output.truncated) {
      const shown =
        output.outputMode === 'files_only'
          ? output.files.length
          : output.files.reduce((sum, file) => sum + (file.lines ?? []).filter((line) => line.match).length, 0);
      summary += `; ${showing(output, shown, output.outputMode === 'files_only' ? ' files' : ' matching lines')} (${more(output)}, or narrow the search)`;
    }
    if (output.totalMatches === 0) summary = `No matches${output.caseSensitive ? ' (case-sensitive; `caseSensitive: false` ignores case)' : ''}`;
    return [...body, style.note(`[${summary}${skippedNote(output, style)}]`)].join('\n');
  },

  structure: (output) => ({
    outputMode: output.outputMode,
    caseSensitive: output.caseSensitive,
    totalMatches: output.totalMatches,
    totalFiles: output.totalFiles,
    truncated: output.truncated,
    ...(output.nextOffset === undefined ? {} : { nextOffset: output.nextOffset }),
    files: output.files.map(({ lines, ...file }) => (lines ? { ...file, lines: renderFileLines(lines, plainStyle, false) } : file)),
    skipped: output.skipped.map(({ path, reason }) => ({ path, reason: skipWords[reason] })),
    totalSkipped: output.totalSkipped,
  }),
});

/** TextSearch's time budget, whose TIMEOUT names it. */
function searchBudget(vault: Vault, signal: AbortSignal): SearchBudget {
  return createSearchBudget(
    vault,
    signal,
    `The search took longer than its budget of ${vault.options.searchTimeout} ms and was stopped. Narrow it with \`directoryPath\` or \`filePattern\`, or simplify the regex.`,
  );
}

/** `showing the first 50 matching lines`, or from an offset on, `showing matching lines 51-100`. */
function showing(output: TextSearchOutput, shown: number, noun: string): string {
  return output.offset === 0 ? `showing the first ${shown}${noun}` : `showing${noun} ${output.offset + 1}-${output.offset + shown}`;
}

/** How to see what follows: the next page's offset, or more at once. */
function more(output: TextSearchOutput): string {
  return `the next with \`offset: ${output.nextOffset}\`, more at once with \`maxResults\``;
}

function filesCount(count: number): string {
  return `${count} ${count === 1 ? 'file' : 'files'}`;
}

/** The answer with no query: the files whose paths match, by path, as many as maxResults and the answer's bound allow. */
async function findPaths(vault: Vault, input: z.output<typeof inputSchema>, maxResults: number, signal: AbortSignal): Promise<TextSearchOutput> {
  if (input.filePath !== undefined || (input.filePattern === undefined && input.directoryPath === undefined)) {
    throw new VaultError(
      'INVALID_ARGUMENT',
      input.filePath !== undefined
        ? '`query` is empty. Pass the text to search for in the file, or read it with TextRead.'
        : '`query` is empty. Pass the text to search for, or a `filePattern` (or `directoryPath`) to list the files whose paths match.',
    );
  }
  const { files, unreadable } = await candidateFiles(vault, input, searchBudget(vault, signal).check);
  const skipped = skippedFolders(unreadable);
  const output: TextSearchOutput = {
    outputMode: 'paths',
    caseSensitive: false,
    contextLines: 0,
    files: [],
    totalMatches: 0,
    totalFiles: files.length,
    truncated: false,
    maxResults,
    offset: input.offset,
    skipped: skipped.slice(0, maxListedSkipped),
    totalSkipped: skipped.length,
  };
  const budget = createAnswerBudget(vault.options.maxOutput);
  for (const file of files.slice(input.offset, input.offset + maxResults)) {
    if (!budget.take(pathCost(file.path))) break;
    output.files.push({ path: file.path });
  }
  output.truncated = input.offset + output.files.length < files.length;
  if (output.truncated) output.nextOffset = input.offset + output.files.length;
  return fittedToStructure(output, vault.options.maxOutput);
}

/** `output` with no more results (matching lines in content mode, else files) than its structured content holds within `maxOutput` characters. */
function fittedToStructure(output: TextSearchOutput, maxOutput: number): TextSearchOutput {
  const content = output.outputMode === 'content';
  const resultsOf = (file: TextSearchFile) => (content ? (file.lines ?? []).filter((line) => line.match).length : 1);
  const results = output.files.reduce((sum, file) => sum + resultsOf(file), 0);
  const firstResults = (count: number): TextSearchOutput => {
    if (count === results) return output;
    const files: TextSearchFile[] = [];
    for (let left = count, index = 0; left > 0; index += 1) {
      const file = output.files[index]!;
      const kept = Math.min(left, resultsOf(file));
      files.push(kept === resultsOf(file) ? file : { ...file, lines: keepFirstMatches(file.lines ?? [], kept, output.contextLines) });
      left -= kept;
    }
    return { ...output, files, truncated: true, nextOffset: output.offset + count };
  };
  return withinStructureBound(results, firstResults, textSearch.structure, maxOutput);
}

function renderPaths(output: TextSearchOutput, style: TextStyle): string {
  const lines = output.files.map((file) => style.path(file.path));
  const cut = output.truncated ? `; ${showing(output, output.files.length, '')} (${more(output)}, or narrow the pattern)` : '';
  return [
    ...lines,
    style.note(`[${output.totalFiles === 0 ? 'No files match' : `${filesCount(output.totalFiles)} match`}${cut}${skippedNote(output, style)}]`),
  ].join('\n');
}

/**
 * The files to search, and whether the backend's watch passed a sync point first (`afterSync`: every change
 * made before the search began is seen, so what the backend keeps is current; see `VaultFs.sync`).
 */
async function candidateFiles(vault: Vault, input: z.output<typeof inputSchema>, checkDeadline: () => void): Promise<WalkedFiles & { afterSync: boolean }> {
  if (input.filePath !== undefined) return { files: await namedFile(vault, input.filePath), unreadable: [], afterSync: false };
  const afterSync = (await vault.fs.sync?.()) ?? false;
  const found = await filesBelow(vault, input, { checkDeadline, afterSync }, (directory) => `${directory} is a file. Pass it as \`filePath\` to search in it.`);
  return { ...found, afterSync };
}

/** The one file TextSearch was asked to search (`filePath`). */
async function namedFile(vault: Vault, filePath: string): Promise<WalkedFile[]> {
  const path = vault.resolveFile(filePath, { trash: 'read' });
  const stat = await vault.statExisting(path);
  if (stat.kind !== 'file') throw new VaultError('NOT_A_FILE', `${path} is a folder. Pass it as \`directoryPath\` to search below it.`);
  vault.checkExtension(path);
  return [{ path, source: stat.target ?? path }];
}

/** Skipped files an answer names; the rest are counted. */
const maxListedSkipped = 20;

/**
 * The output: totals over every file, and the files and lines shown, in path order, up to maxResults
 * and up to `budget` characters of shown text, whichever comes first.
 */
function collect(
  found: readonly SearchedFile[],
  options: { outputMode: 'content' | 'files_only'; caseSensitive: boolean; maxResults: number; offset: number; contextLines: number; budget: number },
): TextSearchOutput {
  const { outputMode, maxResults, offset, contextLines } = options;
  const output: TextSearchOutput = {
    outputMode,
    caseSensitive: options.caseSensitive,
    contextLines,
    files: [],
    totalMatches: 0,
    totalFiles: 0,
    truncated: false,
    maxResults,
    offset,
    skipped: [],
    totalSkipped: 0,
  };
  let shownMatches = 0;
  let skipLeft = offset;
  // The skipped files named in the summary line take a small part of the bound, the rest is for the results.
  let skippedBudget = Math.floor(options.budget / 8);
  let budget = options.budget - skippedBudget;
  for (const file of found) {
    if ('skipped' in file) {
      output.totalSkipped += 1;
      skippedBudget -= pathCost(file.path);
      if (output.skipped.length < maxListedSkipped && skippedBudget >= 0) output.skipped.push({ path: file.path, reason: file.skipped });
      continue;
    }
    output.totalMatches += file.matches;
    output.totalFiles += 1;
    // The first `offset` results (matching lines, or files) are counted, not shown.
    const results = outputMode === 'files_only' ? 1 : file.matches;
    const skip = Math.min(skipLeft, results);
    skipLeft -= skip;
    if (skip === results) continue;
    const wanted = outputMode === 'files_only' ? Math.min(1, maxResults - output.files.length) : Math.min(results - skip, maxResults - shownMatches);
    const lines =
      outputMode === 'files_only' || wanted === 0
        ? []
        : fitMatches(dropFirstMatches(file.lines, skip, contextLines), wanted, contextLines, budget - pathCost(file.path));
    const shown = outputMode === 'files_only' ? (wanted > 0 && pathCost(file.path) <= budget ? 1 : 0) : lines.filter((line) => line.match).length;
    if (shown < results - skip) output.truncated = true;
    // Once a file is cut for the bound, none after it is shown: what is shown is always a prefix.
    if (shown < wanted) budget = 0;
    if (shown === 0) continue;
    shownMatches += shown;
    budget -= pathCost(file.path) + costOf(lines);
    output.files.push(outputMode === 'files_only' ? { path: file.path, matches: file.matches } : { path: file.path, matches: file.matches, lines });
  }
  if (output.truncated) output.nextOffset = offset + (outputMode === 'files_only' ? output.files.length : shownMatches);
  return output;
}

/**
 * A file's shown lines without its first `skip` matches, as if shown from the next one on: the
 * lines before its context left out, earlier matches inside that context made context lines.
 */
export function dropFirstMatches(lines: readonly SearchLine[], skip: number, contextLines: number): SearchLine[] {
  if (skip === 0) return [...lines];
  const first = lines.filter((line) => line.match)[skip];
  if (!first) return [];
  return lines
    .filter((line) => line.number >= first.number - contextLines)
    .map((line) => {
      if (!line.match || line.number >= first.number) return line;
      const { ranges: _, heading: __, ...context } = line;
      return { ...context, match: false };
    });
}

/** The file's first `wanted` matches and their context, or fewer: as many as fit in `budget` characters. */
function fitMatches(lines: readonly SearchLine[], wanted: number, contextLines: number, budget: number): SearchLine[] {
  for (let count = wanted; count > 0; count -= 1) {
    const kept = keepFirstMatches(lines, count, contextLines);
    if (costOf(kept) <= budget) return kept;
    // Skip straight to the matches whose own lines fit, so that this loop stays short.
    let cost = 0;
    let fitting = 0;
    for (const line of kept) {
      cost += lineCost(line);
      if (cost > budget) break;
      if (line.match) fitting += 1;
    }
    count = Math.min(count, fitting + 1);
  }
  return [];
}

/** Characters the lines take in the answer. */
function costOf(lines: readonly SearchLine[]): number {
  return lines.reduce((sum, line) => sum + lineCost(line), 0);
}

/** Characters a line takes in the answer, as rendered, with its line break (and room for a separator between groups). */
function lineCost(line: SearchLine): number {
  return renderSearchLine(line, plainStyle).length + 4 + (line.heading === undefined ? 0 : line.heading.length + 3);
}

/** Characters a file's path line takes in the answer (its name escaped, and a count in files_only mode). */
function pathCost(path: string): number {
  return escapeName(path).length + 16;
}

/** A skipped file's reason as the answer words it. */
const skipWords: Record<SkipCode, string> = {
  NOT_TEXT: 'not UTF-8 text',
  FILE_TOO_LARGE: 'too large',
  PERMISSION_DENIED: "not readable with the server's permissions",
};

/** The summary's note of the files skipped, naming the first few, or nothing. */
function skippedNote(output: TextSearchOutput, style: TextStyle): string {
  if (output.totalSkipped === 0) return '';
  const listed = output.skipped.map((file) => `${style.path(file.path)}: ${skipWords[file.reason]}`);
  if (listed.length > 0 && output.totalSkipped > output.skipped.length) listed.push(`and ${output.totalSkipped - output.skipped.length} more`);
  return `; ${output.totalSkipped} ${output.totalSkipped === 1 ? 'file' : 'files'} skipped${listed.length > 0 ? ` (${listed.join(', ')})` : ' (not text, or too large)'}`;
}
