import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import { type ErrorCode, VaultError, type VaultOptions, createVault, isVaultError, minOutputBound } from '@vault/core';
import { createNodeFs } from '@vault/node';
import { Command, CommanderError } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { exitCodes, usageExitCode } from './exit-codes.js';
import { createTerminalStyle } from './terminal-style.js';
import { addToolCommands, type InputSources, type RunTool } from './tool-commands.js';

/** Where a run reads and writes: the process's streams in the bin, or test doubles in-process. */
export interface RunIo {
  stdin: AsyncIterable<Uint8Array | string>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Where `VAULT_PATH` is looked up when `--vault` is not given. Default: no variables. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Colour the human output on stdout; `--color` and `--no-color` override it. Default false. */
  color?: boolean;
  /** Colour the error codes on stderr; `--color` and `--no-color` override it. Default false. */
  errorColor?: boolean;
}

interface GlobalOptions {
  vault?: string;
  json?: boolean;
  extensions?: string;
  allowHidden?: boolean;
  readOnly?: boolean;
  color?: boolean;
  maxOutput?: string;
}

/** Runs the `vault` command line and resolves to its exit code: 0, an error code's (see exit-codes.ts), or 64 for a usage error. */
export async function run(argv: readonly string[], io: RunIo): Promise<number> {
  let exitCode = 0;
  const runTool: RunTool = async (command, name, input, commandVaultOptions) => {
    const global = command.optsWithGlobals<GlobalOptions>();
    const style = createTerminalStyle(global.color ?? io.color ?? false);
    const usage = (message: string): never => command.error(message, { exitCode: usageExitCode });
    if (global.vault === '') usage('--vault is empty. Pass the vault folder, or leave --vault out to use VAULT_PATH or the current folder.');
    const sources: InputSources = { read: (file, flag) => readText(file, flag, io.stdin, usage), usage };
    try {
      const toolInput = await input(sources);
      const vaultOptions = { ...vaultOptionsFrom(global, usage), ...commandVaultOptions };
      const vault = createVault(await createNodeFs(global.vault ?? (io.env?.VAULT_PATH || '.')), vaultOptions);
      const output = await vault.call(name, toolInput as never);
      io.stdout.write(`${global.json ? JSON.stringify(output, null, 2) : vault.render(name, output as never, style)}\n`);
    } catch (error) {
      if (error instanceof CommanderError) throw error;
      const { code, message, details } = describeError(error);
      exitCode = exitCodes[code];
      if (global.json) io.stdout.write(`${JSON.stringify({ error: { code, message, ...(details ? { details } : {}) } }, null, 2)}\n`);
      else io.stderr.write(`${createTerminalStyle(global.color ?? io.errorColor ?? false).errorCode(code)}: ${message}\n`);
    }
  };

  try {
    await createProgram(io, runTool).parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    // A query or content that starts with "-" reads as an unknown option.
    const token = /unknown option '(.*)'$/s.exec(error.message)?.[1];
    if (token !== undefined && !/^--?[a-z][\w-]*(=.*)?$/i.test(token)) io.stderr.write(`To pass text that starts with "-", put -- before it: vault search -- '- [ ]'\n`);
    return error.exitCode === 0 ? 0 : usageExitCode;
  }
  return exitCode;
}

function createProgram(io: RunIo, runTool: RunTool): Command {
  const exitCodeList = Object.entries(exitCodes).map(([code, exitCode]) => `  ${String(exitCode).padEnd(3)} ${code}`);
  const program = new Command('vault')
    .description('The vault text tools at the terminal: read, edit, create and search the text files of one folder.')
    .version(packageJson.version, '-V, --version')
    .option('--vault <dir>', 'the vault folder (default: $VAULT_PATH, else the current folder)')
    .option('--json', 'print the typed result, or {"error": {"code", "message"}}, as JSON and nothing else')
    .option('--extensions <list>', 'allowed file extensions, comma-separated (default: .md,.markdown,.mdx,.txt)')
    .option('--allow-hidden', 'let the commands reach hidden paths (.git, .obsidian, .trash)')
    .option('--read-only', 'refuse every command that changes the vault (PERMISSION_DENIED)')
    .option('--max-output <characters>', 'longest answer, in characters; longer lists are cut with a note (default: 65536)')
    .option('--color', 'colour the output even when it is not a terminal')
    .option('--no-color', 'never colour the output (NO_COLOR does the same)')
    .addHelpText('after', ['', 'Paths are relative to the vault folder; text that starts with "-" goes after --.', 'Exit codes:', '  0   success', ...exitCodeList, `  ${usageExitCode}  usage error`, ''].join('\n'))
    .configureHelp({ showGlobalOptions: true })
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) })
    .showHelpAfterError('(add --help for usage)')
    .exitOverride();
  addToolCommands(program, runTool);
  return program;
}

function vaultOptionsFrom(global: GlobalOptions, usage: (message: string) => never): VaultOptions {
  const extensions = global.extensions?.split(',').map((extension) => extension.trim()).filter(Boolean);
  if (extensions?.length === 0) usage('--extensions lists no extension. Pass a comma-separated list such as .md,.txt.');
  const maxOutput = global.maxOutput === undefined ? undefined : Number(global.maxOutput);
  if (maxOutput !== undefined && !(Number.isSafeInteger(maxOutput) && maxOutput >= minOutputBound)) {
    usage(`--max-output ${global.maxOutput} is not a whole number of at least ${minOutputBound}. Pass a number of characters, such as 200000.`);
  }
  return { ...(extensions ? { extensions } : {}), ...(maxOutput ? { maxOutput } : {}), allowHidden: global.allowHidden ?? false, readOnly: global.readOnly ?? false };
}

/** A value given on the command line as a host file, or as stdin for "-": UTF-8, a BOM kept as it is. */
async function readText(file: string, flag: string, stdin: RunIo['stdin'], usage: (message: string) => never): Promise<string> {
  const bytes = file === '-' ? await buffer(stdin) : await readFile(file).catch((error: Error) => usage(`Cannot read ${flag} ${file}: ${error.message}.`));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new VaultError('INVALID_ARGUMENT', `${file === '-' ? 'stdin' : file} (${flag}) is not valid UTF-8 text. Pass UTF-8 text.`);
  }
}

function describeError(error: unknown): { code: ErrorCode; message: string; details?: Readonly<Record<string, unknown>> } {
  if (isVaultError(error)) return { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) };
  return { code: 'IO_ERROR', message: `The command failed unexpectedly: ${error instanceof Error ? error.message : String(error)}. Retry; if it keeps failing, report it.` };
}
