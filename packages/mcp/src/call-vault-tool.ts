import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isVaultError, type ToolCallOptions, type ToolName, type Vault } from '@vault/core';
import { toolErrorResult } from './tool-error-result.js';

/** A tools/call request's parameters: a name, and the arguments as sent (core checks them). */
export interface ToolCallParams {
  name: string;
  arguments?: unknown;
}

/**
 * Answers a tools/call: the tool's rendered text as content and its complete result as structured
 * content, each within the vault's answer bound (`Vault.render`, `Vault.structure`), or an error
 * result with a code. Core checks everything the caller sent (`Vault.call`):
 * an unknown tool or argument, or arguments that do not fit the input schema, are INVALID_ARGUMENT
 * naming the parameter; a write tool on a read-only vault is PERMISSION_DENIED. `onUnexpected` hears
 * of every failure that is not a `VaultError`, a cancelled call's excepted: its answer is never sent.
 */
export async function callVaultTool(
  vault: Vault,
  { name, arguments: input = {} }: ToolCallParams,
  callOptions: ToolCallOptions & { signal: AbortSignal },
  onUnexpected: (error: unknown, where: ToolName) => void,
): Promise<CallToolResult> {
  const { signal } = callOptions;
  try {
    const output = await vault.call(name as ToolName, input as never, callOptions);
    const tool = vault.tools.find((candidate) => candidate.name === name)!;
    // The complete result, for clients that show the model structured content instead of the text.
    const structuredContent = vault.structure(tool.name, output as never);
    // What tools/list promises: a result outside its output schema is a bug of ours, never sent.
    const checked = tool.outputSchema.safeParse(structuredContent);
    if (!checked.success) throw new Error(`${tool.name}'s structured content does not fit its output schema: ${checked.error.message}`);
    return { content: [{ type: 'text', text: vault.render(tool.name, output as never) }], structuredContent };
  } catch (error) {
    if (!isVaultError(error) && !signal.aborted) onUnexpected(error, name as ToolName);
    return toolErrorResult(error);
  }
}
