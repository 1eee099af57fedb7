import type { ToolInput, ToolName, ToolOutput } from '../tools/tools.js';
import { toolsOf } from '../tools/tools.js';
import type { ToolCallOptions, Vault } from '../vault/vault.js';

/**
 * Each tool as a typed function of its input: `TextRead({ filePath })` resolves to a `TextReadOutput`;
 * `TextSearch({ query }, { signal })` stops and rejects with the signal's reason when it is aborted.
 */
export type ToolFunctions = { [Name in ToolName]: (input: ToolInput<Name>, options?: ToolCallOptions) => Promise<ToolOutput<Name>> };

/**
 * The vault's tools as typed functions, named like the tools. Each validates its input and throws
 * `VaultError`, like `vault.call`; on a read-only vault the write tools throw `PERMISSION_DENIED`.
 * History, Undo and Restore are there only when the backend has history (`VaultFs.history`).
 */
export function createToolFunctions(vault: Vault): ToolFunctions {
  return Object.fromEntries(
    toolsOf(vault.fs.history !== undefined).map((tool) => [tool.name, (input: never, options?: ToolCallOptions) => vault.call(tool.name, input, options)]),
  ) as unknown as ToolFunctions;
}
