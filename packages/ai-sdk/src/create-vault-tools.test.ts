import { createMemoryFs, createVault, functionDefinitions, tools as definitions } from '@vault/core';
import { asSchema, type DynamicToolResult, type FlexibleSchema, generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, inject, it } from 'vitest';
import { createVaultTools } from './create-vault-tools.js';
import { toolResultText } from './tool-result-text.js';

type CallOptions = Parameters<MockLanguageModelV3['doGenerate']>[0];
type ToolCall = { toolName: string; input: Record<string, unknown> };

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };

/** A model that makes the given tool calls, one step each, then answers "done"; it records what it was sent. */
function scriptedModel(calls: ToolCall[]) {
  const prompts: CallOptions['prompt'][] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      prompts.push(options.prompt);
      const call = calls[prompts.length - 1];
      if (!call) return { content: [{ type: 'text', text: 'done' }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] };
      const content = [{ type: 'tool-call' as const, toolCallId: `call-${prompts.length}`, toolName: call.toolName, input: JSON.stringify(call.input) }];
      return { content, finishReason: { unified: 'tool-calls', raw: undefined }, usage, warnings: [] };
    },
  });
  /** What the model was sent as the result of its last tool call, at each step after the first. */
  const toolOutputs = () => prompts.slice(1).map((prompt) => prompt.at(-1)?.content.at(-1));
  return { model, toolOutputs };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The package this test project runs on as `ai`: `ai` (version 6) or `ai-v7` (see vitest.config.ts). */
    aiPackage: string;
  }
}

