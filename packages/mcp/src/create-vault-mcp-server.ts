import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { isVaultError, type ToolName, type Vault } from '@vault/core';
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
   * is the tool's name) or a protocol error such as an unparsable message (`where` is `protocol`).
   */
  onUnexpectedError?: (error: unknown, where: ToolName | 'protocol') => void;
}

/** What the server tells a client about its tools, true to the vault's mode (when the vault is known at the start). */
function instructionsFor(vault: Vault | Promise<Vault>): string {
  if (vault instanceof Promise) return 'Tools for the text and markdown files of one folder (the vault), chosen from the roots of this client. Paths are vault-relative, like notes/todo.md.';
  const writes = vault.tools.some((tool) => !tool.effects.readOnly);
  return [
    'Tools for the text and markdown files of one folder (the vault). Paths are vault-relative, like notes/todo.md.',
    writes
      ? 'Find with TextSearch, read with TextRead (numbered lines and a fileHash), change with TextEdit (exact string replacement), write new files with TextCreate. RemoveFile moves files to .trash/ and Move restores them.'
      : 'The vault is read-only: find with TextSearch, read with TextRead, list with ListDirectories and ListFiles.',
    vault.options.allowHidden ? 'Hidden paths (.git, .obsidian, .trash) are reachable.' : 'Hidden folders (.git, .obsidian, .trash) are out of reach.',
  ].join(' ');
}

/**
 * An MCP server offering the vault's tools (all eight, or the read tools of a read-only vault),
 * with titles, descriptions, input and output schemas and annotations from core's definitions.
 *
 * Its tools/list and tools/call handlers are its own, set on the SDK's low-level `Server` (`server`):
 * core checks every call's arguments against its schemas (see `callVaultTool`), and tools/list shows
 * those schemas (see `listVaultTools`). The SDK's `registerTool` is not used, so the server's answers
 * do not depend on how an SDK version validates, words or lists tools; registering more tools on the
 * returned server is refused by the SDK (the handlers exist already).
 *
 * `vault` may be a promise, for a vault the server learns only after the client connected (its
 * roots): tools/list and tools/call wait for it, and if it fails, tools/call answers with its
 * VaultError (tools/list with the message).
 */
export function createVaultMcpServer(vault: Vault | Promise<Vault>, options: VaultMcpServerOptions = {}): McpServer {
  const server = new McpServer({ name: options.name ?? 'vault-text-tools', version: options.version ?? packageVersion }, { instructions: instructionsFor(vault) });
  const protocol = server.server;
  // The tool list never changes while the server runs.
  protocol.registerCapabilities({ tools: { listChanged: false } });
  protocol.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listVaultTools(await vault) }));
  protocol.setRequestHandler(CallToolRequestSchema, async (request, { signal }) => {
    const ready = await Promise.resolve(vault).catch((error: unknown) => {
      if (isVaultError(error)) return error;
      throw error;
    });
    if (isVaultError(ready)) return toolErrorResult(ready);
    return callVaultTool(ready, request.params, signal, (error, where) => options.onUnexpectedError?.(error, where));
  });
  protocol.onerror = (error) => options.onUnexpectedError?.(error, 'protocol');
  return server;
}
