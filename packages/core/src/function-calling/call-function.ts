import type { Tool, ToolName } from '../tools/tools.js';
import type { ToolCallOptions, Vault } from '../vault/vault.js';
import { isVaultError, VaultError } from '../vault/vault-error.js';

/** What a function call gives back to the model, and to your program. */
export interface FunctionCallResult {
  /** The text the model reads: what the tool renders (within `maxOutput`), or `CODE: message` with the next step. */
  text: string;
  /** Whether the call failed; the text then starts with the error's code. */
  isError: boolean;
  /** The tool's typed result (`TextReadOutput`, ...), when the call succeeded. */
  output?: unknown;
}

/**
 * Runs a function call as a model sent it, by a name known only at run time and its arguments as
 * the JSON text (or the parsed value) the model wrote, for any framework given `functionDefinitions`:
 * a `null` argument means "not given" (strict mode's way of leaving one out). A bad name, bad JSON
 * or bad arguments come back as an error result the model can act on, like any `VaultError`;
 * anything else (a bug, a failing backend) is thrown to your program.
 */
export async function callFunction(vault: Vault, name: string, input: unknown, options: ToolCallOptions = {}): Promise<FunctionCallResult> {
  try {
    const output = await vault.call(
      name as ToolName,
      parseArguments(
        input,
        vault.tools.find((tool) => tool.name === name),
      ) as never,
      options,
    );
    return { text: vault.render(name as ToolName, output as never), isError: false, output };
  } catch (error) {
    if (!isVaultError(error)) throw error;
    return { text: `${error.code}: ${error.message}`, isError: true };
  }
}

/** The arguments as an object of parameters, or INVALID_ARGUMENT naming the form wanted with `tool`'s example (none for an unknown tool, which the call refuses next). */
function parseArguments(input: unknown, tool: Tool | undefined): Record<string, unknown> {
  const example = tool?.example ? `, such as ${exampleText(tool.example)}` : '';
  let parsed: unknown = input;
  if (typeof input === 'string') {
    try {
      parsed = input.trim() === '' ? {} : JSON.parse(input);
    } catch {
      throw new VaultError('INVALID_ARGUMENT', `The arguments are not JSON. Send them as a JSON object${example}.`);
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new VaultError('INVALID_ARGUMENT', `The arguments must be a JSON object of parameters${example}.`);
  }
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== null));
}

/** An example input as the tools' descriptions write one: `{"filePath": "notes/todo.md", "offset": 501}`. */
function exampleText(example: object): string {
  return `{${Object.entries(example)
    .map(([name, value]) => `${JSON.stringify(name)}: ${JSON.stringify(value)}`)
    .join(', ')}}`;
}
