import { callFunction, functionDefinitions, type Vault } from '@vault/core';
import type OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';

/** OpenAI's Chat Completions: the vault's tools in strict mode, each call run by callFunction, until the model answers. */
export async function runOpenAiChat(client: OpenAI, model: string, vault: Vault, task: string, maxSteps = 20): Promise<string> {
  const tools: ChatCompletionTool[] = functionDefinitions(vault.tools, { strict: true }).map((definition) => ({ type: 'function', function: definition }));
  const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: task }];
  for (let step = 0; step < maxSteps; step++) {
    const message = (await client.chat.completions.create({ model, messages, tools })).choices[0]!.message;
    messages.push(message);
    const calls = (message.tool_calls ?? []).filter((call) => call.type === 'function');
    if (calls.length === 0) return message.content ?? '';
    for (const call of calls) {
      const { text } = await callFunction(vault, call.function.name, call.function.arguments);
      messages.push({ role: 'tool', tool_call_id: call.id, content: text });
    }
  }
  throw new Error(`No answer after ${maxSteps} steps.`);
}
