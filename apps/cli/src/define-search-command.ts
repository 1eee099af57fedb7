import type { Vault } from '@vault/core';
import { type Command, InvalidArgumentError } from 'commander';
import { noMatchExitCode } from './exit-codes.js';
import { ParameterOption } from './parameter-option.js';
import { timeoutOption } from './timeout-option.js';
import type { RunTool } from './tool-commands.js';
import { wholeNumber } from './whole-number.js';

/** Search's options that are TextSearch's parameters, named as them. */
interface SearchParameters {
  regex?: boolean;
  caseSensitive?: boolean;
  filePath?: string;
  directoryPath?: string;
  filePattern?: string;
  maxResults?: number;
  offset?: number;
  contextLines?: number;
  outputMode?: 'files_only';
}

interface SearchOptions extends SearchParameters {
  wordRegexp?: boolean;
  quiet?: boolean;
  lineNumber?: boolean;
  timeout?: number;
}

/** Gives `vtx search [query] [path]` its options, ripgrep's letters where ripgrep has one, and its action. */
export function defineSearchCommand(command: Command, runTool: RunTool): Command {
  return command
    .option('--regex', 'treat the query as a JavaScript regular expression')
    .addOption(
      new ParameterOption('-F, --fixed-strings', 'treat the query as literal text, the default (of --regex and -F, the last wins)', 'regex').preset(false),
    )
    .option('-w, --word-regexp', 'match whole words only: the query between word boundaries (\\b)')
    .addOption(new ParameterOption('-i, --ignore-case', 'ignore case, whatever the query', 'caseSensitive').preset(false))
    .option('-s, --case-sensitive', 'match case, whatever the query (of -i and -s, the last wins)')
    .addOption(
      new ParameterOption(
        '-g, --glob <pattern>',
        'search only paths matching this glob (one); without "/" it matches file names at any depth',
        'filePattern',
      ).argParser(oneGlob),
    )
    .addOption(new ParameterOption('--file <file>', 'search only this file (or give it as the path)', 'filePath'))
    .addOption(new ParameterOption('--dir <folder>', 'search only below this folder (or give it as the path; default: the whole vault)', 'directoryPath'))
    .option('-m, --max-results <n>', 'the most matching lines (or files, with --files-only) to print (default: 50)', wholeNumber)
    .option('--offset <n>', 'how many matching lines (or files) to skip, to page on (default: 0)', wholeNumber)
    .addOption(new ParameterOption('-C, --context <lines>', 'lines of context around each match (default: 0)', 'contextLines').argParser(wholeNumber))
    .addOption(
      new ParameterOption('-l, --files-only', 'print each matching file with its count of matching lines, not the lines', 'outputMode').preset('files_only'),
    )
    .option('-q, --quiet', 'print nothing on stdout; exit with 0 when something matched, 1 when nothing did')
    .option('-n, --line-number', "accepted for ripgrep's sake: line numbers are always shown")
    .addOption(timeoutOption('the search', 10_000))
    .allowExcessArguments()
    .action(function (this: Command, query: string | undefined, path: string | undefined, options: SearchOptions) {
      // -n is accepted and left out: line numbers are always shown.
      const { wordRegexp, quiet, lineNumber, timeout, ...parameters } = options;
      const excess = this.args.slice(2);
      return runTool(this, 'TextSearch', {
        input: async ({ vault, usage }) => {
          if (excess.length > 0)
            usage(
              `search takes one path, a file or a folder; it got ${excess.length + 1}. Search the folder that holds them, narrowed with --glob, or run a search per path.`,
            );
          if (path !== undefined && (parameters.filePath ?? parameters.directoryPath) !== undefined)
            usage('Give the path to search as an argument or with --file or --dir, not both.');
          if (wordRegexp && !query) usage('-w (--word-regexp) needs a query: the words to find.');
          const words = wordRegexp && query ? { query: wholeWords(query, parameters.regex ?? false), regex: true } : {};
          return { ...(query === undefined ? {} : { query }), ...parameters, ...(await pathParameter(vault, path)), ...words };
        },
        vaultOptions: timeout === undefined ? {} : { searchTimeout: timeout },
        quiet,
        settle: (output) => {
          if (output.totalFiles > 0) return { exitCode: 0 };
          const literal = query !== undefined && !parameters.regex && looksLikeRegex(query);
          return {
            exitCode: noMatchExitCode,
            ...(literal
              ? { hint: `The query ${JSON.stringify(query)} looks like a regular expression, but was searched for as literal text: did you mean --regex?` }
              : {}),
          };
        },
      });
    });
}

/** A path given to search: a file of the vault is searched alone, anything else is a folder to search below (core says when it is missing). */
async function pathParameter(vault: Vault, path: string | undefined): Promise<{ filePath?: string; directoryPath?: string }> {
  if (path === undefined) return {};
  const stat = await vault.stat(vault.resolvePath(path));
  return stat?.kind === 'file' ? { filePath: path } : { directoryPath: path };
}

/** -g takes one glob: TextSearch has one filePattern. */
function oneGlob(pattern: string, previous: string | undefined): string {
  if (previous !== undefined) throw new InvalidArgumentError(`Give one glob: the search takes one pattern. Join them with braces, as in '*.{md,txt}'.`);
  return pattern;
}

/** The query of -w: between word boundaries, as ripgrep does it, a literal escaped first. */
export function wholeWords(query: string, regex: boolean): string {
  return `\\b(?:${regex ? query : query.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')})\\b`;
}

/** Whether a literal query reads like a regex: .* or .+, a leading ^ or trailing $, \d \w \s \b, |, or a (group). */
export function looksLikeRegex(query: string): boolean {
  return /\.[*+]|^\^|\$$|\\[dDwWsSbB]|\||\(.*\)/.test(query);
}
