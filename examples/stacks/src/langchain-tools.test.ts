import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { createMemoryFs, createVault, functionDefinitions } from '@vault/core';
import { expect, it } from 'vitest';
import { langChainTools } from './langchain-tools.js';

it('gives LangChain.js tools that a model binds with the same schemas, and that answer a tool call with the text the model reads', async () => {
  const vault = createVault(createMemoryFs({ 'todo.md': '- [ ] ship it\n' }));
  const tools = langChainTools(vault);
  expect(tools.map((tool) => convertToOpenAITool(tool).function)).toEqual(
    functionDefinitions(vault.tools).map(({ name, description, parameters }) => ({ name, description, parameters })),
  );

  const read = tools.find((tool) => tool.name === 'TextRead')!;
  const message = await read.invoke({ id: 'call_1', name: 'TextRead', args: { filePath: 'todo.md' }, type: 'tool_call' });
  expect(message).toMatchObject({ tool_call_id: 'call_1', content: expect.stringMatching(/^1: - \[ \] ship it\n/) });
  const edit = tools.find((tool) => tool.name === 'TextEdit')!;
  expect(await edit.invoke({ filePath: 'todo.md', oldString: 'zebra', newString: 'x' })).toMatch(/^NO_MATCH: /);
});
