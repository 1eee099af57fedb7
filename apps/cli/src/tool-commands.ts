import { defaultFoundNotes, maxFoundNotes, maxReadLines, type ToolName, type ToolOutput, type Vault, type VaultOptions } from '@vault/core';
import type { Command } from 'commander';
import { defineLinksCommand } from './define-links-command.js';
import { defineSearchCommand } from './define-search-command.js';
import { noMatchExitCode } from './exit-codes.js';
import { type EditString, lineBreakMismatch } from './line-break-mismatch.js';
import { ParameterOption } from './parameter-option.js';
import { timeoutOption } from './timeout-option.js';
import { wholeNumber } from './whole-number.js';

/**
 * `vtx find`'s time budget when --timeout is not given: a minute, not the server's 10 s. The command
 * keeps no index between runs, so each run reads and analyses every note it ranks; on a loaded
 * two-core machine 10 s read about 8,000 of 9,746 notes, so asking again never completed. A minute
 * covers some 50,000 notes at that pace, and a person can still stop it (Ctrl-C) or pass less.
 */
const findTimeout = 60_000;

/** The command of each tool: `vtx read` runs TextRead. */
export const toolCommands: Record<ToolName, string> = {
  TextRead: 'read',
  TextEdit: 'edit',
  TextCreate: 'create',
  TextSearch: 'search',
  FindNotes: 'find',
  ListDirectories: 'tree',
  ListFiles: 'ls',
  Move: 'mv',
  RemoveFile: 'rm',
  Links: 'links',
  RenameHeading: 'rename-heading',
  History: 'log',
  Undo: 'undo',
  Restore: 'restore',
};

/** What a command's input may need beyond its arguments. */
export interface InputSources {
  /** The text of a host file, or of stdin for "-". */
  read(file: string, flag: string): Promise<string>;
  /** Stops with a usage error (exit code 64). */
  usage(message: string): never;
  /** The vault the tool runs on. */
  vault: Vault;
}

/** How a command runs its tool. */
export interface ToolRun<Name extends ToolName> {
  /** The tool's input. */
  input(sources: InputSources): Promise<object>;
  /** Vault options of the command's own. */
  vaultOptions?: VaultOptions;
  /** Print nothing on stdout. */
  quiet?: boolean;
  /** The exit code of an answer (default 0), and a hint for stderr. */
  settle?(output: ToolOutput<Name>): { exitCode: number; hint?: string };
}

/** Runs a tool for a command: opens the vault, builds the input, calls the tool, prints the result and sets the exit code. */
export type RunTool = <Name extends ToolName>(command: Command, name: Name, run: ToolRun<Name>) => Promise<void>;

