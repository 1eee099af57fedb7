import { firstCharacters } from '../text/character-boundary.js';
import { boundText } from '../tools/bound-text.js';
import type { ToolCall } from '../tools/define-tool.js';
import { parseToolInput } from '../tools/parse-tool-input.js';
import { tools, type ToolName, type ToolOutput } from '../tools/tools.js';
import type { ToolCallOptions, Vault } from './vault.js';
import { isVaultError, VaultError } from './vault-error.js';
import { escapeName } from './vault-path.js';

/**
 * `Vault.call`: the tool found among those the vault offers, its input checked against its schema,
 * then run. A `VaultError` comes out within the answer bound as adapters show it (`CODE: message`).
 */
export async function callTool<Name extends ToolName>(vault: Vault, name: Name, input: unknown, { signal }: ToolCallOptions = {}): Promise<ToolOutput<Name>> {
  const tool = vault.tools.find((candidate) => candidate.name === name);
  if (!tool) throw missingTool(vault, name);
  signal?.throwIfAborted();
  const call: ToolCall = { signal: signal ?? new AbortController().signal };
  try {
    return await (tool.run as (input: unknown, vault: Vault, call: ToolCall) => Promise<ToolOutput<Name>>)(parseToolInput(tool, input), vault, call);
  } catch (error) {
    if (!isVaultError(error)) throw error;
    const room = vault.options.maxOutput - error.code.length - 2;
    if (error.message.length <= room) throw error;
    throw new VaultError(error.code, boundText(error.message, room), error.details as Record<string, unknown> | undefined);
  }
}

/** A tool the vault does not offer: a write tool of a read-only vault, or no tool at all. */
function missingTool(vault: Vault, name: string): VaultError {
  return tools.some((candidate) => candidate.name === name)
    ? new VaultError('PERMISSION_DENIED', `${name} changes files, and this vault is open read-only. Use the read tools, or open the vault without read-only.`)
    : new VaultError(
        'INVALID_ARGUMENT',
        `There is no tool named ${escapeName(firstCharacters(String(name), 60))}. Tools: ${vault.tools.map((candidate) => candidate.name).join(', ')}.`,
      );
}
