import type { z } from 'zod';
import type { TextStyle } from './text-style.js';
import type { Vault } from './vault.js';

/** How a tool touches the vault; MCP turns these into tool annotations. */
export interface ToolEffects {
  /** Never changes the vault. */
  readOnly: boolean;
  /** May replace or remove what is there (a removed file still goes to the trash). */
  destructive: boolean;
  /** Calling it again with the same input changes nothing more. */
  idempotent: boolean;
}

/** A tool, defined once: adapters (MCP, CLI, agent frameworks) read everything they need from here. */
export interface ToolDefinition<Name extends string = string, Schema extends z.ZodObject = z.ZodObject, Output = unknown> {
  name: Name;
  title: string;
  /** Written for a model: what the tool does, when to use it rather than a sibling, its limits. */
  description: string;
  inputSchema: Schema;
  effects: ToolEffects;
  /** Runs the tool on a vault; returns typed data or throws a `VaultError`. */
  run(input: z.output<Schema>, vault: Vault): Promise<Output>;
  /** The compact text an agent reads for the result; `style` marks up its parts (default: plain). */
  render(output: Output, style?: TextStyle): string;
}

export function defineTool<Name extends string, Schema extends z.ZodObject, Output>(
  definition: ToolDefinition<Name, Schema, Output>,
): ToolDefinition<Name, Schema, Output> {
  return definition;
}