/** The commands, one per tool (and show, History with a change), each with the tool's parameters as arguments and options. */
export function addToolCommands(program: Command, runTool: RunTool): void {
  const command = (tool: ToolName, usage: string, summary: string, description: string, ...examples: string[]) =>
    program
      .command(`${toolCommands[tool]} ${usage}`)
      .summary(summary)
      .description(`${description} Runs ${tool}.`)
      .addHelpText('after', `\n${examples.length === 1 ? 'Example' : 'Examples'}:\n${examples.map((example) => `  ${example}\n`).join('')}`);

  command(
    'TextRead',
    '<file>',
    'print the lines of a file, numbered',
    `Print a file's lines, numbered, then its totalLines and fileHash. At most ${maxReadLines} lines at a time; the last line says where to continue.`,
    'vtx read notes/todo.md',
    'vtx read notes/long.md --offset 501 --limit 100',
    'vtx read notes/wide.md --offset 12 --limit 1 --column 2001',
    "vtx read notes/guide.md --heading 'Settings > Plugins'",
  )
    .option('--heading <path>', 'print only the section under this heading (a path such as "Settings > Plugins"), with its real line numbers')
    .option('--offset <line>', 'the first line to print, 1-based (default: 1)', wholeNumber)
    .option('--limit <lines>', `how many lines to print (default and most: ${maxReadLines})`, wholeNumber)
    .option('--column <character>', 'the first character of each line to print, 1-based, to read on where a long line was cut (default: 1)', wholeNumber)
    .option('--at <change>', 'with --git: print the file as it was right after a change (an id from vtx log)')
    .action(function (this: Command, filePath: string, options: { offset?: number; limit?: number; column?: number; heading?: string; at?: string }) {
      const withHistory = this.optsWithGlobals<{ git?: boolean }>().git;
      return runTool(this, 'TextRead', {
        input: async ({ usage }) =>
          options.at !== undefined && !withHistory ? usage('--at reads an earlier version from the history: pass --git too.') : { filePath, ...options },
      });
    });

  command(
    'TextEdit',
    '<file>',
    'replace an exact string in a file',
    'Replace an exact string in a file: it must occur exactly once, or use --replace-all. Give each string as text (--old, --new) or as a file (--old-file, --new-file), where "-" reads stdin. Text from a file or stdin is taken exactly, final newline included; when only one of the two strings comes from a file and only one ends with a line break, the edit is refused.',
    "vtx edit notes/todo.md --old '- [ ] ship it' --new '- [x] ship it'",
    'vtx edit notes/plan.md --old-file old.txt --new-file - < new.txt',
  )
    .addOption(new ParameterOption('--old <text>', 'the exact text to replace', 'oldString').conflicts('oldFile'))
    .option('--old-file <file>', 'read the text to replace from a file, relative to the current folder ("-": stdin)')
    .addOption(new ParameterOption('--new <text>', "the text to put in its place ('' deletes)", 'newString').conflicts('newFile'))
    .option('--new-file <file>', 'read the new text from a file, relative to the current folder ("-": stdin)')
    .option('--replace-all', 'replace every occurrence instead of exactly one')
    .option('--expected-hash <hash>', 'refuse (STALE_FILE) unless the file still has this fileHash, from an earlier read')
    .option('--heading <path>', 'edit only inside the section under this heading (as read --heading takes it)')
    .action(function (this: Command, filePath: string, { oldFile, newFile, ...options }: EditOptions) {
      return runTool(this, 'TextEdit', {
        input: async (sources) => {
          if (oldFile === '-' && newFile === '-') sources.usage('Only one of --old-file and --new-file can read stdin.');
          const oldString = await editString(sources, options.oldString, oldFile, '--old');
          const newString = await editString(sources, options.newString, newFile, '--new');
          const mismatch = lineBreakMismatch(oldString, newString);
          if (mismatch) sources.usage(mismatch);
          return { filePath, ...options, oldString: oldString.text, newString: newString.text };
        },
      });
    });

  command(
    'TextCreate',
    '<file> <content>',
    'write a new file',
    'Write a new file, or replace one with --overwrite. Missing parent folders are created. Content "-" reads stdin; content that starts with "-" goes after --.',
    "vtx create notes/ideas.md '# Ideas'",
    "vtx create notes/list.md -- '- first item'",
    'vtx create notes/draft.md - < draft.md',
  )
    .option('--overwrite', 'replace the file if it exists (default: refuse with ALREADY_EXISTS)')
    .option('--no-create-directories', 'refuse instead of creating missing parent folders')
    .action(function (this: Command, filePath: string, content: string, options: { overwrite?: boolean; createDirectories: boolean }) {
      return runTool(this, 'TextCreate', {
        input: async (sources) => ({ filePath, content: content === '-' ? await sources.read('-', 'content') : content, ...options }),
      });
    });

  defineSearchCommand(
    command(
      'TextSearch',
      '[query] [path]',
      'find the lines that match a string or a regex, or files by name',
      'Find the lines that match a literal string or, with --regex, a JavaScript regular expression, grouped by file and ordered by path and line. Smart case: case-insensitive unless the query has an upper-case letter (-i and -s decide instead). The path, a file or a folder of the vault, narrows the search. With no query, list the files that --glob or the path select. Exits with 1 when nothing matched.',
      "vtx search TODO notes/ --glob '*.md' -C 1",
      "vtx search '^## ' --regex --files-only",
      "vtx search -g '*meeting*'",
      "vtx search -- '- [ ]'",
      "if vtx search -q 'ship it'; then echo found; fi",
    ),
    runTool,
  );

  command(
    'FindNotes',
    '<query> [folder]',
    'find the notes about something, best first',
    'Rank the notes by how well they match the words of the query (name, title, tags, headings and body; a word also finds the longer words it begins), each with its best section and its best lines, numbered. Query: words, "quoted phrases", -excluded words, tag:NAME. The folder narrows it. Exits with 1 when no note matched.',
    "vtx find 'onboarding checklist'",
    'vtx find \'"release process" -draft\' projects -m 5',
    "vtx find 'tag:meeting budget' --glob '2026-*'",
  )
    .option('-m, --max-results <n>', `the most notes to print (default: ${defaultFoundNotes}, most: ${maxFoundNotes})`, wholeNumber)
    .addOption(new ParameterOption('-g, --glob <pattern>', 'only files whose path matches the glob (without "/", the file name)', 'filePattern'))
    .addOption(new ParameterOption('--dir <folder>', 'only notes below this folder (or give it as the folder; default: the whole vault)', 'directoryPath'))
    .addOption(timeoutOption('the ranking, reading every note first', findTimeout))
    .action(function (
      this: Command,
      query: string,
      folder: string | undefined,
      { timeout, ...options }: { maxResults?: number; filePattern?: string; directoryPath?: string; timeout?: number },
    ) {
      return runTool(this, 'FindNotes', {
        input: async ({ usage }) => {
          if (folder !== undefined && options.directoryPath !== undefined) usage('Give the folder as an argument or with --dir, not both.');
          return { query, ...options, directoryPath: folder ?? options.directoryPath };
        },
        vaultOptions: { searchTimeout: timeout ?? findTimeout },
        settle: (output) => ({ exitCode: output.totalNotes > 0 ? 0 : noMatchExitCode }),
      });
    });

  command(
    'ListDirectories',
    '[folder]',
    'print the tree of folders',
    'Print the tree of folders below a folder, the whole vault by default.',
    'vtx tree projects --max-depth 2',
  )
    .option('--max-depth <levels>', 'how many levels to go down (default: no limit)', wholeNumber)
    .action(function (this: Command, directoryPath: string | undefined, options: { maxDepth?: number }) {
      return runTool(this, 'ListDirectories', { input: async () => ({ directoryPath, ...options }) });
    });

  command(
    'ListFiles',
    '[folder]',
    'list the files in a folder',
    'List the files directly in a folder, the vault root by default, with their sizes.',
    'vtx ls notes',
    'vtx ls archive -m 1000',
  )
    .option('-m, --max-results <n>', 'the most files to list (default: 200)', wholeNumber)
    .action(function (this: Command, directoryPath: string | undefined, options: { maxResults?: number }) {
      return runTool(this, 'ListFiles', { input: async () => ({ directoryPath: directoryPath ?? '', ...options }) });
    });

  command(
    'Move',
    '<source> <destination>',
    'move or rename a file or folder, updating the links to it',
    'Move or rename a file or folder. The destination must not exist; its missing parent folders are created. Links to what moves (wikilinks, embeds, markdown links) and relative links in moved notes are rewritten to still lead there, keeping their form; links that could mean several files are listed, not changed.',
    'vtx mv notes/draft.md archive/2026/draft.md',
    'vtx mv projects archive/projects --dry-run',
  )
    .option('--no-update-links', 'move only, leaving every link as it is')
    .option('--dry-run', 'print what would change (the move and each link), change nothing')
    .action(function (this: Command, sourcePath: string, destinationPath: string, options: { updateLinks: boolean; dryRun?: boolean }) {
      return runTool(this, 'Move', { input: async () => ({ sourcePath, destinationPath, ...options }) });
    });

  command(
    'RemoveFile',
    '<file>',
    'move a file to the trash',
    "Move a file to the vault's .trash/ folder, keeping its path, and name the notes that linked to it; mv brings it back, and their links with it.",
    'vtx rm notes/old.md',
    'vtx mv .trash/notes/old.md notes/old.md',
  ).action(function (this: Command, filePath: string) {
    return runTool(this, 'RemoveFile', { input: async () => ({ filePath }) });
  });

  command(
    'RenameHeading',
    '<file> <heading> <new-heading>',
    'rename a heading (or a block id) and every link to it',
    'Rename a heading of a note, keeping its level, and rewrite every link to it across the vault ([[Note#Heading]], aliases, embeds, markdown links by text or slug), each in its form; links in code are left alone. A heading given as "^id" is a block id, renamed with its [[Note#^id]] links.',
    "vtx rename-heading notes/guide.md 'Setup > Linux' 'Linux and BSD'",
    'vtx rename-heading notes/guide.md ^intro ^start --dry-run',
  )
    .option('--dry-run', 'print what would change, change nothing')
    .action(function (this: Command, filePath: string, heading: string, newHeading: string, options: { dryRun?: boolean }) {
      return runTool(this, 'RenameHeading', { input: async () => ({ filePath, heading, newHeading, ...options }) });
    });

  defineLinksCommand(
    command(
      'Links',
      '[path]',
      "list a note's links and backlinks, or the broken links",
      "List a note's links, each with the file it leads to (broken or ambiguous ones marked, with the closest files by name), then its backlinks. With --broken, list every broken and ambiguous link below a folder (the whole vault by default), and exit with 1 when there is one.",
      'vtx links notes/plan.md',
      'vtx links --broken',
      'vtx links --broken projects -m 200',
    ),
    runTool,
  );
  addHistoryCommands(command, program, runTool);
}

