import type Anthropic from '@anthropic-ai/sdk';
import type { MessageParam, Tool, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { callFunction, functionDefinitions, type Vault } from '@vault/core';

/** Anthropic's Messages API: the vault's tools as input schemas, each tool_use run by callFunction, until the model answers. */
export async function runAnthropicMessages(client: Anthropic, model: string, vault: Vault, task: string, maxSteps = 20): Promise<string> {
  const tools: Tool[] = functionDefinitions(vault.tools).map(({ name, description, parameters }) => ({ name, description, input_schema: parameters }));
  const messages: MessageParam[] = [{ role: 'user', content: task }];
  for (let step = 0; step < maxSteps; step++) {
    const message = await client.messages.create({ model, max_tokens: 4096, messages, tools });
    messages.push({ role: 'assistant', content: message.content });
    const uses = message.content.filter((block) => block.type === 'tool_use');
    if (uses.length === 0) return message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
    const results: ToolResultBlockParam[] = [];
    for (const use of uses) {
      const { text, isError } = await callFunction(vault, use.name, use.input);
      results.push({ type: 'tool_result', tool_use_id: use.id, content: text, is_error: isError });
    }
    messages.push({ role: 'user', content: results });
  }
  throw new Error(`No answer after ${maxSteps} steps.`);
}
