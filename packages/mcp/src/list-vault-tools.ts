import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { functionDefinitions, type Vault } from '@vault/core';
import { z } from 'zod';

/** Each vault's tool list, built at its first tools/list: a stateless HTTP server makes a server per request. */
const listed = new WeakMap<Vault, McpTool[]>();

/**
 * The vault's tools as tools/list gives them: name, title, description, annotations from their
 * effects, and input and output schemas as draft-07 JSON Schema converted from core's zod schemas,
 * without the `$schema` line (some 800 characters fewer in every client's context). The input
 * schemas are core's `functionDefinitions`, which other frameworks get too.
 */
export function listVaultTools(vault: Vault): McpTool[] {
  let tools = listed.get(vault);
  if (tools === undefined) {
    const parameters = new Map(functionDefinitions(vault.tools).map((definition) => [definition.name, definition.parameters]));
    tools = vault.tools.map((tool) => {
      const { $schema: _, ...outputSchema } = z.toJSONSchema(tool.outputSchema, { target: 'draft-7', io: 'output' });
      return {
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: parameters.get(tool.name) as McpTool['inputSchema'],
        outputSchema: outputSchema as McpTool['outputSchema'],
        annotations: {
          readOnlyHint: tool.effects.readOnly,
          destructiveHint: tool.effects.destructive,
          idempotentHint: tool.effects.idempotent,
          openWorldHint: false,
        },
      };
    });
    listed.set(vault, tools);
  }
  return tools;
}
