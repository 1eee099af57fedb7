import { maxReadLines, type ToolName, type VaultOptions } from '@vault/core';
import { type Command, InvalidArgumentError, Option } from 'commander';

/** What a command's input may need beyond its arguments. */
export interface InputSources {
  /** The text of a host file, or of stdin for "-". */
  read(file: string, flag: string): Promise<string>;
  /** Stops with a usage error (exit code 64). */
  usage(message: string): never;
}

/** Runs a tool for a command: builds its input, opens the vault (with any options of the command's own), calls the tool, prints the result. */
export type RunTool = (command: Command, name: ToolName, input: (sources: InputSources) => Promise<object>, vaultOptions?: VaultOptions) => Promise<void>;

const wholeNumber = (value: string) => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('Pass a whole number.');
  return Number(value);
};

/** The eight commands, one per tool, each with the tool's parameters as arguments and options. */
export function addToolCommands(program: Command, runTool: RunTool): void {
  const command = (usage: string, summary: string, description: string, ...examples: string[]) =>
    program
      .command(usage)
      .summary(summary)
      .description(description)
      .addHelpText('after', `\n${examples.length === 1 ? 'Example' : 'Examples'}:\n${examples.map((example) => `  ${example}\n`).join('')}`);

  command(
    'read <file>',
    'print the lines of a file, numbered',
    `Print a file's lines, numbered, then its totalLines and fileHash (TextRead). At most ${maxReadLines} lines at a time; the last line says where to continue.`,
    'vault read notes/todo.md',
    'vault read notes/long.md --offset 501 --limit 100',
  )
    .option('--offset <line>', 'the first line to print, 1-based (default: 1)', wholeNumber)
    .option('--limit <lines>', `how many lines to print (default and most: ${maxReadLines})`, wholeNumber)
    .action(function (this: Command, filePath: string, options: { offset?: number; limit?: number }) {
      return runTool(this, 'TextRead', async () => ({ filePath, ...options }));
    });

  command(
    'edit <file>',
    'replace an exact string in a file',
    'Replace an exact string in a file (TextEdit): it must occur exactly once, or use --replace-all. Give each string as text (--old, --new) or as a file (--old-file, --new-file), where "-" reads stdin. Text from a file or stdin is taken exactly, final newline included.',
    "vault edit notes/todo.md --old '- [ ] ship it' --new '- [x] ship it'",
    'vault edit notes/plan.md --old-file old.txt --new-file - < new.txt',
  )
    .addOption(new Option('--old <text>', 'the exact text to replace').conflicts('oldFile'))
    .option('--old-file <file>', 'read the text to replace from a file, relative to the current folder ("-": stdin)')
    .addOption(new Option('--new <text>', "the text to put in its place ('' deletes)").conflicts('newFile'))
    .option('--new-file <file>', 'read the new text from a file, relative to the current folder ("-": stdin)')
    .option('--replace-all', 'replace every occurrence instead of exactly one')
    .option('--expected-hash <hash>', 'refuse (STALE_FILE) unless the file still has this fileHash, from an earlier read')
    .action(function (this: Command, filePath: string, options: EditOptions) {
      return runTool(this, 'TextEdit', async (sources) => {
        if (options.oldFile === '-' && options.newFile === '-') sources.usage('Only one of --old-file and --new-file can read stdin.');
        return {
          filePath,
          oldString: await stringFrom(sources, options.old, options.oldFile, '--old'),
          newString: await stringFrom(sources, options.new, options.newFile, '--new'),
          replaceAll: options.replaceAll,
          expectedHash: options.expectedHash,
        };
      });
    });

  command(
    'create <file> <content>',
    'write a new file',
    'Write a new file, or replace one with --overwrite (TextCreate). Missing parent folders are created. Content "-" reads stdin; content that starts with "-" goes after --.',
    "vault create notes/ideas.md '# Ideas'",
    "vault create notes/list.md -- '- first item'",
    'vault create notes/draft.md - < draft.md',
  )
    .option('--overwrite', 'replace the file if it exists (default: refuse with ALREADY_EXISTS)')
    .option('--no-create-directories', 'refuse instead of creating missing parent folders')
    .action(function (this: Command, filePath: string, content: string, options: { overwrite?: boolean; createDirectories: boolean }) {
      return runTool(this, 'TextCreate', async (sources) => ({
        filePath,
        content: content === '-' ? await sources.read('-', 'content') : content,
        ...options,
      }));
    });

  command(
    'search <query>',
    'find the lines that match a string or a regex',
    'Find the lines that match a literal string or, with --regex, a JavaScript regular expression (TextSearch), grouped by file and ordered by path and line. Smart case: case-insensitive unless the query has an upper-case letter.',
    "vault search 'TODO' --glob '*.md' --context 1",
    "vault search '^## ' --regex --files-only",
    "vault search -- '- [ ]'",
  )
    .option('--regex', 'treat the query as a JavaScript regular expression')
    .option('--file <file>', 'search only this file')
    .option('--dir <folder>', 'search only below this folder (default: the whole vault)')
    .option('--glob <pattern>', 'search only paths matching this glob; without "/" it matches file names at any depth')
    .option('-n, --max-results <n>', 'the most matching lines (or files, with --files-only) to print (default: 50)', wholeNumber)
    .option('-C, --context <lines>', 'lines of context around each match (default: 0)', wholeNumber)
    .option('-l, --files-only', 'print each matching file with its count of matching lines, not the lines')
    .option('--timeout <ms>', 'the time budget of the search, in milliseconds (default: 10000)', wholeNumber)
    .action(function (this: Command, query: string, options: SearchOptions) {
      const input = {
        query,
        regex: options.regex,
        filePath: options.file,
        directoryPath: options.dir,
        filePattern: options.glob,
        maxResults: options.maxResults,
        contextLines: options.context,
        outputMode: options.filesOnly ? 'files_only' : 'content',
      };
      return runTool(this, 'TextSearch', async () => input, options.timeout === undefined ? {} : { searchTimeout: options.timeout });
    });

  command('tree [folder]', 'print the tree of folders', 'Print the tree of folders below a folder, the whole vault by default (ListDirectories).', 'vault tree projects --max-depth 2')
    .option('--max-depth <levels>', 'how many levels to go down (default: no limit)', wholeNumber)
    .action(function (this: Command, directoryPath: string | undefined, options: { maxDepth?: number }) {
      return runTool(this, 'ListDirectories', async () => ({ directoryPath, ...options }));
    });

  command('ls [folder]', 'list the files in a folder', 'List the files directly in a folder, the vault root by default, with their sizes (ListFiles).', 'vault ls notes').action(function (
    this: Command,
    directoryPath: string | undefined,
  ) {
    return runTool(this, 'ListFiles', async () => ({ directoryPath: directoryPath ?? '' }));
  });

  command(
    'mv <source> <destination>',
    'move or rename a file or folder',
    'Move or rename a file or folder (Move). The destination must not exist; its missing parent folders are created.',
    'vault mv notes/draft.md archive/2026/draft.md',
  ).action(function (
    this: Command,
    sourcePath: string,
    destinationPath: string,
  ) {
    return runTool(this, 'Move', async () => ({ sourcePath, destinationPath }));
  });

  command('rm <file>', 'move a file to the trash', "Move a file to the vault's .trash/ folder, keeping its path; mv brings it back (RemoveFile).", 'vault rm notes/old.md', 'vault mv .trash/notes/old.md notes/old.md').action(function (
    this: Command,
    filePath: string,
  ) {
    return runTool(this, 'RemoveFile', async () => ({ filePath }));
  });
}

interface EditOptions {
  old?: string;
  oldFile?: string;
  new?: string;
  newFile?: string;
  replaceAll?: boolean;
  expectedHash?: string;
}

interface SearchOptions {
  regex?: boolean;
  file?: string;
  dir?: string;
  glob?: string;
  maxResults?: number;
  context?: number;
  filesOnly?: boolean;
  timeout?: number;
}

/** A string given as `--flag TEXT` or `--flag-file FILE`. */
async function stringFrom(sources: InputSources, text: string | undefined, file: string | undefined, flag: string): Promise<string> {
  if (text !== undefined) return text;
  if (file !== undefined) return sources.read(file, `${flag}-file`);
  return sources.usage(`Pass ${flag} TEXT, or ${flag}-file FILE ("-" reads stdin).`);
}
