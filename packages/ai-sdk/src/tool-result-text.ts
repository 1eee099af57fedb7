import { type ErrorCode, type ToolName, type ToolOutput, tools } from '@vault/core';

/** What a vault tool gives the agent loop: the tool's typed result, or the error the model can act on. */
export type VaultToolResult<Name extends ToolName> = ToolOutput<Name> | { error: { code: ErrorCode; message: string } };

/** The text the model reads for a tool's result: what the tool renders, or `CODE: message`. */
export function toolResultText<Name extends ToolName>(name: Name, result: VaultToolResult<Name>): string {
  if ('error' in result) return `${result.error.code}: ${result.error.message}`;
  const definition = tools.find((candidate) => candidate.name === name)!;
  return (definition.render as (output: ToolOutput<Name>) => string)(result);
}
