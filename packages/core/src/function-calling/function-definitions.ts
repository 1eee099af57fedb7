import { z } from 'zod';
import type { Tool, ToolName } from '../tools/tools.js';

/** A tool's input as a JSON Schema object: every tool takes an object of scalar parameters and nothing else. */
export interface FunctionParameters {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  additionalProperties: false;
  [keyword: string]: unknown;
}

/** A tool as a plain function definition for any agent framework: its input as JSON Schema. */
export interface FunctionDefinition {
  name: ToolName;
  description: string;
  /** The input schema as JSON Schema (draft-07 without its `$schema` line, as the MCP server lists it), converted from the tool's zod schema. */
  parameters: FunctionParameters;
  /** Whether `parameters` follows OpenAI's strict mode (see `FunctionDefinitionsOptions.strict`). */
  strict: boolean;
}

export interface FunctionDefinitionsOptions {
  /**
   * Schemas for OpenAI's strict mode (structured outputs): every parameter is listed as required, an
   * optional one as nullable (`null` meaning "not given", which `callFunction` drops) and without its
   * `default` (the description says it). Default `false`: the schemas as the MCP server lists them.
   */
  strict?: boolean;
}

/** Function definitions of the given tools; pass `vault.tools` to offer what the vault allows. */
export function functionDefinitions(tools: readonly Tool[], options: FunctionDefinitionsOptions = {}): FunctionDefinition[] {
  const strict = options.strict ?? false;
  return tools.map((tool) => {
    // Without the `$schema` line, as the MCP server lists them too (some frameworks refuse it).
    const { $schema: _, ...schema } = z.toJSONSchema(tool.inputSchema, { target: 'draft-7', io: 'input' });
    const parameters: FunctionParameters = {
      ...schema,
      type: 'object',
      properties: (schema.properties ?? {}) as FunctionParameters['properties'],
      additionalProperties: false,
    };
    return { name: tool.name, description: tool.description, parameters: strict ? strictParameters(parameters) : parameters, strict };
  });
}

/** Every property required, the optional ones nullable and without a default: what OpenAI's strict mode accepts. */
function strictParameters(parameters: FunctionParameters): FunctionParameters {
  const properties = Object.fromEntries(
    Object.entries(parameters.properties).map(([name, property]) => [name, parameters.required?.includes(name) ? property : nullable(property)]),
  );
  return { ...parameters, properties, required: Object.keys(properties) };
}

function nullable({ default: _, ...property }: Record<string, unknown>): Record<string, unknown> {
  return {
    ...property,
    type: [property.type, 'null'],
    ...(Array.isArray(property.enum) ? { enum: [...property.enum, null] } : {}),
  };
}
