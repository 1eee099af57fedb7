import { type ErrorCode, type ToolName, type ToolOutput, tools } from '@vault/core';

/** What a vault tool gives the agent loop: the tool's typed result, or the error the model can act on. */
export type VaultToolResult<Name extends ToolName> = ToolOutput<Name> | { error: { code: ErrorCode; message: string } };

/**
 * The text the model reads for a tool's result: what the tool renders, or `CODE: message`. Takes a
 * typed result, or any tool result by a name known only at run time (the AI SDK's dynamic tool
 * results: `toolName: string`, `output: unknown`); a result of a tool that is not a vault tool is
 * shown as its JSON.
 */
export function toolResultText<Name extends ToolName>(name: Name, result: VaultToolResult<Name>): string;
export function toolResultText(name: string, result: unknown): string;
export function toolResultText(name: string, result: unknown): string {
  if (isErrorResult(result)) return `${result.error.code}: ${result.error.message}`;
  const definition = tools.find((candidate) => candidate.name === name);
  if (!definition) return JSON.stringify(result) ?? String(result);
  return (definition.render as (output: unknown) => string)(result);
}

function isErrorResult(result: unknown): result is VaultToolResult<ToolName> & { error: { code: ErrorCode; message: string } } {
  return typeof result === 'object' && result !== null && 'error' in result;
}