/** The commands of the history (--git): log, show, undo, restore. */
function addHistoryCommands(
  command: (tool: ToolName, usage: string, summary: string, description: string, ...examples: string[]) => Command,
  program: Command,
  runTool: RunTool,
) {
  command(
    'History',
    '[file]',
    'list the changes of a file or of the vault (--git)',
    'List the changes of a file, or of the whole vault, newest first: change id, time, author, summary, files. Needs --git.',
    'vtx --git log notes/todo.md',
    'vtx --git log -m 5',
  )
    .option('-m, --max-results <n>', 'the most changes to list (default: 20)', wholeNumber)
    .option('--offset <n>', 'where the list starts: the offset a list that said more named (default: 0)', wholeNumber)
    .action(function (this: Command, filePath: string | undefined, options: { maxResults?: number; offset?: number }) {
      return runTool(this, 'History', { input: async () => ({ ...(filePath === undefined ? {} : { filePath }), ...options }) });
    });

  program
    .command('show <change>')
    .summary('print one change as a unified diff (--git)')
    .description('Print one change (an id from vtx log) as a unified diff. Needs --git. Runs History with a change.')
    .addHelpText('after', '\nExample:\n  vtx --git show 3f2a9c1b0d4e\n')
    .action(function (this: Command, change: string) {
      return runTool(this, 'History', { input: async () => ({ change }) });
    });

  command(
    'Undo',
    '<change>',
    'take back a change, as a new change (--git)',
    'Take back one change (an id from vtx log) as a new change: edited files get their old content, moved or removed files move back, created files go to the trash. Refused (STALE_FILE) when later changes touched the same files. Needs --git.',
    'vtx --git undo 3f2a9c1b0d4e',
  ).action(function (this: Command, change: string) {
    return runTool(this, 'Undo', { input: async () => ({ change }) });
  });

  command(
    'Restore',
    '<file> <change>',
    'bring a file back to how it was after a change (--git)',
    'Bring one file, a removed one too, back to how it was right after a change (an id from vtx log), as a new change. Needs --git.',
    'vtx --git restore notes/todo.md 3f2a9c1b0d4e',
  )
    .option('--expected-hash <hash>', 'refuse (STALE_FILE) unless the file still has this fileHash, from an earlier read')
    .action(function (this: Command, filePath: string, change: string, options: { expectedHash?: string }) {
      return runTool(this, 'Restore', { input: async () => ({ filePath, change, ...options }) });
    });
}

interface EditOptions {
  oldString?: string;
  oldFile?: string;
  newString?: string;
  newFile?: string;
  replaceAll?: boolean;
  expectedHash?: string;
  heading?: string;
}

/** A string given as `--flag TEXT` or `--flag-file FILE`. */
async function editString(sources: InputSources, text: string | undefined, file: string | undefined, flag: string): Promise<EditString> {
  if (text !== undefined) return { text, flag, fromFile: false };
  if (file !== undefined) return { text: await sources.read(file, `${flag}-file`), flag: `${flag}-file`, fromFile: true };
  return sources.usage(`Pass ${flag} TEXT, or ${flag}-file FILE ("-" reads stdin).`);
}
