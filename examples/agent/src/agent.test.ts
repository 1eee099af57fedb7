import { execFile } from 'node:child_process';
import { appendFile, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTempFolder, readFolder, type TempFolder } from '@vault/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAgent } from './agent.js';
import { createScriptedModel } from './create-scripted-model.js';

const seed = { 'todo.md': '# Todo\r\n\r\n- [ ] Buy milk\r\n- [ ] Call Ada\r\n', 'notes/ada.md': 'Ada: call about the Call Ada item\n' };

let vault: TempFolder;
beforeEach(async () => {
  vault = await createTempFolder(seed);
});
afterEach(async () => {
  await vault.remove();
});

describe('the example agent', () => {
  it('searches, reads and edits through the AI SDK tools, and the file on disk changes', async () => {
    const result = await runAgent(createScriptedModel('Call Ada'), vault.path, 'Tick "Call Ada".');

    expect(result.steps.map((step) => step.toolCalls.map((call) => call.toolName))).toEqual([['TextSearch'], ['TextRead'], ['TextEdit'], []]);
    expect(result.text).toBe('Ticked "Call Ada" in todo.md.');
    expect(await readFolder(vault.path)).toEqual({ ...seed, 'todo.md': '# Todo\r\n\r\n- [ ] Buy milk\r\n- [x] Call Ada\r\n' });
  });

  it("hears back an error as a tool result it can act on, and loses nobody else's change", async () => {
    const model = createScriptedModel('Call Ada');
    const decide = model.doGenerate;
    let calls = 0;
    // Between the agent's read and its edit, someone else changes the file.
    model.doGenerate = async (options) => {
      calls += 1;
      if (calls === 3) await appendFile(`${vault.path}/todo.md`, '- [ ] Water plants\r\n');
      return decide(options);
    };
    const result = await runAgent(model, vault.path, 'Tick "Call Ada".');

    expect(result.text).toMatch(/^I could not finish: STALE_FILE: todo\.md has changed since you read it/);
    expect((await readFolder(vault.path))['todo.md']).toBe('# Todo\r\n\r\n- [ ] Buy milk\r\n- [ ] Call Ada\r\n- [ ] Water plants\r\n');
    const again = await runAgent(createScriptedModel('Feed the cat'), vault.path, 'Tick "Feed the cat".');
    expect(again.text).toBe('No open todo item "Feed the cat" in the vault.');
  });

  it('is the snippet that the README shows under "Use it from your own agent"', async () => {
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    const snippet = /## Use it from your own agent\n[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(snippet).toBe(await readFile(new URL('./agent.ts', import.meta.url), 'utf8'));
  });

  it('runs as a program on a copy of examples/vault', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [fileURLToPath(new URL('../dist/main.js', import.meta.url))]);
    expect(stdout).toContain('-> TextEdit {"filePath":"todo.md","oldString":"- [ ] Write the CLI help texts"');
    expect(stdout).toContain('Ticked "Write the CLI help texts" in todo.md.');
  });
});
