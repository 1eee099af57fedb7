import { readFile } from 'node:fs/promises';
import { createVault } from '@vault/core';
import { withGitHistory } from '@vault/git';
import { createNodeFs } from '@vault/node';
import { createTempRepository } from '@vault/testing';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createVaultTools } from './create-vault-tools.js';

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };

describe('createVaultTools on a vault with history', () => {
  it('offers History, Undo and Restore, and an agent takes back its edit: the change is put on the agent named', async () => {
    const repository = await createTempRepository({ 'a.md': 'alpha\n' });
    const fs = await withGitHistory(await createNodeFs(repository.vault));
    try {
      const tools = createVaultTools(createVault(fs), { agent: 'my-agent 1.0' });
      expect(Object.keys(tools)).toEqual([
        'TextRead',
        'TextEdit',
        'TextCreate',
        'TextSearch',
        'FindNotes',
        'ListDirectories',
        'ListFiles',
        'Move',
        'RemoveFile',
        'Links',
        'RenameHeading',
        'History',
        'Undo',
        'Restore',
      ]);
      const calls = [
        { toolName: 'TextEdit', input: { filePath: 'a.md', oldString: 'alpha', newString: 'omega' } },
        { toolName: 'History', input: { filePath: 'a.md', maxResults: 1 } },
      ];
      let step = 0;
      const model = new MockLanguageModelV3({
        doGenerate: async () => {
          const call = calls[step++];
          if (!call) return { content: [{ type: 'text', text: 'done' }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] };
          const content = [{ type: 'tool-call' as const, toolCallId: `call-${step}`, toolName: call.toolName, input: JSON.stringify(call.input) }];
          return { content, finishReason: { unified: 'tool-calls', raw: undefined }, usage, warnings: [] };
        },
      });
      const result = await generateText({ model, tools, prompt: 'Edit a.md, then look at its history.', stopWhen: stepCountIs(4) });
      const history = result.steps[1]!.toolResults[0]!.output as { changes: { id: string; author: string; subject: string }[] };
      expect(history.changes.map(({ author, subject }) => ({ author, subject }))).toEqual([{ author: 'my-agent 1.0', subject: 'TextEdit: a.md' }]);
      // What the SDK passes to execute (ai 7 adds a required `context`; a variable, not a literal, suits both majors).
      const options = { toolCallId: 'undo', messages: [], context: {} };
      await tools.Undo.execute!({ change: history.changes[0]!.id }, options);
      expect(await readFile(`${repository.vault}/a.md`, 'utf8')).toBe('alpha\n');
      expect(repository.subjects()[0]).toMatch(/^Undo: [0-9a-f]{12} \(TextEdit: a\.md\)$/);
    } finally {
      await fs.close();
      await repository.remove();
    }
  });
});