describe('createVaultTools', () => {
  it('runs on the AI SDK major its test project names', async () => {
    expect(await import('ai')).toBe(await import(/* @vite-ignore */ inject('aiPackage')));
  });

  it('offers the tools with the names, descriptions and input schemas of the MCP server', async () => {
    const tools = createVaultTools(createVault(createMemoryFs()));
    expect(Object.keys(tools)).toEqual(definitions.map((definition) => definition.name));
    const offered = await Promise.all(
      Object.entries(tools).map(async ([name, tool]) => ({
        name,
        description: tool.description,
        parameters: await asSchema(tool.inputSchema as FlexibleSchema<unknown>).jsonSchema,
      })),
    );
    expect(offered).toEqual(functionDefinitions(definitions).map(({ name, description, parameters }) => ({ name, description, parameters })));
  });

  it('refuses writes on a read-only vault, and offers the model only the read tools through activeTools', async () => {
    const fs = createMemoryFs({ 'a.md': 'a\n' });
    const vault = createVault(fs, { readOnly: true });
    const removal = () => scriptedModel([{ toolName: 'RemoveFile', input: { filePath: 'a.md' } }]);
    const refused = removal();
    await generateText({ model: refused.model, tools: createVaultTools(vault), prompt: 'Remove a.md.', stopWhen: stepCountIs(3) });
    expect(refused.toolOutputs()[0]).toMatchObject({ output: { type: 'error-text', value: expect.stringMatching(/^PERMISSION_DENIED: /) } });

    const hidden = removal();
    await generateText({
      model: hidden.model,
      tools: createVaultTools(vault),
      activeTools: vault.tools.map((tool) => tool.name),
      prompt: 'Remove a.md.',
      stopWhen: stepCountIs(3),
    });
    expect(hidden.model.doGenerateCalls[0]?.tools?.map((tool) => tool.name)).toEqual([
      'TextRead',
      'TextSearch',
      'FindNotes',
      'ListDirectories',
      'ListFiles',
      'Links',
    ]);
    expect(fs.toJSON()).toEqual({ 'a.md': 'a\n' });
  });

  it('runs in an agent loop: the model reads the compact text, and an error comes back as a result it can act on', async () => {
    const fs = createMemoryFs({ 'todo.md': '- [ ] ship it\n' });
    const { model, toolOutputs } = scriptedModel([
      { toolName: 'TextEdit', input: { filePath: 'todo.md', oldString: '- [ ] Ship it', newString: '- [x] ship it' } },
      { toolName: 'TextEdit', input: { filePath: 'todo.md', oldString: '- [ ] ship it', newString: '- [x] ship it' } },
      { toolName: 'TextRead', input: { filePath: 'todo.md', offset: 0 } },
    ]);
    const result = await generateText({ model, tools: createVaultTools(createVault(fs)), prompt: 'Tick the todo.', stopWhen: stepCountIs(5) });

    expect(result.text).toBe('done');
    expect(fs.toJSON()).toEqual({ 'todo.md': '- [x] ship it\n' });
    const [noMatch, edited, invalid] = toolOutputs();
    expect(noMatch).toMatchObject({
      type: 'tool-result',
      toolName: 'TextEdit',
      output: { type: 'error-text', value: expect.stringMatching(/^NO_MATCH: .*line 1/s) },
    });
    expect(edited).toMatchObject({
      type: 'tool-result',
      output: { type: 'text', value: expect.stringMatching(/^Edited todo\.md: 1 replacement, line 1 changed\. fileHash: [0-9a-f]{16}\n1: - \[x\] ship it$/) },
    });
    expect(invalid).toMatchObject({
      type: 'tool-result',
      toolName: 'TextRead',
      output: {
        type: 'error-text',
        value: expect.stringMatching(/^INVALID_ARGUMENT: Invalid input for TextRead: .*offset.*Fix the arguments and call again\.$/s),
      },
    });
    // The program gets the typed results, or { error } for a failed call.
    expect(result.steps.map((step) => step.toolResults.map((toolResult) => toolResult.output))).toEqual([
      [{ error: { code: 'NO_MATCH', message: expect.any(String) } }],
      [expect.objectContaining({ path: 'todo.md', replacements: 1, startLine: 1, endLine: 1 })],
      [{ error: { code: 'INVALID_ARGUMENT', message: expect.any(String) } }],
      [],
    ]);
  });

  it('reports an unexpected failure to the application and gives the model IO_ERROR, without the details, even when the report fails', async () => {
    const fs = createMemoryFs({ 'a.md': 'a\n' });
    const broken = { ...fs, readFile: async () => Promise.reject(new Error('disk gone at /home/secret')) };
    const seen: [unknown, string][] = [];
    const tools = createVaultTools(createVault(broken), {
      onUnexpectedError: (error, toolName) => {
        seen.push([error, toolName]);
        throw new Error(`logging failed too: ${(error as Error).message}`);
      },
    });
    const { model, toolOutputs } = scriptedModel([{ toolName: 'TextRead', input: { filePath: 'a.md' } }]);
    await generateText({ model, tools, prompt: 'Read a.md.', stopWhen: stepCountIs(3) });

    expect(toolOutputs()[0]).toMatchObject({ output: { type: 'error-text', value: expect.stringMatching(/^IO_ERROR: The tool failed unexpectedly/) } });
    expect(JSON.stringify(toolOutputs())).not.toContain('/home/secret');
    expect(seen).toEqual([[expect.objectContaining({ message: 'disk gone at /home/secret' }), 'TextRead']]);
  });

  it("stops a call when the SDK's abortSignal is aborted: the reason is thrown, nothing is written, nothing logged as unexpected", async () => {
    const fs = createMemoryFs({});
    const seen: unknown[] = [];
    const tools = createVaultTools(createVault(fs), { onUnexpectedError: (error) => seen.push(error) });
    const reason = new Error('the user pressed stop');
    // What the SDK passes to execute (ai 7 adds a required `context`; a variable, not a literal, suits both majors).
    const options = { toolCallId: 'call-1', messages: [], abortSignal: AbortSignal.abort(reason), context: {} };
    const call = tools.TextCreate.execute!({ filePath: 'a.md', content: 'x' }, options);
    await expect(call).rejects.toBe(reason);
    expect(fs.toJSON()).toEqual({});
    expect(seen).toEqual([]);
  });

  it('gives the text of a result by a tool name known only at run time: the typed results and the dynamic ones', async () => {
    const { model } = scriptedModel([
      { toolName: 'TextRead', input: { filePath: 'a.md' } },
      { toolName: 'TextEdit', input: { filePath: 'a.md', oldString: 'zebra', newString: 'b' } },
    ]);
    const result = await generateText({
      model,
      tools: createVaultTools(createVault(createMemoryFs({ 'a.md': 'a\n' }))),
      prompt: 'Read a.md.',
      stopWhen: stepCountIs(4),
    });
    const typed = result.steps.flatMap((step) => step.toolResults);
    expect(typed.map((toolResult) => toolResultText(toolResult.toolName, toolResult.output))).toEqual([
      expect.stringMatching(/^1: a\n/),
      expect.stringMatching(/^NO_MATCH: /),
    ]);
    // What the AI SDK gives for a tool it knows only at run time: toolName is a string, output unknown.
    const dynamic: DynamicToolResult[] = typed.map(({ toolCallId, toolName, input, output }) => ({
      type: 'tool-result',
      toolCallId,
      toolName,
      input,
      output,
      dynamic: true,
    }));
    expect(dynamic.map((toolResult) => toolResultText(toolResult.toolName, toolResult.output))).toEqual(
      typed.map((toolResult) => toolResultText(toolResult.toolName, toolResult.output)),
    );
    expect(toolResultText('weather', { celsius: 21 })).toBe('{"celsius":21}');
  });
});
