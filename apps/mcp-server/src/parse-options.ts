import path from 'node:path';
import { parseArgs } from 'node:util';
import { minOutputBound } from '@vault/core';
import { defaultCacheFolder } from './default-cache-folder.js';

export interface ServerOptions {
  /** The vault folder; none on stdio means the client's roots. */
  vault: string | undefined;
  /** Which of the client's roots to serve, by name (without --vault); default the first. */
  root: string | undefined;
  /** How long the client has to answer roots/list, in milliseconds (without --vault). */
  rootsTimeout: number;
  extensions: string[] | undefined;
  allowHidden: boolean;
  readOnly: boolean;
  maxFileSize: number | undefined;
  searchTimeout: number | undefined;
  maxOutput: number | undefined;
  searchMemory: number;
  /** Bytes FindNotes' index may hold (`VaultOptions.findNotesMemory`); undefined: the library's default. */
  findNotesMemory: number | undefined;
  /** Watch the vault, so a search reads only what changed (false: every search checks every file). */
  watch: boolean;
  http: boolean;
  host: string;
  port: number;
  token: string | undefined;
  /** Keep the vault's history in git: every change a commit. */
  git: boolean;
  /** The author of every change (`Name <email>`), in place of the client's name. */
  gitAuthor: string | undefined;
  /** Share the history through this git remote: a change is answered once the remote has it. */
  gitRemote: string | undefined;
  /** How often the remote is fetched, in milliseconds (0: only before writes). */
  gitFetchInterval: number;
  /** Calls arriving during a push go in the next push (false: each call pushes alone). */
  gitGroupCommit: boolean;
  /** How long a fetch or a push may take, in milliseconds, before the remote counts as unreachable. */
  gitRemoteTimeout: number;
  /**
   * An OpenAI-compatible embeddings endpoint for FindNotes' semantic ranking, and its model: both or neither;
   * `cache`: the folder its vectors are kept in on disk (undefined: in memory only).
   */
  embeddings: { url: string; model: string; cache: string | undefined } | undefined;
}

/** A usage problem: the message says what is wrong and what to pass instead. */
export class UsageError extends Error {}

