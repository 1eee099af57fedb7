import { z } from 'zod';
import { plainStyle, type TextStyle } from '../text/text-style.js';
import type { LeftAt } from '../vault/applied-calls.js';
import type { Vault } from '../vault/vault.js';
import { escapeName } from '../vault/vault-path.js';

/** How a tool touches the vault; MCP turns these into tool annotations. */
export interface ToolEffects {
  /** Never changes the vault. */
  readOnly: boolean;
  /** May replace or remove what is there (a removed file still goes to the trash). */
  destructive: boolean;
  /** Calling it again with the same input changes nothing more. */
  idempotent: boolean;
}

/** What a tool's run is given besides its input. */
export interface ToolCall {
  /** Aborted when the caller cancels the call: long work (a search, a near-miss search) stops and rejects with its reason. */
  signal: AbortSignal;
}

/** A tool, defined once: adapters (MCP, CLI, agent frameworks) read everything they need from here. */
export interface ToolDefinition<Name extends string = string, Schema extends z.ZodObject = z.ZodObject, Output = unknown> {
  name: Name;
  title: string;
  /** Written for a model: what the tool does, when to use it rather than a sibling, its limits. */
  description: string;
  inputSchema: Schema;
  /** One valid input, as a model would send it: what a message about the arguments' form shows (`callFunction`). Every tool of ours has one. */
  example?: z.input<Schema>;
  effects: ToolEffects;
  /** Runs the tool on a vault; returns typed data or throws a `VaultError`. */
  run(input: z.output<Schema>, vault: Vault, call: ToolCall): Promise<Output>;
  /** The compact text an agent reads for the result; `style` marks up its parts (default: plain). */
  render(output: Output, style?: TextStyle): string;
  /** The shape of `structure`'s result (MCP's outputSchema). */
  outputSchema: z.ZodObject;
  /**
   * The complete result as JSON, for clients that read structured content instead of the text:
   * everything the text says, lines shown as the text shows them. Default: the output as it is.
   */
  structure?(output: Output): Record<string, unknown>;
  /** For a tool that changes files: the one-line summary of its change in the history (`TextEdit: notes/a.md`). */
  subject?(output: Output): string;
  /**
   * For a tool whose call, sent again once its change is there, would fail (a client re-sends a call
   * whose answer was lost): what the change left, and the answer to a retry while every path still
   * holds that (`callTool`, decision 0019); `answer` is also the answer when the history finds the change made
   * already by another server. Without `left`, no call is remembered (the tool tells a retry of itself in `run`).
   */
  retried?: {
    left?(output: Output, vault: Vault): Promise<readonly LeftAt[]>;
    answer(output: Output): Output;
  };
}

/**
 * A tool definition, its `structure` filled in, its output schema given the `cut` note every
 * structured content may carry (`Vault.structure`, `boundJson`), its `render` made safe: every path it shows goes through `escapeName`, so a name
 * holding a line break or a terminal escape can never forge a line of output, whatever the style.
 */
export function defineTool<Name extends string, Schema extends z.ZodObject, Output>(
  definition: ToolDefinition<Name, Schema, Output>,
): ToolDefinition<Name, Schema, Output> & { structure(output: Output): Record<string, unknown> } {
  return {
    ...definition,
    render: (output, style = plainStyle) => definition.render(output, { ...style, path: (text) => style.path(escapeName(text)) }),
    // Present only when the structured content was over the answer's bound: what was left out, and how to see it.
    outputSchema: definition.outputSchema.extend({ cut: z.string().optional() }),
    structure: definition.structure ?? ((output) => output as Record<string, unknown>),
  };
}
