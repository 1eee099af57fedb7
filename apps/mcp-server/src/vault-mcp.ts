import { createVault, defaultMaxFileSize, isVaultError, type Vault, type VaultOptions, warmFindNotes } from '@vault/core';
import { createVaultMcpServer, type VaultMcpServerOptions } from '@vault/mcp';
import { createNodeFs, type NodeVaultFs } from '@vault/node';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import packageJson from '../package.json' with { type: 'json' };
import { withEmbeddingsCache } from './cached-embeddings.js';
import { createHttpEmbeddings, embeddingsEndpoint } from './http-embeddings.js';
import { parseOptions, type ServerOptions, UsageError, usage } from './parse-options.js';
import { createRootsVaultServer } from './create-roots-vault-server.js';
import { StdioTransport } from './stdio/stdio-transport.js';
import { trackPendingRequests } from './track-pending-requests.js';

const log = (message: string) => process.stderr.write(`vault-mcp: ${message}\n`);

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2), process.env);
  if (options === 'help' || options === 'version') {
    process.stdout.write(options === 'help' ? usage : `${packageJson.version}\n`);
    return;
  }

  /** The backend opened, closed at shutdown (its search workers and what they keep, and with --git the git commands it keeps running). */
  let backend: NodeVaultFs | undefined;
  const vaultOptions: VaultOptions = {
    ...(options.extensions ? { extensions: options.extensions } : {}),
    allowHidden: options.allowHidden,
    readOnly: options.readOnly,
    ...(options.maxFileSize ? { maxFileSize: options.maxFileSize } : {}),
    ...(options.searchTimeout ? { searchTimeout: options.searchTimeout } : {}),
    ...(options.maxOutput ? { maxOutput: options.maxOutput } : {}),
    ...(options.findNotesMemory === undefined ? {} : { findNotesMemory: options.findNotesMemory }),
    ...(options.embeddings ? { embeddings: embeddingsOf(options.embeddings) } : {}),
  };
  const openVault = async (folder: string) => {
    // The watch's sync point writes a marker file in the vault: a read-only server writes nothing, so it does not watch.
    const watch = options.watch && !options.readOnly;
    backend = await createNodeFs(folder, { startSearchWorkers: true, searchMemory: options.searchMemory, watch, onWatchNotice: log });
    if (!options.git) return createVault(backend, vaultOptions);
    const history = {
      committer: `vault-mcp ${packageJson.version}`,
      ...(options.gitAuthor ? { author: options.gitAuthor } : {}),
      ...(options.extensions ? { extensions: options.extensions } : {}),
      ...(options.gitRemote
        ? {
            remote: {
              name: options.gitRemote,
              fetchInterval: options.gitFetchInterval,
              groupCommit: options.gitGroupCommit,
              timeout: options.gitRemoteTimeout,
            },
          }
        : {}),
    };
    // Loaded only with --git, so a server without history starts as fast as before.
    const { withGitHistory } = await import('@vault/git');
    // Closing it ends the git commands it keeps running too.
    backend = await withGitHistory(backend, history);
    return createVault(backend, vaultOptions);
  };
  const closeBackend = () => backend?.close() ?? Promise.resolve();
  const serverOptions: VaultMcpServerOptions = {
    version: packageJson.version,
    onUnexpectedError: (error, where) => log(`unexpected error in ${where}: ${(error as Error)?.stack ?? String(error)}`),
  };
  const mode = (vault: Vault) =>
    `${vault.tools.length} tools${options.readOnly ? ', read-only' : ''}${options.git ? ', history in git' : ''}${options.gitRemote ? ` shared through ${options.gitRemote}` : ''}`;

  if (options.http) {
    const vault = await openVault(options.vault!);
    const { serveHttp } = await import('./serve-http.js');
    const http = await serveHttp(vault, { host: options.host, port: options.port, token: options.token, server: serverOptions, log });
    log(`serving ${vault.fs.root} (${mode(vault)}) over Streamable HTTP at ${http.url}`);
    warmSearch(backend!, vault);
    onShutdown(() => http.close().finally(closeBackend));
    return;
  }

  // With --vault, that folder and nothing else; without, the one the client's roots name (never wider).
  const serve = (ready: Vault, from: string) => {
    log(`serving ${ready.fs.root} (${mode(ready)}) over stdio${from}`);
    warmSearch(backend!, ready);
  };
  let server: McpServer;
  if (options.vault) {
    const vault = await openVault(options.vault);
    server = createVaultMcpServer(vault, serverOptions);
    serve(vault, '');
  } else {
    const roots = createRootsVaultServer({
      vaultOptions,
      rootName: options.root,
      rootsTimeout: options.rootsTimeout,
      open: openVault,
      log,
      server: serverOptions,
    });
    server = roots.server;
    roots.chosen.then((vault) => serve(vault, ", from the client's roots"));
  }
  const transport = new StdioTransport({
    input: process.stdin,
    output: process.stdout,
    // A file up to --max-file-size can be written in one call, when its text is not much longer as JSON.
    maxMessageBytes: (options.maxFileSize ?? defaultMaxFileSize) + 1024 * 1024,
    log,
    onOutputClosed: () => finish(),
  });
  await server.connect(transport);
  const requests = trackPendingRequests(transport);
  // When the client closes stdin or stdout, or a signal asks to stop: take no more calls, let those in flight
  // finish (after a signal, for at most stopWait), then exit.
  const finish = (waitAtMost = Number.POSITIVE_INFINITY) => {
    transport.stopReading();
    void shutdown(() =>
      waitFor(requests.idle(), waitAtMost)
        .then(() => server.close())
        .finally(closeBackend),
    );
  };
  process.stdin.once('end', () => finish());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => finish(stopWait));
}

