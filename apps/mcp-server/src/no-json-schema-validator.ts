/**
 * Stands in for the MCP SDK's Ajv-based validator in the bundled server. The SDK's server uses it
 * only to check answers to elicitation requests, which this server never sends; leaving Ajv out
 * saves a sizeable share of the start-up time.
 */
export class AjvJsonSchemaValidator {
  getValidator(): never {
    throw new Error('vault-mcp does not bundle a JSON Schema validator: it never asks clients for elicitation.');
  }
}
