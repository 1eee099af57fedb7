import { type StructuredToolInterface, tool } from '@langchain/core/tools';
import { callFunction, functionDefinitions, type Vault } from '@vault/core';

/** The vault's tools as LangChain.js tools (JSON Schema inputs), for `model.bindTools(...)` or an agent; each answers with the text the model reads. */
export function langChainTools(vault: Vault): StructuredToolInterface[] {
  return functionDefinitions(vault.tools).map(({ name, description, parameters }) =>
    tool(async (input: Record<string, unknown>) => (await callFunction(vault, name, input)).text, { name, description, schema: parameters }),
  );
}
