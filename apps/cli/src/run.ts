import { createReadStream } from 'node:fs';
import path from 'node:path';
import { type ErrorCode, type Vault, VaultError, type VaultOptions, boundJson, createVault, isVaultError, minOutputBound } from '@vault/core';
import { remoteStarted, withGitHistory } from '@vault/git';
import { createNodeFs, type NodeVaultFs } from '@vault/node';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { crashExitCode, exitCodes, noMatchExitCode, usageExitCode } from './exit-codes.js';
import { rewriteForCli } from './rewrite-for-cli.js';
import { createTerminalStyle } from './terminal-style.js';
import { addToolCommands, type RunTool } from './tool-commands.js';

/** Where a run reads and writes: the process's streams in the bin, or test doubles in-process. */
export interface RunIo {
  stdin: AsyncIterable<Uint8Array | string>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Where `VAULT_PATH` is looked up when `--vault` is not given. Default: no variables. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Colour the human output on stdout; `--color[=always|never]` and `--no-color` override it. Default false. */
  color?: boolean;
  /** Colour the error codes on stderr; `--color[=always|never]` and `--no-color` override it. Default false. */
  errorColor?: boolean;
}

interface GlobalOptions {
  vault?: string;
  json?: boolean;
  extensions?: string;
  allowHidden?: boolean;
  readOnly?: boolean;
  /** --color: true; --color=WHEN: true, false or 'auto'; --no-color: false. */
  color?: boolean | 'auto';
  maxOutput?: string;
  git?: boolean;
  gitAuthor?: string;
  gitRemote?: string;
}

/** Runs the `vtx` command line and resolves to its exit code: 0, 1 when a search found nothing, an error code's (see exit-codes.ts), or 64 for a usage error. */
export async function run(argv: readonly string[], io: RunIo): Promise<number> {
  let exitCode = 0;
  const runTool: RunTool = async (command, name, { input, vaultOptions, quiet, settle }) => {
    const global = command.optsWithGlobals<GlobalOptions>();
    const words = (text: string) => rewriteForCli(text, command.parent?.commands ?? [], name);
    const terminalStyle = createTerminalStyle(colorWanted(global.color, io.color));
    const usage = (message: string): never => command.error(message, { exitCode: usageExitCode });
    if (global.vault === '') usage('--vault is empty. Pass the vault folder, or leave --vault out to use VAULT_PATH or the current folder.');
    // Known once opened: its bound applies to --json's errors too (one that stops the opening is short).
    let opened: Vault | undefined;
    let close = async () => {};
    try {
      const { vault, fs } = await openVault(global, vaultOptions, io, usage);
      opened = vault;
      close = () => fs.close();
      const toolInput = await input({ read: (file, flag) => readText(file, flag, io.stdin, vault.options.maxFileSize, usage), usage, vault });
      // With --git, the change is put on --git-author, else on vtx itself.
      const output = await vault.call(name, toolInput as never, { agent: `vtx ${packageJson.version}` });
      const settled = settle?.(output) ?? { exitCode: 0 };
      exitCode = settled.exitCode;
      if (quiet) return;
      const style = { ...terminalStyle, note: (text: string) => terminalStyle.note(words(text)) };
      // --json: the typed result, within the answer's bound like the text (lists cut at their end, with a `cut` note).
      io.stdout.write(`${global.json ? JSON.stringify(boundJson(output, vault.options.maxOutput, 2), null, 2) : vault.render(name, output, style)}\n`);
      if (settled.hint) io.stderr.write(`${settled.hint}\n`);
    } catch (error) {
      if (error instanceof CommanderError) throw error;
      const { code, message, details } = describeError(error);
      exitCode = exitCodes[code];
      const reported = { code, message: words(message), ...(details ? { details } : {}) };
      const errorJson = { error: reported };
      if (global.json) io.stdout.write(`${JSON.stringify(opened ? boundJson(errorJson, opened.options.maxOutput, 2) : errorJson, null, 2)}\n`);
      else io.stderr.write(`${createTerminalStyle(colorWanted(global.color, io.errorColor)).errorCode(code)}: ${reported.message}\n`);
    } finally {
      // With --git, this ends the git commands the backend kept running.
      await close();
    }
  };

  try {
    await createProgram(io, runTool).parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    // A query or content that starts with "-" reads as an unknown option.
    const token = /unknown option '(.*)'$/s.exec(error.message)?.[1];
    if (token !== undefined && !/^--?[a-z][\w-]*(=.*)?$/i.test(token))
      io.stderr.write(`To pass text that starts with "-", put -- before it: vtx search -- '- [ ]'\n`);
    return error.exitCode === 0 ? 0 : usageExitCode;
  }
  return exitCode;
}