export const usage = `Usage: vault-mcp [--vault DIR | --root NAME] [options]

Serves the vault text tools (TextRead, TextEdit, TextCreate, TextSearch, FindNotes, ListDirectories,
ListFiles, Move, RemoveFile, Links, RenameHeading; with --git, History, Undo and Restore) over MCP,
on stdio unless --http is given.

Options:
  --vault DIR          the vault folder (default: the VAULT_PATH environment variable; without
                       either, on stdio, the first of the client's roots)
  --root NAME          without --vault: serve the client's root of this name instead of the first
  --roots-timeout MS   without --vault: how long the client has to answer roots/list, in
                       milliseconds (default: 10000); a call past it gets TIMEOUT, the next asks again
  --extensions LIST    allowed file extensions, comma-separated (default: .md,.markdown,.mdx,.txt)
  --allow-hidden       let the tools reach hidden paths (.git, .obsidian, .trash)
  --read-only          register only the read tools
  --max-file-size N    largest file, in bytes, a tool loads whole (default: 134217728, 128 MiB);
                       bigger files get FILE_TOO_LARGE (TextRead streams them in windows)
  --search-timeout MS  time budget of one search, in milliseconds (default: 10000)
  --max-output N       longest answer, in characters (default: 65536, at least 4096); longer
                       lists are cut with a note saying how to see the rest
  --search-memory MB   trigram postings of the files, and their texts (then lower-cased copies)
                       as far as they fit, kept in memory for searches, in MiB (default: 512;
                       0 keeps none); past it, texts are read from disk when they can match
  --find-notes-memory MB
                       FindNotes' word index, and the notes' bytes in the room it leaves, in
                       MiB (default: 512; 0 keeps none); notes past it are read and analysed
                       at each FindNotes call
  --no-watch           do not watch the vault for changes: every search checks every file
                       (for a vault written through memory maps, which send no events); a
                       --read-only server never watches (the sync point writes a marker file)
  --http               serve Streamable HTTP instead of stdio, at http://HOST:PORT/mcp
  --host HOST          HTTP address (default: 127.0.0.1)
  --port PORT          HTTP port (default: 3939; 0 picks a free one)
  --token TOKEN        bearer token HTTP clients must send (default: VAULT_MCP_TOKEN);
                       required when --host is not a loopback address
  --git                keep the vault's history in git (git 2.38 or newer; the vault folder must be
                       in a git work tree): every change is a commit with the client's name on it,
                       and History, Undo and Restore are offered, TextRead takes at
  --git-author WHO     with --git: the author of every change, "Name <email>" (default: the
                       client's name and version)
  --git-remote NAME    with --git: share the history through this remote of the clone (origin):
                       a change is answered once the remote has it; a change to a file another
                       server changed meanwhile is STALE_FILE, applied nowhere
  --git-fetch-interval SECONDS
                       with --git-remote: how often the remote is fetched besides before each
                       write (default: 5; 0: only before writes)
  --no-git-group-commit
                       with --git-remote: push each call alone (default: calls arriving during a
                       push go in the next push, each still its own commit)
  --git-remote-timeout SECONDS
                       with --git-remote: how long a fetch or a push may take before the remote
                       counts as unreachable and the call fails (a push's outcome then unknown:
                       the remote may still take it) (default: 60, at most 2147483)
  --embeddings URL     optional semantic ranking for FindNotes: an OpenAI-compatible embeddings
                       endpoint you run (Ollama http://127.0.0.1:11434, llama.cpp's server, LM
                       Studio), given with or without its /v1 part (requests go to URL/v1/embeddings,
                       or URL/embeddings when URL ends in /v1). The notes' sections are sent to it;
                       when it is down, slow or answers nonsense, FindNotes ranks by words and says so
  --embeddings-model NAME
                       with --embeddings: the model to ask for (e.g. nomic-embed-text)
  --embeddings-cache DIR
                       with --embeddings: the folder where the sections' vectors are kept between
                       runs (no note text, only hashes and vectors; a file per endpoint and model,
                       at most 1 GiB) (default: the user's cache folder, e.g.
                       ~/.cache/vault-text-mcp/embeddings)
  --no-embeddings-cache
                       with --embeddings: keep the vectors in memory only (made again after a restart)
  --help, --version
`;

