/**
 * Stands in for zod 3 and its JSON Schema converter in the bundled server. The MCP SDK supports
 * zod 3 schemas next to zod 4 ones; every schema of this server is zod 4, so these never run.
 */
function unsupported(): never {
  throw new Error('vault-mcp bundles zod 4 only; zod 3 schemas are not supported.');
}

export { unsupported as object, unsupported as zodToJsonSchema };
