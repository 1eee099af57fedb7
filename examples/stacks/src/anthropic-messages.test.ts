import Anthropic from '@anthropic-ai/sdk';
import { createMemoryFs, createVault } from '@vault/core';
import { expect, it } from 'vitest';
import { runAnthropicMessages } from './anthropic-messages.js';
import { scriptedFetch } from './scripted-fetch.js';

const message = (content: Record<string, unknown>[]) => ({
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'claude-test',
  content,
  stop_reason: content.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 1, output_tokens: 1 },
});

it("runs the tools through Anthropic's Messages API client, errors as is_error results", async () => {
  const fs = createMemoryFs({ 'todo.md': '- [ ] ship it\n' });
  const { fetch, requests } = scriptedFetch([
    message([{ type: 'tool_use', id: 'toolu_1', name: 'TextCreate', input: { filePath: 'todo.md', content: 'new\n' } }]),
    message([{ type: 'tool_use', id: 'toolu_2', name: 'TextCreate', input: { filePath: 'inbox/idea.md', content: '# Idea\n' } }]),
    message([{ type: 'text', text: 'Written.' }]),
  ]);
  const client = new Anthropic({ apiKey: 'test', baseURL: 'http://anthropic.test', fetch });

  expect(await runAnthropicMessages(client, 'claude-test', createVault(fs), 'Note an idea.')).toBe('Written.');
  expect(fs.toJSON()).toEqual({ 'todo.md': '- [ ] ship it\n', 'inbox/idea.md': '# Idea\n' });
  const tool = (requests[0]!.tools as { name: string; input_schema: Record<string, unknown> }[])[2]!;
  expect(tool).toMatchObject({ name: 'TextCreate', input_schema: { type: 'object', required: ['filePath', 'content'], additionalProperties: false } });
  expect(tool.input_schema).not.toHaveProperty('$schema');
  const results = (index: number) => (requests[index]!.messages as { role: string; content: unknown }[]).at(-1)!.content;
  expect(results(1)).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_1', content: expect.stringMatching(/^ALREADY_EXISTS: todo\.md/), is_error: true }]);
  expect(results(2)).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_2', content: expect.stringMatching(/^Created inbox\/idea\.md/), is_error: false }]);
});
