import { callFunction, functionDefinitions, type Vault } from '@vault/core';
import type OpenAI from 'openai';
import type { FunctionTool, ResponseInputItem } from 'openai/resources/responses/responses';

/** OpenAI's Responses API: the vault's tools in strict mode, each call run by callFunction, until the model answers. */
export async function runOpenAiResponses(client: OpenAI, model: string, vault: Vault, task: string, maxSteps = 20): Promise<string> {
  const tools: FunctionTool[] = functionDefinitions(vault.tools, { strict: true }).map((definition) => ({ type: 'function', ...definition }));
  const input: ResponseInputItem[] = [{ role: 'user', content: task }];
  for (let step = 0; step < maxSteps; step++) {
    const response = await client.responses.create({ model, input, tools });
    const calls = response.output.filter((item) => item.type === 'function_call');
    if (calls.length === 0) return response.output_text;
    input.push(...calls);
    for (const call of calls) {
      const { text } = await callFunction(vault, call.name, call.arguments);
      input.push({ type: 'function_call_output', call_id: call.call_id, output: text });
    }
  }
  throw new Error(`No answer after ${maxSteps} steps.`);
}