/** Opens the vault the options name, saying on stderr which folder it is when they name none; and its backend, to close. */
async function openVault(
  global: GlobalOptions,
  commandOptions: VaultOptions | undefined,
  io: RunIo,
  usage: (message: string) => never,
): Promise<{ vault: Vault; fs: NodeVaultFs }> {
  const options = { ...vaultOptionsFrom(global, usage), ...commandOptions };
  const root = global.vault ?? io.env?.VAULT_PATH;
  if (!root) io.stderr.write(`vtx: using the current folder ${path.resolve('.')} as the vault (pass --vault or set VAULT_PATH)\n`);
  if (global.gitAuthor !== undefined && !global.git) usage('--git-author names the author of recorded changes: pass --git too.');
  if (global.gitRemote !== undefined && !global.git) usage('--git-remote shares the recorded history: pass --git too.');
  const fs = await createNodeFs(root || '.');
  if (!global.git) return { vault: createVault(fs, options), fs };
  const history = {
    committer: `vtx ${packageJson.version}`,
    ...(global.gitAuthor ? { author: global.gitAuthor } : {}),
    ...(options.extensions ? { extensions: options.extensions } : {}),
    // One command, one fetch before it: no fetching on an interval.
    ...(global.gitRemote ? { remote: { name: global.gitRemote, fetchInterval: 0 } } : {}),
  };
  const withHistory = await withGitHistory(fs, history);
  // One command: it reads or writes after the first fetch (a server serves reads meanwhile).
  await remoteStarted(withHistory);
  return { vault: createVault(withHistory, options), fs: withHistory };
}

/** Whether to colour: as --color says, or as the terminal can (`detected`). */
const colorWanted = (color: GlobalOptions['color'], detected = false) => (color === undefined || color === 'auto' ? detected : color);

/** --color's value: always, never or auto. */
function colorWhen(value: string): boolean | 'auto' {
  if (value === 'auto') return value;
  if (value === 'always' || value === 'never') return value === 'always';
  throw new InvalidArgumentError('Pass always, never or auto. Before a command, write --color=always: --color takes the word after it.');
}

