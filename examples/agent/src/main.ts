import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toolResultText } from '@vault/ai-sdk';
import { runAgent } from './agent.js';
import { createScriptedModel } from './create-scripted-model.js';

// Works on a temp copy of examples/vault, so the repository stays as it is.
const vault = await mkdtemp(path.join(tmpdir(), 'vault-agent-'));
await cp(fileURLToPath(new URL('../../vault', import.meta.url)), vault, { recursive: true });

// Offline, a scripted model plays the agent; put any AI SDK model here instead, e.g. anthropic('claude-sonnet-4-5').
const model = createScriptedModel('Write the CLI help texts');
const result = await runAgent(model, vault, 'Tick "Write the CLI help texts" in my todo list.').finally(() => rm(vault, { recursive: true, force: true }));

// Each call, and the start of the text the model read back.
for (const step of result.steps) {
  for (const call of step.toolCalls) console.log(`-> ${call.toolName} ${JSON.stringify(call.input)}`);
  for (const toolResult of step.staticToolResults) {
    const lines = toolResultText(toolResult.toolName, toolResult.output).split('\n');
    console.log([...lines.slice(0, 4), ...(lines.length > 4 ? [`   ... ${lines.length - 4} more lines`] : [])].map((line) => `   ${line}`).join('\n'));
  }
}
console.log(`\n${result.text}`);
