import { functionDefinitions, isVaultError, type ToolInput, type ToolName, tools, type Vault, type Tool as VaultTool } from '@vault/core';
import { type JSONSchema7, jsonSchema, type Tool, tool } from 'ai';
import { toolResultText, type VaultToolResult } from './tool-result-text.js';

/** The tools as AI SDK tools, by name, each with its own input and result types. */
export type VaultToolSet = { [Name in ToolName]: Tool<ToolInput<Name>, VaultToolResult<Name>> };

export interface VaultToolsOptions {
  /** Called with anything a tool throws that is not a `VaultError` (a bug, or a backend failure); the model sees only `IO_ERROR`. Default: none. */
  onUnexpectedError?: (error: unknown, toolName: ToolName) => void;
}

/**
 * Turns the tools into AI SDK tools on a vault, with the same names, descriptions and input
 * schemas (JSON Schema from core, exactly as the MCP server lists them) as the MCP server. The model
 * reads each result as the compact text the tool renders; an error, a bad input included, comes back
 * as a tool result `CODE: message` with the next step (never thrown past the agent loop), and the
 * typed result or `{ error }` stays in the steps for your program.
 *
 * On a read-only vault the write tools answer `PERMISSION_DENIED`; to offer the model only the read
 * tools, as the MCP server does, pass `activeTools: vault.tools.map((tool) => tool.name)`.
 */
export function createVaultTools(vault: Vault, options: VaultToolsOptions = {}): VaultToolSet {
  return Object.fromEntries(tools.map((definition) => [definition.name, aiSdkTool(vault, definition, options)])) as VaultToolSet;
}

/** One tool, typed loosely inside; `VaultToolSet` gives each its own input and result types. */
function aiSdkTool(vault: Vault, definition: VaultTool, options: VaultToolsOptions): Tool<Record<string, unknown>, VaultToolResult<ToolName>> {
  // No type arguments to `tool`: its second one is the output in ai 6 and the context in ai 7.
  return tool({
    title: definition.title,
    description: definition.description,
    // No validation here: vault.call validates, so a bad input becomes an INVALID_ARGUMENT result.
    inputSchema: jsonSchema<Record<string, unknown>>(functionDefinitions([definition])[0]!.parameters as JSONSchema7),
    async execute(input, { abortSignal }): Promise<VaultToolResult<ToolName>> {
      try {
        return await vault.call(definition.name, input as never, abortSignal ? { signal: abortSignal } : {});
      } catch (error) {
        if (isVaultError(error)) return { error: { code: error.code, message: error.message } };
        // Cancelled by the caller (the SDK's abortSignal): the run stops with the reason, as the SDK expects.
        if (abortSignal?.aborted) throw error;
        try {
          options.onUnexpectedError?.(error, definition.name);
        } catch {
          // A failing logger must not put the error's details in front of the model.
        }
        return { error: { code: 'IO_ERROR', message: 'The tool failed unexpectedly. Retry; if it keeps failing, check the application log.' } };
      }
    },
    // The text within the vault's answer bound (maxOutput), as the MCP server sends it.
    toModelOutput: ({ output }) =>
      'error' in output
        ? { type: 'error-text', value: toolResultText(definition.name, output) }
        : { type: 'text', value: vault.render(definition.name, output as never) },
  });
}
