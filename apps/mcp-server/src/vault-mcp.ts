import { createVault, isVaultError } from '@vault/core';
import { createVaultMcpServer, type VaultMcpServerOptions } from '@vault/mcp';
import { createNodeFs } from '@vault/node';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import packageJson from '../package.json' with { type: 'json' };
import { parseOptions, UsageError, usage } from './parse-options.js';
import { trackPendingRequests } from './track-pending-requests.js';

const log = (message: string) => process.stderr.write(`vault-mcp: ${message}\n`);

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2), process.env);
  if (options === 'help' || options === 'version') {
    process.stdout.write(options === 'help' ? usage : `${packageJson.version}\n`);
    return;
  }

  const fs = await createNodeFs(options.vault, { startSearchWorkers: true, searchMemory: options.searchMemory });
  const vault = createVault(fs, {
    ...(options.extensions ? { extensions: options.extensions } : {}),
    allowHidden: options.allowHidden,
    readOnly: options.readOnly,
    ...(options.maxFileSize ? { maxFileSize: options.maxFileSize } : {}),
    ...(options.searchTimeout ? { searchTimeout: options.searchTimeout } : {}),
    ...(options.maxOutput ? { maxOutput: options.maxOutput } : {}),
  });
  const serverOptions: VaultMcpServerOptions = {
    version: packageJson.version,
    onUnexpectedError: (error, where) => log(`unexpected error in ${where}: ${(error as Error)?.stack ?? String(error)}`),
  };
  const mode = `${vault.tools.length} tools${options.readOnly ? ', read-only' : ''}`;

  if (options.http) {
    const { serveHttp } = await import('./serve-http.js');
    const http = await serveHttp(vault, { host: options.host, port: options.port, token: options.token, server: serverOptions, log });
    log(`serving ${vault.fs.root} (${mode}) over Streamable HTTP at ${http.url}`);
    onShutdown(() => http.close().finally(() => fs.close()));
    warmSearch();
    return;
  }

  const server = createVaultMcpServer(vault, serverOptions);
  const transport = new StdioServerTransport();
  await server.connect(transport);
  const requests = trackPendingRequests(transport);
  log(`serving ${vault.fs.root} (${mode}) over stdio`);
  // When the client closes stdin, answer what it already sent, then exit.
  process.stdin.once('end', () => void shutdown(() => requests.idle().then(() => server.close()).finally(() => fs.close())));
  onShutdown(() => server.close().finally(() => fs.close()));
  warmSearch();

  /** The files searches will read, read into memory after start-up, in the background (searches meanwhile read from disk). */
  function warmSearch() {
    setTimeout(() => {
      const started = performance.now();
      fs.warmSearch((path, kind) => vault.isListed(path, kind)).then(
        ({ files, bytes }) => log(`search memory: ${files} files, ${Math.round(bytes / 1024 / 1024)} MiB, read in ${Math.round(performance.now() - started)} ms`),
        (error: unknown) => log(`search memory not filled: ${(error as Error).message}`),
      );
    }, 200).unref();
  }
}

function onShutdown(close: () => Promise<void>) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutdown(close));
}

async function shutdown(close: () => Promise<void>) {
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
    process.exitCode = 66;
  } else if (['EADDRINUSE', 'EADDRNOTAVAIL', 'EACCES', 'ENOTFOUND'].includes((error as NodeJS.ErrnoException).code ?? '')) {
    log(`cannot listen there: ${(error as Error).message}. Choose another --host or --port.`);
    process.exitCode = 69;
  } else {
    log(`failed to start: ${(error as Error)?.stack ?? String(error)}`);
    process.exitCode = 70;
  }
});