/** The server's options from its arguments and environment; throws UsageError when they don't add up. */
export function parseOptions(argv: string[], environment: NodeJS.ProcessEnv): ServerOptions | 'help' | 'version' {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}. Run vault-mcp --help for the options.`);
  }
  if (values.help) return 'help';
  if (values.version) return 'version';
  const vault = values.vault ?? environment.VAULT_PATH;
  if (!vault && values.http)
    throw new UsageError(
      'No vault given. Pass --vault DIR or set the VAULT_PATH environment variable (over HTTP the server cannot ask the client for its roots).',
    );
  if (vault && values.root !== undefined)
    throw new UsageError("--root chooses among the client's roots, which are not asked for when --vault or VAULT_PATH names the vault. Pass one of them.");
  const rootsTimeout = positiveInteger(values['roots-timeout'], '--roots-timeout', 'milliseconds, such as 30000', longestTimer) ?? defaultRootsTimeout;
  const port = Number(values.port ?? '3939');
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new UsageError(`--port ${values.port} is not a port number (0-65535).`);
  const host = values.host ?? '127.0.0.1';
  const token = values.token ?? environment.VAULT_MCP_TOKEN;
  if (values.http && !isLoopback(host) && !token) {
    throw new UsageError(`Serving on ${host}, beyond this machine, needs a bearer token. Pass --token or set VAULT_MCP_TOKEN, or bind to 127.0.0.1.`);
  }
  const maxFileSize = positiveInteger(values['max-file-size'], '--max-file-size', 'bytes, such as 10485760');
  const searchTimeout = positiveInteger(values['search-timeout'], '--search-timeout', 'milliseconds, such as 5000', longestTimer);
  const maxOutput = positiveInteger(values['max-output'], '--max-output', 'characters, such as 200000');
  if (maxOutput !== undefined && maxOutput < minOutputBound)
    throw new UsageError(`--max-output ${maxOutput} is too small: answers need at least ${minOutputBound} characters.`);
  const searchMemory =
    values['search-memory'] === undefined ? defaultSearchMemory : wholeNumber(values['search-memory'], '--search-memory', 'MiB, such as 256, or 0');
  const findNotesMemory =
    values['find-notes-memory'] === undefined ? undefined : wholeNumber(values['find-notes-memory'], '--find-notes-memory', 'MiB, such as 64, or 0');
  const git = values.git ?? false;
  if (values['git-author'] !== undefined && !git) throw new UsageError('--git-author names the author of recorded changes: pass --git too.');
  if (git && !vault)
    throw new UsageError("--git needs the vault folder: pass --vault DIR or set VAULT_PATH (a vault from the client's roots has no history yet).");
  const gitRemote = values['git-remote'];
  if (gitRemote !== undefined && !git) throw new UsageError('--git-remote shares the recorded history: pass --git too.');
  if (gitRemote === undefined && (values['git-fetch-interval'] !== undefined || values['no-git-group-commit'] || values['git-remote-timeout'] !== undefined)) {
    throw new UsageError('--git-fetch-interval, --no-git-group-commit and --git-remote-timeout tune --git-remote: pass --git --git-remote NAME too.');
  }
  const gitRemoteTimeout =
    values['git-remote-timeout'] === undefined
      ? defaultRemoteTimeout
      : wholeNumber(values['git-remote-timeout'], '--git-remote-timeout', 'seconds, such as 60', longestTimerSeconds);
  if (gitRemoteTimeout === 0) throw new UsageError('--git-remote-timeout 0 would fail every fetch. Pass seconds, such as 60.');
  const gitFetchInterval =
    values['git-fetch-interval'] === undefined
      ? defaultFetchInterval
      : wholeNumber(values['git-fetch-interval'], '--git-fetch-interval', 'seconds, such as 5, or 0', longestTimerSeconds);
  const embeddings = embeddingsOption(values, environment);
  const extensions = values.extensions
    ?.split(',')
    .map((extension) => extension.trim())
    .filter(Boolean);
  if (extensions?.length === 0) throw new UsageError('--extensions lists no extension. Pass a comma-separated list such as .md,.txt.');
  return {
    vault: vault || undefined,
    root: values.root,
    rootsTimeout,
    extensions,
    allowHidden: values['allow-hidden'] ?? false,
    readOnly: values['read-only'] ?? false,
    maxFileSize,
    searchTimeout,
    maxOutput,
    searchMemory: searchMemory * 1024 * 1024,
    findNotesMemory: findNotesMemory === undefined ? undefined : findNotesMemory * 1024 * 1024,
    watch: !(values['no-watch'] ?? false),
    http: values.http ?? false,
    host: host.replace(/^\[(.*)\]$/, '$1'),
    port,
    token,
    git,
    gitAuthor: values['git-author'],
    gitRemote,
    gitFetchInterval: gitFetchInterval * 1000,
    gitGroupCommit: !(values['no-git-group-commit'] ?? false),
    gitRemoteTimeout: gitRemoteTimeout * 1000,
    embeddings,
  };
}

function embeddingsOption(values: ReturnType<typeof parse>['values'], environment: NodeJS.ProcessEnv): ServerOptions['embeddings'] {
  const { embeddings: url, 'embeddings-model': model, 'embeddings-cache': cache, 'no-embeddings-cache': noCache } = values;
  if (url === undefined && (cache !== undefined || noCache))
    throw new UsageError('--embeddings-cache and --no-embeddings-cache keep the vectors of an embeddings endpoint: pass --embeddings URL too.');
  if (cache !== undefined && noCache)
    throw new UsageError('--embeddings-cache names the folder of the vectors, --no-embeddings-cache keeps none: pass one of them.');
  if (cache === '') throw new UsageError('--embeddings-cache names no folder. Pass one, such as ~/.cache/vault-text-mcp/embeddings.');
  if (url === undefined && model === undefined) return undefined;
  if (url === undefined) throw new UsageError('--embeddings-model names the model of an embeddings endpoint: pass --embeddings URL too.');
  if (!model) throw new UsageError('--embeddings needs the model to ask for: pass --embeddings-model NAME too (e.g. nomic-embed-text).');
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new UsageError(`--embeddings ${url} is not a URL. Pass one such as http://127.0.0.1:11434.`);
  }
  if (protocol !== 'http:' && protocol !== 'https:')
    throw new UsageError(`--embeddings ${url} is not an http or https URL. Pass one such as http://127.0.0.1:11434.`);
  return { url, model, cache: noCache ? undefined : path.resolve(cache ?? defaultCacheFolder(environment)) };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    options: {
      vault: { type: 'string' },
      root: { type: 'string' },
      'roots-timeout': { type: 'string' },
      extensions: { type: 'string' },
      'allow-hidden': { type: 'boolean' },
      'no-watch': { type: 'boolean' },
      'read-only': { type: 'boolean' },
      'max-file-size': { type: 'string' },
      'search-timeout': { type: 'string' },
      'max-output': { type: 'string' },
      'search-memory': { type: 'string' },
      'find-notes-memory': { type: 'string' },
      http: { type: 'boolean' },
      host: { type: 'string' },
      port: { type: 'string' },
      token: { type: 'string' },
      git: { type: 'boolean' },
      'git-author': { type: 'string' },
      'git-remote': { type: 'string' },
      'git-fetch-interval': { type: 'string' },
      'no-git-group-commit': { type: 'boolean' },
      'git-remote-timeout': { type: 'string' },
      embeddings: { type: 'string' },
      'embeddings-model': { type: 'string' },
      'embeddings-cache': { type: 'string' },
      'no-embeddings-cache': { type: 'boolean' },
      help: { type: 'boolean' },
      version: { type: 'boolean' },
    },
  });
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** How long a client has to answer roots/list unless told: clients answer at once, and a call waits for it. */
const defaultRootsTimeout = 10_000;

