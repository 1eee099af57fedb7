import { MockLanguageModelV3 } from 'ai/test';

type Prompt = Parameters<MockLanguageModelV3['doGenerate']>[0]['prompt'];
type Reply = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 0, text: 0, reasoning: undefined } };

/**
 * A stand-in for a real model, so that the example runs offline and its test is deterministic. It
 * ticks a todo item the way a model would, deciding each step from the text the tools returned:
 * TextSearch for the item, TextRead of the file it is in, then TextEdit guarded by the fileHash.
 */
export function createScriptedModel(item: string): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: async ({ prompt }) => {
      const results = toolResults(prompt);
      const failed = results.find((result) => result.failed);
      if (failed) return answer(`I could not finish: ${failed.text}`);
      const [search, read, edit] = results;
      if (!search) return callTool('TextSearch', { query: `- [ ] ${item}`, outputMode: 'files_only' });
      const filePath = /^(.+): \d+$/m.exec(search.text)?.[1];
      if (!filePath) return answer(`No open todo item "${item}" in the vault.`);
      if (!read) return callTool('TextRead', { filePath });
      if (!edit) {
        const expectedHash = /fileHash: ([0-9a-f]{16})/.exec(read.text)?.[1];
        return callTool('TextEdit', { filePath, oldString: `- [ ] ${item}`, newString: `- [x] ${item}`, expectedHash });
      }
      return answer(`Ticked "${item}" in ${filePath}.`);
    },
  });
}

/** The text of each tool result the model has been sent so far, in order. */
function toolResults(prompt: Prompt): { text: string; failed: boolean }[] {
  return prompt.flatMap((message) =>
    message.role === 'tool'
      ? message.content.flatMap((part) =>
          part.type === 'tool-result' && (part.output.type === 'text' || part.output.type === 'error-text')
            ? [{ text: part.output.value, failed: part.output.type === 'error-text' }]
            : [],
        )
      : [],
  );
}

function callTool(toolName: string, input: Record<string, unknown>): Reply {
  return {
    content: [{ type: 'tool-call', toolCallId: `call-${toolName}`, toolName, input: JSON.stringify(input) }],
    finishReason: { unified: 'tool-calls', raw: undefined },
    usage,
    warnings: [],
  };
}

function answer(text: string): Reply {
  return { content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] };
}
