import { createMemoryFs, createVault } from '@vault/core';
import OpenAI from 'openai';
import { expect, it } from 'vitest';
import { runOpenAiResponses } from './openai-responses.js';
import { scriptedFetch } from './scripted-fetch.js';

const response = (output: Record<string, unknown>[]) => ({ id: 'resp_1', object: 'response', created_at: 0, model: 'gpt-test', status: 'completed', output });
const call = (callId: string, name: string, args: Record<string, unknown>) => ({
  type: 'function_call',
  id: `fc_${callId}`,
  call_id: callId,
  name,
  arguments: JSON.stringify(args),
  status: 'completed',
});
const answer = (text: string) => ({
  type: 'message',
  id: 'msg_1',
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text, annotations: [] }],
});

it('runs the tools in strict mode through the Responses API of the OpenAI client', async () => {
  const fs = createMemoryFs({ 'notes/a.md': 'alpha\nbeta\n' });
  const { fetch, requests } = scriptedFetch([
    response([
      call('call_1', 'TextSearch', {
        query: 'beta',
        caseSensitive: null,
        regex: null,
        filePath: null,
        filePattern: null,
        directoryPath: null,
        maxResults: null,
        contextLines: null,
        outputMode: null,
      }),
    ]),
    response([call('call_2', 'TextRead', { filePath: 'notes/missing.md', offset: null, limit: null, column: null })]),
    response([answer('beta is on line 2 of notes/a.md.')]),
  ]);
  const client = new OpenAI({ apiKey: 'test', baseURL: 'http://openai.test/v1', fetch });

  expect(await runOpenAiResponses(client, 'gpt-test', createVault(fs), 'Where is beta?')).toBe('beta is on line 2 of notes/a.md.');
  expect((requests[0]!.tools as { type: string; name: string; strict: boolean }[]).map(({ type, name, strict }) => ({ type, name, strict }))[3]).toEqual({
    type: 'function',
    name: 'TextSearch',
    strict: true,
  });
  const outputs = (index: number) => (requests[index]!.input as { type?: string }[]).filter((item) => item.type === 'function_call_output');
  expect(outputs(1)).toEqual([{ type: 'function_call_output', call_id: 'call_1', output: 'notes/a.md\n2: beta\n[1 matching line in 1 file]' }]);
  expect(outputs(2)[1]).toEqual({ type: 'function_call_output', call_id: 'call_2', output: expect.stringMatching(/^NOT_FOUND: notes\/missing\.md/) });
});
