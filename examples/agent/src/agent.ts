import { createVaultTools } from '@vault/ai-sdk';
import { createVault } from '@vault/core';
import { createNodeFs } from '@vault/node';
import { generateText, type LanguageModel, stepCountIs } from 'ai';

/** Gives a model the vault tools on a folder of notes and lets it work on a task. */
export async function runAgent(model: LanguageModel, vaultPath: string, task: string) {
  const vault = createVault(await createNodeFs(vaultPath));
  return generateText({
    model,
    tools: createVaultTools(vault),
    stopWhen: stepCountIs(20),
    system: 'You keep the notes in this vault. Find things with TextSearch, read with TextRead, change with TextEdit.',
    prompt: task,
  });
}