/** Seconds between fetches of the remote unless told: a read on one server sees another's write within it. */
const defaultFetchInterval = 5;

/** Seconds a fetch or a push may take unless told: a first fetch of a large vault fits, a stalled remote holds writes no longer. */
const defaultRemoteTimeout = 60;

/** MiB of file text a server keeps for searches unless told: the cpp-docs corpus (45 MB) takes about 80. */
const defaultSearchMemory = 512;

/** Node's timers hold at most 2^31-1 ms (about 24.8 days): a longer time limit or interval would fire at once. */
const longestTimer = 2 ** 31 - 1;
const longestTimerSeconds = Math.floor(longestTimer / 1000);

function wholeNumber(value: string, option: string, example: string, most = Number.MAX_SAFE_INTEGER): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isSafeInteger(number) || number < 0) throw new UsageError(`${option} ${value} is not a whole number. Pass ${example}.`);
  return atMost(number, most, option, example);
}

function positiveInteger(value: string | undefined, option: string, example: string, most = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number <= 0) throw new UsageError(`${option} ${value} is not a positive whole number. Pass ${example}.`);
  return atMost(number, most, option, example);
}

function atMost(number: number, most: number, option: string, example: string): number {
  if (number > most) throw new UsageError(`${option} ${number} is more than ${most}, the longest a timer holds (about 24 days). Pass ${example}.`);
  return number;
}
