import { createMemoryFs, createVault } from '@vault/core';
import OpenAI from 'openai';
import { expect, it } from 'vitest';
import { runOpenAiChat } from './openai-chat.js';
import { scriptedFetch } from './scripted-fetch.js';

const completion = (message: Record<string, unknown>) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 0,
  model: 'gpt-test',
  choices: [
    {
      index: 0,
      finish_reason: message.tool_calls ? 'tool_calls' : 'stop',
      logprobs: null,
      message: { role: 'assistant', content: null, refusal: null, ...message },
    },
  ],
});
const call = (id: string, name: string, args: Record<string, unknown>) => ({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } });

it('runs the tools in strict mode through the OpenAI client, nulls meaning "not given", errors as results', async () => {
  const fs = createMemoryFs({ 'todo.md': '- [ ] ship it\n' });
  const { fetch, requests } = scriptedFetch([
    completion({
      tool_calls: [
        call('call_1', 'TextEdit', {
          filePath: 'todo.md',
          oldString: '- [ ] Ship it',
          newString: '- [x] ship it',
          replaceAll: null,
          expectedHash: null,
          heading: null,
        }),
      ],
    }),
    completion({
      tool_calls: [
        call('call_2', 'TextEdit', {
          filePath: 'todo.md',
          oldString: '- [ ] ship it',
          newString: '- [x] ship it',
          replaceAll: null,
          expectedHash: null,
          heading: null,
        }),
      ],
    }),
    completion({ content: 'Ticked.' }),
  ]);
  const client = new OpenAI({ apiKey: 'test', baseURL: 'http://openai.test/v1', fetch });

  expect(await runOpenAiChat(client, 'gpt-test', createVault(fs), 'Tick the todo.')).toBe('Ticked.');
  expect(fs.toJSON()).toEqual({ 'todo.md': '- [x] ship it\n' });
  const edit = (requests[0]!.tools as { function: { name: string; strict: boolean; parameters: { required: string[] } } }[])[1]!.function;
  expect(edit).toMatchObject({
    name: 'TextEdit',
    strict: true,
    parameters: { additionalProperties: false, required: ['filePath', 'oldString', 'newString', 'replaceAll', 'expectedHash', 'heading'] },
  });
  const toolMessages = (index: number) => (requests[index]!.messages as { role: string; content: string }[]).filter((message) => message.role === 'tool');
  expect(toolMessages(1)).toEqual([{ role: 'tool', tool_call_id: 'call_1', content: expect.stringMatching(/^NO_MATCH: /) }]);
  expect(toolMessages(2)[1]).toEqual({ role: 'tool', tool_call_id: 'call_2', content: expect.stringMatching(/^Edited todo\.md: 1 replacement/) });
});
