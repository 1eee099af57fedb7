import { z } from 'zod';
import type { Tool, ToolName } from './tools.js';

/** A tool as a plain function definition for any agent framework: its input as JSON Schema. */
export interface FunctionDefinition {
  name: ToolName;
  description: string;
  /** The input schema as JSON Schema (draft-07 without its `$schema` line, as the MCP server lists it), converted from the tool's zod schema. */
  parameters: Record<string, unknown>;
}

/** Function definitions of the given tools; pass `vault.tools` to offer what the vault allows. */
export function functionDefinitions(tools: readonly Tool[]): FunctionDefinition[] {
  return tools.map((tool) => {
    // Without the `$schema` line, as the MCP server lists them too (some frameworks refuse it).
    const { $schema: _, ...parameters } = z.toJSONSchema(tool.inputSchema, { target: 'draft-7', io: 'input' });
    return { name: tool.name, description: tool.description, parameters };
  });
}
