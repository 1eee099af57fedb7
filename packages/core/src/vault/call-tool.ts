import { firstCharacters } from '../text/character-boundary.js';
import { boundText } from '../tools/bound-text.js';
import type { ToolCall } from '../tools/define-tool.js';
import { parseToolInput } from '../tools/parse-tool-input.js';
import { historyTools, type ToolName, type ToolOutput, tools } from '../tools/tools.js';
import { type AppliedCall, appliedCall, callKey, type LeftAt, rememberCall, stillApplied } from './applied-calls.js';
import type { ToolCallOptions, Vault } from './vault.js';
import { isVaultError, VaultError } from './vault-error.js';
import { escapeName } from './vault-path.js';

/**
 * `Vault.call`: the tool found among those the vault offers, its input checked against its schema,
 * then run (with history, as one change: `VaultHistory.record`). A `VaultError` comes out within the answer bound as adapters show it (`CODE: message`).
 * A call that fails after an earlier one of the same tool and input applied its change, still there, answers that
 * it was already applied (a client re-sends a call whose answer was lost; decision 0019), and so does one whose
 * change the history did not make because the vault holds exactly it already (`details.applied`).
 */
export async function callTool<Name extends ToolName>(
  vault: Vault,
  name: Name,
  input: unknown,
  { signal, agent }: ToolCallOptions = {},
): Promise<ToolOutput<Name>> {
  const tool = vault.tools.find((candidate) => candidate.name === name);
  if (!tool) throw missingTool(vault, name);
  signal?.throwIfAborted();
  const call: ToolCall = { signal: signal ?? new AbortController().signal };
  const parsed = parseToolInput(tool, input);
  const retried = tool.retried as { left?(output: unknown, vault: Vault): Promise<readonly LeftAt[]>; answer(output: unknown): ToolOutput<Name> } | undefined;
  // Only a tool that can tell a retry of itself is keyed: a read, or a TextCreate of 100 MB, hashes nothing.
  const key = retried?.left && callKey(tool.name, parsed);
  let own: AppliedCall | undefined;
  let made: { output: ToolOutput<Name> } | undefined;
  const run = async () => {
    const output = await (tool.run as (input: unknown, vault: Vault, call: ToolCall) => Promise<ToolOutput<Name>>)(parsed, vault, call);
    made = { output };
    // What it left is taken inside the history's change, before any later call can touch it; a call
    // whose change is made is never failed for it (then it is just not remembered).
    const left = retried?.left ? await retried.left(output, vault).catch(forgotten) : [];
    if (key && left.length > 0) {
      own = { output, left };
      rememberCall(vault, key, own);
    }
    return output;
  };
  const subjectOf = tool.subject as ((output: ToolOutput<Name>) => string) | undefined;
  const history = vault.fs.history;
  try {
    // With history, a call that changes files is one change, named by the tool.
    if (history === undefined || tool.effects.readOnly) return await run();
    return await history.record({ tool: tool.name, ...(agent === undefined ? {} : { agent }) }, run, (output) => subjectOf?.(output) ?? tool.name);
  } catch (error) {
    if (!isVaultError(error)) throw error;
    // Its change not made, the vault holding exactly it already (another server made it meanwhile): already applied.
    if (retried && made && error.details?.applied === true) return retried.answer(made.output);
    const earlier = key && appliedCall(vault, key);
    if (retried && earlier && earlier !== own && (await stillApplied(vault, earlier))) return retried.answer(earlier.output);
    const room = vault.options.maxOutput - error.code.length - 2;
    const message = printable(error.message);
    if (message === error.message && message.length <= room) throw error;
    throw new VaultError(error.code, boundText(message, room), error.details as Record<string, unknown> | undefined);
  }
}

/**
 * A message as an agent may be shown it: terminal escape sequences taken out and other control characters but line
 * breaks and tabs made spaces. Messages quote what git and a remote's hooks said, which may carry them (round 15).
 */
function printable(message: string): string {
  return (
    message
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequences (CSI, OSC, two-character) are what is taken out.
      .replace(/\u001b\[[0-?]*[ -/]*[@-~]|\u009b[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[ -~]?/g, '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced.
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, ' ')
  );
}

/** What a call left, when telling it failed with a `VaultError`: nothing remembered. */
function forgotten(error: unknown): readonly LeftAt[] {
  if (isVaultError(error)) return [];
  throw error;
}

/** A tool the vault does not offer: a write tool of a read-only vault, a history tool without history, or no tool at all. */
function missingTool(vault: Vault, name: string): VaultError {
  if (vault.fs.history === undefined && historyTools.some((candidate) => candidate.name === name)) {
    return new VaultError('INVALID_ARGUMENT', `${name} needs the vault's history, which is off. Start the server or the CLI with --git.`);
  }
  return [...tools, ...historyTools].some((candidate) => candidate.name === name)
    ? new VaultError('PERMISSION_DENIED', `${name} changes files, and this vault is open read-only. Use the read tools, or open the vault without read-only.`)
    : new VaultError(
        'INVALID_ARGUMENT',
        `There is no tool named ${escapeName(firstCharacters(String(name), 60))}. Tools: ${vault.tools.map((candidate) => candidate.name).join(', ')}.`,
      );
}