/**
 * The files searches will read, read into memory once the server serves, in the background (searches
 * meanwhile read from disk); then the notes FindNotes ranks, analysed (FindNotes meanwhile reads the rest itself).
 */
function warmSearch(fs: NodeVaultFs, vault: Vault) {
  setTimeout(() => {
    const started = performance.now();
    fs.warmSearch((path, kind) => vault.isListed(path, kind))
      .then(
        ({ files, bytes, texts, textBytes, postingBytes, foldedBytes }) =>
          log(
            `search memory: ${files} files, ${mib(bytes)} MiB, read in ${Math.round(performance.now() - started)} ms (postings ${mib(postingBytes)} MiB, texts of ${texts} files ${mib(textBytes)} MiB, folded copies ${mib(foldedBytes)} MiB)`,
          ),
        (error: unknown) => log(`search memory not filled: ${(error as Error).message}`),
      )
      .then(async () => {
        const notesStarted = performance.now();
        const notes = await warmFindNotes(vault);
        log(`FindNotes: ${notes} notes analysed in ${Math.round(performance.now() - notesStarted)} ms`);
      })
      .catch((error: unknown) => log(`FindNotes notes not analysed ahead: ${(error as Error).message}`));
  }, 200).unref();
}

/** The endpoint's client, its vectors kept in the cache folder unless there is none. */
function embeddingsOf({ url, model, cache }: NonNullable<ServerOptions['embeddings']>) {
  const embeddings = createHttpEmbeddings({ url, model, log });
  return cache === undefined ? embeddings : withEmbeddingsCache(embeddings, { folder: cache, endpoint: embeddingsEndpoint(url), log });
}

const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);

function onShutdown(close: () => Promise<void>) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutdown(close));
}

/** How long a signal lets the calls in flight over stdio finish, in milliseconds. */
const stopWait = 10_000;

/** `done`, or `milliseconds` gone by, whichever comes first. */
async function waitFor(done: Promise<void>, milliseconds: number) {
  if (milliseconds === Number.POSITIVE_INFINITY) return done;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([done, new Promise((resolve) => (timer = setTimeout(resolve, milliseconds)))]);
  clearTimeout(timer);
}

let stopping = false;

async function shutdown(close: () => Promise<void>) {
  if (stopping) return;
  stopping = true;
  await close().catch(() => undefined);
  await new Promise((resolve) => process.stdout.write('', resolve));
  process.exit(0);
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    log(error.message);
    process.exitCode = 64;
  } else if (isVaultError(error)) {
    log(`${error.code}: ${error.message}`);
    // Another --git-remote server holds the clone (75, try again later: once it stopped, or on a clone of its own).
    process.exitCode = error.details?.remote === 'in-use' ? 75 : 66;
  } else if (['EADDRINUSE', 'EADDRNOTAVAIL', 'EACCES', 'ENOTFOUND'].includes((error as NodeJS.ErrnoException).code ?? '')) {
    log(`cannot listen there: ${(error as Error).message}. Choose another --host or --port.`);
    process.exitCode = 69;
  } else {
    log(`failed to start: ${(error as Error)?.stack ?? String(error)}`);
    process.exitCode = 70;
  }
});
