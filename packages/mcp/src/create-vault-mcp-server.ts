import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { type CallToolResult, CallToolRequestSchema, ErrorCode as JsonRpcErrorCode, ListToolsRequestSchema, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import { boundText, escapeName, isVaultError, parseToolInput, type ToolName, type Vault, VaultError } from '@vault/core';
import { toolErrorResult } from './tool-error-result.js';

export interface VaultMcpServerOptions {
  /** The name the server reports to clients. Default `vault-text-tools`. */
  name?: string;
  /** The version the server reports. Default `0.1.0`. */
  version?: string;
  /**
   * Called with every unexpected failure, e.g. to log it to stderr: a tool's non-VaultError (`where`
   * is the tool's name) or a protocol error such as an unparsable message (`where` is `protocol`).
   */
  onUnexpectedError?: (error: unknown, where: ToolName | 'protocol') => void;
}

/** What the server tells a client about its tools, true to the vault's mode. */
function instructionsFor(vault: Vault): string {
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
 */
export function createVaultMcpServer(vault: Vault, options: VaultMcpServerOptions = {}): McpServer {
  const server = new McpServer({ name: options.name ?? 'vault-text-tools', version: options.version ?? '0.1.0' }, { instructions: instructionsFor(vault) });
  codeRefusedCalls(server, vault, options);
  compactToolList(server);
  for (const tool of vault.tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: {
          readOnlyHint: tool.effects.readOnly,
          destructiveHint: tool.effects.destructive,
          idempotentHint: tool.effects.idempotent,
          openWorldHint: false,
        },
      },
      async (input: unknown, { signal }: { signal: AbortSignal }): Promise<CallToolResult> => {
        try {
          // A call the client cancels (notifications/cancelled) aborts `signal`: a search stops reading.
          const output = await vault.call(tool.name, input as never, { signal });
          return {
            content: [{ type: 'text', text: vault.render(tool.name, output as never) }],
            // The complete result, for clients that show the model structured content instead of the text.
            structuredContent: (tool.structure as (output: unknown) => Record<string, unknown>)(output),
          };
        } catch (error) {
          // A cancelled call's answer is never sent, and its end is no failure.
          if (!isVaultError(error) && !signal.aborted) options.onUnexpectedError?.(error, tool.name);
          return toolErrorResult(error);
        }
      },
    );
  }
  server.server.onerror = (error) => options.onUnexpectedError?.(error, 'protocol');
  // The tool list never changes while the server runs.
  server.server.registerCapabilities({ tools: { listChanged: false } });
  return server;
}

/**
 * tools/list without the `$schema` line the SDK puts in every input and output schema: the same
 * draft-07 schemas, some 800 characters fewer in every client's context.
 */
function compactToolList(server: McpServer) {
  const protocol = server.server;
  const setRequestHandler = protocol.setRequestHandler.bind(protocol);
  protocol.setRequestHandler = ((schema: typeof ListToolsRequestSchema, handler: (...args: unknown[]) => Promise<ListToolsResult>) =>
    setRequestHandler(
      schema,
      schema !== ListToolsRequestSchema
        ? handler
        : async (...args: unknown[]) => {
            const result = await handler(...args);
            const compact = <Schema extends object>({ $schema: _, ...schema }: Schema & { $schema?: unknown }) => schema;
            return {
              ...result,
              tools: result.tools.map((tool) => ({ ...tool, inputSchema: compact(tool.inputSchema), ...(tool.outputSchema ? { outputSchema: compact(tool.outputSchema) } : {}) })),
            };
          },
    )) as typeof protocol.setRequestHandler;
}

/**
 * The SDK refuses some calls before a tool's handler runs (an unknown tool, arguments that do not
 * fit the input schema) with an error result that has no code. Its tools/call handler is wrapped,
 * as it is installed, so that such a result gets one too: INVALID_ARGUMENT for invalid parameters,
 * IO_ERROR (reported as unexpected) for anything else.
 */
function codeRefusedCalls(server: McpServer, vault: Vault, options: VaultMcpServerOptions) {
  const protocol = server.server;
  const setRequestHandler = protocol.setRequestHandler.bind(protocol);
  protocol.setRequestHandler = ((schema: typeof CallToolRequestSchema, handler: (...args: unknown[]) => Promise<CallToolResult>) =>
    setRequestHandler(
      schema,
      schema !== CallToolRequestSchema
        ? handler
        : async (...args: unknown[]) => {
            const result = await handler(...args);
            if (!result.isError || result._meta?.errorCode !== undefined) return result;
            const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
            // Invalid parameters are the caller's to fix; anything else (an output that fails its schema) is ours.
            if (!text.includes(`MCP error ${JsonRpcErrorCode.InvalidParams}:`) || text.includes('Output validation error')) {
              options.onUnexpectedError?.(new Error(text), 'protocol');
              return toolErrorResult(new Error(text));
            }
            // Our own message where the tool is known (an unknown argument names the closest parameter).
            const params = (args[0] as { params?: { name?: unknown; arguments?: unknown } } | undefined)?.params;
            const tool = vault.tools.find((candidate) => candidate.name === params?.name);
            if (tool) {
              try {
                parseToolInput(tool, params?.arguments ?? {});
              } catch (error) {
                return toolErrorResult(error);
              }
            }
            // The SDK's text echoes what the caller sent (a tool name of megabytes, line breaks): escaped and cut.
            const reason = boundText(escapeName(text.slice(0, vault.options.maxOutput).replace(/^MCP error -?\d+: /, '').replace(/\.$/, '')), vault.options.maxOutput - 200);
            return toolErrorResult(new VaultError('INVALID_ARGUMENT', `${reason}. Fix the call (tools/list gives each tool's name and input schema) and call again.`));
          },
    )) as typeof protocol.setRequestHandler;
}
