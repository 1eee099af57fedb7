import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, McpError, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { escapeName, isVaultError, type Vault, VaultError, type VaultOptions } from '@vault/core';
import { createVaultMcpServer, type VaultMcpServerOptions } from '@vault/mcp';
import { type RootCandidates, rootCandidates, type SkippedRoot } from './root-candidates.js';

export interface RootsVaultServerOptions {
  /** The options the vault is opened with (they decide the tools listed before it is known). */
  vaultOptions: VaultOptions;
  /** Serve the root of this name (`--root`) instead of the first that can be served. */
  rootName?: string;
  /** How long the client has to answer roots/list, in milliseconds (`--roots-timeout`). */
  rootsTimeout: number;
  /** Opens a folder as the vault; rejects with a VaultError (NOT_FOUND, NOT_A_DIRECTORY, ...) when it cannot. */
  open(folder: string): Promise<Vault>;
  /** The server's log (stderr): roots passed over, failed attempts. */
  log(message: string): void;
  server?: VaultMcpServerOptions;
}

/** Folders of roots tried in one attempt, at most: a list of a million roots that all fail costs no more. */
const maxFoldersTried = 32;
/** Roots a message names, at most; it counts the rest. */
const maxRootsNamed = 5;

const restart = 'Start the server with --vault DIR (or VAULT_PATH) naming the folder to serve.';

/**
 * An MCP server on the folder the client's roots name, for vault-mcp on stdio without --vault: once
 * the client has initialized, the first root that is a folder on this machine (or the first of the
 * name `rootName`), as the reference filesystem server does, never anything wider. Roots that cannot
 * be served are passed over, and said in the log with why.
 *
 * Until a vault is chosen, each tools/call asks for the roots again (calls that arrive meanwhile
 * share one request): a client may answer late, or fix its roots. Each failed attempt answers with
 * a VaultError naming what to fix: NOT_FOUND (no roots capability, no usable root, a malformed
 * answer, an error answer), TIMEOUT (no answer within `rootsTimeout`). Once chosen, the vault never
 * moves, whatever the client's roots become. `chosen` resolves when it is chosen.
 */
export function createRootsVaultServer(options: RootsVaultServerOptions): { server: McpServer; chosen: Promise<Vault> } {
  let vault: Vault | undefined;
  let attempt: Promise<Vault> | undefined;
  let announce: (vault: Vault) => void = () => undefined;
  const chosen = new Promise<Vault>((resolve) => (announce = resolve));
  let lastFailure: string | undefined;

  const open = (): Promise<Vault> => {
    if (vault) return Promise.resolve(vault);
    attempt ??= chooseVault(server.server, options).then(
      (opened) => {
        vault = opened;
        announce(opened);
        return opened;
      },
      (error: unknown) => {
        attempt = undefined;
        const said = isVaultError(error) ? `${error.code}: ${error.message}` : String(error);
        if (said !== lastFailure) options.log(said);
        lastFailure = said;
        throw error;
      },
    );
    return attempt;
  };

  const server = createVaultMcpServer({ options: options.vaultOptions, open }, options.server);
  // Asked at once, so that the first call finds the vault open (and its search memory filling).
  server.server.oninitialized = () => void open().catch(() => undefined);
  return { server, chosen };
}

/** One attempt: the client's roots asked for, checked, and the first folder that opens. */
async function chooseVault(server: Server, { rootName, rootsTimeout, open, log }: RootsVaultServerOptions): Promise<Vault> {
  if (!server.getClientCapabilities()?.roots)
    throw new VaultError('NOT_FOUND', `No vault: the server was started without --vault, and this client offers no roots. ${restart}`);
  const roots = (await askRoots(server, rootsTimeout)).roots;
  if (!Array.isArray(roots)) {
    throw new VaultError(
      'NOT_FOUND',
      `No vault: the client's answer to roots/list holds no list of roots (\`roots\` is ${roots === null ? 'null' : typeof roots}). Fix the client's roots, or start the server with --vault DIR (or VAULT_PATH).`,
    );
  }
  const found = rootCandidates(roots, rootName);
  const tried = found.candidates.slice(0, maxFoldersTried);
  for (const candidate of tried) {
    try {
      const opened = await open(candidate.folder);
      for (const skipped of found.skipped) log(`passed over the client's root ${skipped.shown}: it ${skipped.reason}`);
      return opened;
    } catch (error) {
      found.skipped.push({ shown: candidate.shown, reason: folderReason(error) });
    }
  }
  throw noUsableRoot(roots.length, found, rootName, found.candidates.length - tried.length);
}

/** The client's answer to roots/list, any object: its `roots` are checked one by one, not by the SDK's schema (one bad root would fail them all). */
async function askRoots(server: Server, timeout: number): Promise<Record<string, unknown>> {
  try {
    return await server.request({ method: 'roots/list' }, ResultSchema, { timeout });
  } catch (error) {
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
      throw new VaultError(
        'TIMEOUT',
        `No vault yet: the client did not answer roots/list within ${timeout} ms. Call again once the client is ready (each call asks again), or start the server with --vault DIR (or VAULT_PATH).`,
      );
    }
    const said = escapeName(String(error instanceof Error ? error.message : error).slice(0, 200));
    if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed)
      throw new VaultError('IO_ERROR', `No vault: the connection closed while asking the client for its roots (${said}).`);
    throw new VaultError(
      'NOT_FOUND',
      `No vault: the client answered roots/list with an error (${said}). Fix the client's roots, or start the server with --vault DIR (or VAULT_PATH).`,
    );
  }
}

/** Why a root's folder did not open, in a few words. */
function folderReason(error: unknown): string {
  if (!isVaultError(error)) return 'cannot be opened';
  const reasons: Partial<Record<string, string>> = {
    NOT_FOUND: 'does not exist',
    NOT_A_DIRECTORY: 'is a file, not a folder',
    PERMISSION_DENIED: 'cannot be read (permission denied)',
  };
  return reasons[error.code] ?? `cannot be opened (${error.code})`;
}

/** The error of an attempt that found no root to serve, naming the first few and why each was passed over. */
function noUsableRoot(offered: number, { skipped, named }: RootCandidates, rootName: string | undefined, untried: number): VaultError {
  if (rootName !== undefined && skipped.length === 0) {
    return new VaultError(
      'NOT_FOUND',
      `No vault: no root is named ${escapeName(rootName.slice(0, 120))} among ${listed(named, (name) => name) || "the client's roots (none has a name)"}. ${restart}`,
    );
  }
  if (offered === 0) return new VaultError('NOT_FOUND', `No vault: the client offers no file:// root. ${restart}`);
  const which =
    rootName === undefined ? `none of the client's ${offered} roots can be served` : `no root named ${escapeName(rootName.slice(0, 120))} can be served`;
  const notTried = untried > 0 ? `; ${untried} more not tried` : '';
  return new VaultError(
    'NOT_FOUND',
    `No vault: ${which}: ${listed(skipped, (root: SkippedRoot) => `${root.shown} ${root.reason}`)}${notTried}. Give the client a root that is a folder on this machine (a file:// URI), or start the server with --vault DIR (or VAULT_PATH) naming the folder to serve.`,
  );
}

/** The first few of a list, each as `show` says, and how many more. */
function listed<T>(items: readonly T[], show: (item: T) => string): string {
  const more = items.length > maxRootsNamed ? `, and ${items.length - maxRootsNamed} more` : '';
  return `${items.slice(0, maxRootsNamed).map(show).join('; ')}${more}`;
}