function createProgram(io: RunIo, runTool: RunTool): Command {
  const exitCodeList = Object.entries(exitCodes).map(([code, exitCode]) => `  ${String(exitCode).padEnd(3)} ${code}`);
  const program = new Command('vtx')
    .description('The vault text tools at the terminal: read, edit, create and search the text files of one folder.')
    .version(packageJson.version, '-V, --version')
    .option('--vault <dir>', 'the vault folder (default: $VAULT_PATH, else the current folder, said on stderr)')
    .option('--json', 'print the typed result, or {"error": {"code", "message"}}, as JSON and nothing else')
    .option('--extensions <list>', 'allowed file extensions, comma-separated (default: .md,.markdown,.mdx,.txt)')
    .option('--allow-hidden', 'let the commands reach hidden paths (.git, .obsidian, .trash)')
    .option('--read-only', 'refuse every command that changes the vault (PERMISSION_DENIED)')
    .option('--max-output <characters>', 'longest answer, in characters; longer lists are cut with a note (default: 65536)')
    .option(
      '--git',
      "keep the vault's history in git (git 2.38+, the vault in a git work tree): every change a commit; log, show, undo, restore and read --at need it",
    )
    .option('--git-author <who>', 'with --git: the author of the changes, "Name <email>" (default: vtx)')
    .option('--git-remote <name>', 'with --git: share the history through this remote (origin): fetch first, done once the remote has the change')
    .option('--color [when]', 'colour the output: always (the default of a bare --color), never, or auto (on a terminal that has colours)', colorWhen)
    .option('--no-color', 'never colour the output (a non-empty NO_COLOR does the same)')
    .addHelpText(
      'after',
      [
        '',
        'Paths are relative to the vault folder; text that starts with "-" goes after --.',
        'Exit codes:',
        '  0   success',
        `  ${noMatchExitCode}   search found nothing`,
        ...exitCodeList,
        `  ${usageExitCode}  usage error`,
        `  ${crashExitCode}  the CLI itself failed (not built, or crashed)`,
        '',
      ].join('\n'),
    )
    .configureHelp({ showGlobalOptions: true })
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) })
    .showHelpAfterError('(add --help for usage)')
    .exitOverride();
  addToolCommands(program, runTool);
  return program;
}

function vaultOptionsFrom(global: GlobalOptions, usage: (message: string) => never): VaultOptions {
  const extensions = global.extensions
    ?.split(',')
    .map((extension) => extension.trim())
    .filter(Boolean);
  if (extensions?.length === 0) usage('--extensions lists no extension. Pass a comma-separated list such as .md,.txt.');
  const maxOutput = global.maxOutput === undefined ? undefined : Number(global.maxOutput);
  if (maxOutput !== undefined && !(Number.isSafeInteger(maxOutput) && maxOutput >= minOutputBound)) {
    usage(`--max-output ${global.maxOutput} is not a whole number of at least ${minOutputBound}. Pass a number of characters, such as 200000.`);
  }
  return {
    ...(extensions ? { extensions } : {}),
    ...(maxOutput ? { maxOutput } : {}),
    allowHidden: global.allowHidden ?? false,
    readOnly: global.readOnly ?? false,
  };
}

/**
 * A value given on the command line as a host file, or as stdin for "-": UTF-8, a BOM kept as it is. Read up to
 * `limit` bytes (the vault's largest file): past it, FILE_TOO_LARGE at once, the rest never read.
 */
async function readText(file: string, flag: string, stdin: RunIo['stdin'], limit: number, usage: (message: string) => never): Promise<string> {
  const name = file === '-' ? 'stdin' : file;
  const bytes = await bytesWithin(file === '-' ? stdin : createReadStream(file), limit, `${name} (${flag})`).catch((error: Error) =>
    isVaultError(error) ? Promise.reject(error) : usage(`Cannot read ${flag} ${file}: ${error.message}.`),
  );
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new VaultError('INVALID_ARGUMENT', `${name} (${flag}) is not valid UTF-8 text. Pass UTF-8 text.`);
  }
}

/** The bytes of `source`, refused with FILE_TOO_LARGE as soon as they pass `limit`. */
async function bytesWithin(source: AsyncIterable<Uint8Array | string>, limit: number, name: string): Promise<Buffer> {
  const pieces: Buffer[] = [];
  let size = 0;
  for await (const piece of source) {
    const bytes = Buffer.from(piece);
    size += bytes.length;
    if (size > limit) {
      throw new VaultError(
        'FILE_TOO_LARGE',
        `${name} is over this vault's limit of ${limit} bytes for a file, so nothing was written. Give a smaller text, or raise the limit.`,
      );
    }
    pieces.push(bytes);
  }
  return Buffer.concat(pieces);
}

function describeError(error: unknown): { code: ErrorCode; message: string; details?: Readonly<Record<string, unknown>> } {
  if (isVaultError(error)) return { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) };
  return {
    code: 'IO_ERROR',
    message: `The command failed unexpectedly: ${error instanceof Error ? error.message : String(error)}. Retry; if it keeps failing, report it.`,
  };
}
