import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createMemoryFs, createVault, isVaultError, type ToolName, type Vault, type VaultOptions } from '@vault/core';
import { z } from 'zod';
import { callVaultTool } from './call-vault-tool.js';
import { listVaultTools } from './list-vault-tools.js';
import { toolErrorResult } from './tool-error-result.js';
// Only `version` is bundled (the build inlines it from this package's package.json).
import { version as packageVersion } from '../package.json';

export interface VaultMcpServerOptions {
  /** The name the server reports to clients. Default `vault-text-tools`. */
  name?: string;
  /** The version the server reports. Default: this package's version. */
  version?: string;
  /**
   * Called with every unexpected failure, e.g. to log it to stderr: a tool's non-VaultError (`where`
   * is the tool's name), or a protocol error such as an unparsable message, or a vault that failed
   * with anything but a VaultError (`where` is `protocol`).
   */
  onUnexpectedError?: (error: unknown, where: ToolName | 'protocol') => void;
}

/**
 * A vault the server learns only after the client connected (from its roots, as vault-mcp does
 * without --vault), asked for again until it comes.
 */
export interface PendingVault {
  /** The options the vault will be opened with: they decide the tools tools/list offers (all of them, or the read tools) before it is known. */
  readonly options: VaultOptions;
  /**
   * The vault, asked for at each tools/call until it resolves (the caller keeps it once it has it).
   * A rejection answers that call: a `VaultError` with its code (say what to fix), anything else as
   * `IO_ERROR` (and `onUnexpectedError` hears of it); the next call asks again.
   */
  open(): Promise<Vault>;
}

/** What the server tells a client about its tools, true to the vault's mode (when the vault is known at the start). */
function instructionsFor(vault: Vault | Promise<Vault> | PendingVault): string {
  if (!isVault(vault))
    return 'Tools for the text and markdown files of one folder (the vault), chosen from the roots of this client. Paths are vault-relative, like notes/todo.md.';
  const writes = vault.tools.some((tool) => !tool.effects.readOnly);
  return [
    'Tools for the text and markdown files of one folder (the vault). Paths are vault-relative, like notes/todo.md.',
    writes
      ? "Find with TextSearch, read with TextRead (numbered lines and a fileHash), change with TextEdit (exact string replacement), write new files with TextCreate. RemoveFile moves files to .trash/ and Move restores them. Links gives a note's links and backlinks, or every broken link."
      : 'The vault is read-only: find with TextSearch, read with TextRead, list with ListDirectories and ListFiles, check links with Links.',
    vault.options.allowHidden ? 'Hidden paths (.git, .obsidian, .trash) are reachable.' : 'Hidden folders (.git, .obsidian, .trash) are out of reach.',
    ...(vault.fs.history
      ? [
          'Every change is recorded: History lists the changes of a file and shows one as a diff, TextRead with at reads an old version, Undo takes a change back, Restore brings one file back.',
        ]
      : []),
  ].join(' ');
}

/**
 * An MCP server offering the vault's tools (all of them, or the read tools of a read-only vault),
 * with titles, descriptions, input and output schemas and annotations from core's definitions.
 *
 * Its tools/list and tools/call handlers are its own, set on the SDK's low-level `Server` (`server`):
 * core checks every call's arguments against its schemas (see `callVaultTool`), and tools/list shows
 * those schemas (see `listVaultTools`). The SDK's `registerTool` is not used, so the server's answers
 * do not depend on how an SDK version validates, words or lists tools; registering more tools on the
 * returned server is refused by the SDK (the handlers exist already).
 *
 * `vault` may be a `PendingVault`, for a vault the server learns only after the client connected
 * (its roots): tools/list answers from its options at once, and each tools/call asks for it until it
 * comes, answering a failure with a code. Or a promise of one: tools/list and tools/call wait for it,
 * and if it fails, tools/call answers with its VaultError (anything else as IO_ERROR), tools/list
 * with the message.
 */
export function createVaultMcpServer(vault: Vault | Promise<Vault> | PendingVault, options: VaultMcpServerOptions = {}): McpServer {
  const server = new McpServer(
    { name: options.name ?? 'vault-text-tools', version: options.version ?? packageVersion },
    { instructions: instructionsFor(vault) },
  );
  const protocol = server.server;
  // The tool list never changes while the server runs.
  protocol.registerCapabilities({ tools: { listChanged: false } });
  const { listed, ready } = sourceOf(vault);
  protocol.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listVaultTools(await listed()) }));
  protocol.setRequestHandler(toolCallRequestSchema, async (request, { signal }) => {
    const opened = await ready().then(
      (vault) => ({ vault }),
      (error: unknown) => ({ error }),
    );
    if ('error' in opened) {
      // A vault that failed for a reason nobody put in words is a bug of ours or the host's: reported, answered IO_ERROR.
      if (!isVaultError(opened.error)) options.onUnexpectedError?.(opened.error, 'protocol');
      return toolErrorResult(opened.error);
    }
    // With history on, the client's name and version are the author of the changes the call makes.
    const client = protocol.getClientVersion();
    const agent = client ? `${client.name} ${client.version}` : undefined;
    return callVaultTool(opened.vault, request.params, { signal, ...(agent ? { agent } : {}) }, (error, where) => options.onUnexpectedError?.(error, where));
  });
  protocol.onerror = (error) => options.onUnexpectedError?.(error, 'protocol');
  return server;
}

/**
 * A tools/call request as this server reads it: a tool's name, and its arguments as sent, for core to check
 * (the SDK's `CallToolRequestSchema` copies them, dropping a key named `__proto__` unseen).
 */
const toolCallRequestSchema = z.object({
  method: z.literal('tools/call'),
  params: z.looseObject({ name: z.string(), arguments: z.unknown().optional() }),
});

function isVault(vault: Vault | Promise<Vault> | PendingVault): vault is Vault {
  return !(vault instanceof Promise) && !('open' in vault);
}

/** Where tools/list and tools/call find the vault: `listed` gives the tools to list, `ready` the vault to call. */
function sourceOf(vault: Vault | Promise<Vault> | PendingVault): { listed: () => Promise<Vault>; ready: () => Promise<Vault> } {
  if (vault instanceof Promise || isVault(vault)) {
    const ready = () => Promise.resolve(vault);
    return { listed: ready, ready };
  }
  // The tools of a vault with these options, on no files: core decides which tools a vault offers.
  let standIn: Vault | undefined;
  return { listed: async () => (standIn ??= createVault(createMemoryFs(), vault.options)), ready: () => vault.open() };
}
