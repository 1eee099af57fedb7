/**
 * Structured content within the answer's bound (SPEC 11), as the text is: paths and lines a client
 * receives as JSON, where a quote or a backslash takes two characters and a control character six.
 * Part of the attack suite of @vault/core (this folder): input nobody here wrote, sent as an attacker
 * would who has read the source. `vault.structure` is what the MCP server sends (and the CLI's
 * --json prints of the typed result, through the same `boundJson`).
 */
import { describe, expect, it } from 'vitest';
import type { VaultSeed } from '../vault/memory-fs.js';
import { type ToolName, type ToolOutput, tools } from '../tools/tools.js';
import type { Vault } from '../vault/vault.js';
import { open } from '../tools/__fixtures__/open.js';
import { bound } from './__fixtures__/attack-kit.js';

/** A folder path of 15 segments of 200 characters, half of them quotes (each two characters in JSON). */
const deep = `${'"'.repeat(100)}${'d'.repeat(100)}/`.repeat(15);
const small = 4096;

/** `vault.structure` of an output, checked: within the bound as JSON, fitting the tool's output schema, no field outside it. */
function structured<Name extends ToolName>(vault: Vault, name: Name, output: ToolOutput<Name>) {
  const structure = vault.structure(name, output);
  const tool = tools.find((candidate) => candidate.name === name)!;
  expect(JSON.stringify(structure).length).toBeLessThanOrEqual(vault.options.maxOutput);
  expect(tool.outputSchema.safeParse(structure).success).toBe(true);
  expect(Object.keys(structure).filter((key) => !(key in tool.outputSchema.shape))).toEqual([]);
  expect(vault.render(name, output).length).toBeLessThanOrEqual(vault.options.maxOutput);
  return { structure, whole: tool.structure(output as never) };
}

/** A vault of 150 notes deep in long folders, each linking to target.md, with 60 linking to gone.md too. */
function linkedVault(maxOutput = bound) {
  const seed: VaultSeed = { 'target.md': 'target\n', 'gone.md': 'gone\n' };
  for (let index = 0; index < 150; index += 1) {
    seed[`${deep}note-${String(index).padStart(3, '0')}.md`] = `[t](${'../'.repeat(15)}target.md)\n${index < 60 ? `[g](${'../'.repeat(15)}gone.md)\n` : ''}`;
  }
  return open(seed, { maxOutput });
}

describe('structured content within the answer bound, as the text is', () => {
  it('Move rewriting 150 links in notes with 3,000-character paths: the first links whole, the totals, a cut note (316 KB before)', async () => {
    const { vault } = linkedVault();
    const output = await vault.call('Move', { sourcePath: 'target.md', destinationPath: 'moved/target.md' });
    const { structure, whole } = structured(vault, 'Move', output);
    expect(JSON.stringify(whole).length).toBeGreaterThan(300_000);
    const rewritten = structure.rewritten as string[];
    expect(rewritten.length).toBeGreaterThan(10);
    expect(rewritten).toEqual((whole.rewritten as string[]).slice(0, rewritten.length));
    expect(structure).toMatchObject({
      source: 'target.md',
      destination: 'moved/target.md',
      kind: 'file',
      dryRun: false,
      rewrittenTotal: 150,
      notesChanged: 150,
      notJudgedTotal: 0,
    });
    expect(structure.cut).toContain(`(/rewritten: ${100 - rewritten.length} of 100 items left out; /notes: 100 of 100 items left out)`);
    expect(structure.cut).toContain('raise the bound (maxOutput, vault-mcp --max-output)');
  });

  it('RemoveFile of a note 60 long paths link to: the first linking notes whole, the total, a cut note', async () => {
    const { vault } = linkedVault();
    const output = await vault.call('RemoveFile', { filePath: 'gone.md' });
    const { structure, whole } = structured(vault, 'RemoveFile', output);
    const linkedFrom = structure.linkedFrom as string[];
    expect(linkedFrom.length).toBeGreaterThan(5);
    expect(linkedFrom).toEqual((whole.linkedFrom as string[]).slice(0, linkedFrom.length));
    expect(structure).toMatchObject({ path: 'gone.md', trashPath: '.trash/gone.md', linkedFromTotal: 60 });
    expect(structure.cut).toContain(`/linkedFrom: ${50 - linkedFrom.length} of 50 items left out`);
  });

  it('TextRead of 500 lines of quotes: the first lines whole, nextOffset kept; one line asked for alone: its head, with the column that reads on', async () => {
    const { vault } = open({ 'quotes.md': `${'"'.repeat(1990)}\n`.repeat(500), 'one.md': `${'\u0001'.repeat(60_000)}\n` });
    const read = await vault.call('TextRead', { filePath: 'quotes.md' });
    const { structure, whole } = structured(vault, 'TextRead', read);
    const lines = structure.lines as string[];
    expect(lines.length).toBeGreaterThan(5);
    expect(lines).toEqual((whole.lines as string[]).slice(0, lines.length));
    expect(structure).toMatchObject({ path: 'quotes.md', totalLines: 500, nextOffset: read.nextOffset });
    const alone = structured(vault, 'TextRead', await vault.call('TextRead', { filePath: 'one.md', limit: 1 }));
    const [line] = alone.structure.lines as string[];
    expect(line!.length).toBeGreaterThan(5000);
    // Cut where its JSON is full, not by the bound afterwards: the text and the structured content show the same head, and say where it reads on.
    expect(alone.structure.cut).toBeUndefined();
    expect((alone.whole.lines as string[])[0]).toBe(line);
    const head = line!.slice('1: '.length, line!.indexOf(' … ['));
    expect(head).toBe('\u0001'.repeat(head.length));
    expect(line!.endsWith(`[line cut: 60000 characters; TextRead \`offset: 1\`, \`limit: 1\`, \`column: ${head.length + 1}\` reads on]`)).toBe(true);
  });

  it("TextEdit amid 30 lines of backslashes: the snippet's first lines, the new fileHash", async () => {
    const wall = `${'\\'.repeat(1990)}\n`.repeat(15);
    const { vault } = open({ 'wall.md': `${wall}target\n${wall}` }, { maxOutput: small });
    const output = await vault.call('TextEdit', { filePath: 'wall.md', oldString: 'target', newString: 'edited' });
    const { structure } = structured(vault, 'TextEdit', output);
    expect(structure).toMatchObject({ path: 'wall.md', replacements: 1, startLine: 16, endLine: 16, fileHash: output.fileHash });
    expect(structure.cut).toContain('/snippet:');
  });

  it('TextSearch in every mode over lines of control characters and paths of quotes: content, files_only, paths', async () => {
    const seed: VaultSeed = {};
    for (let index = 0; index < 40; index += 1) seed[`${'"'.repeat(150)}/hit-${index}.md`] = `${'\u0003'.repeat(1000)} needle\n`.repeat(3);
    const { vault } = open(seed, { maxOutput: small });
    for (const input of [{ query: 'needle', contextLines: 2 }, { query: 'needle', outputMode: 'files_only' as const }, { filePattern: '*.md' }]) {
      const output = await vault.call('TextSearch', { ...input, maxResults: 1000 });
      const { structure } = structured(vault, 'TextSearch', output);
      expect(structure).toMatchObject({ totalFiles: 40, truncated: true });
      // A page holds the files its JSON fits (their lines' text may be cut, never a file left out), and the next page starts after it.
      expect(structure.cut ?? '', JSON.stringify(input)).not.toMatch(/\/files: /);
      expect(structure.nextOffset).toBe(output.nextOffset);
    }
  });

  it('ListDirectories and ListFiles of names full of quotes and control characters', async () => {
    const seed: VaultSeed = {};
    for (let index = 0; index < 200; index += 1) {
      seed[`tree/${'\u0002'.repeat(100)}-${index}/`] = '';
      seed[`files/${'"'.repeat(100)}-${String(index).padStart(3, '0')}.md`] = 'x';
    }
    const { vault } = open(seed, { maxOutput: small });
    const tree = structured(vault, 'ListDirectories', await vault.call('ListDirectories', {}));
    expect(tree.structure.truncated).toBe(true);
    expect(tree.structure.cut).toContain('/directories:');
    const files = structured(vault, 'ListFiles', await vault.call('ListFiles', { directoryPath: 'files', maxResults: 1000 }));
    expect(files.structure).toMatchObject({ directory: 'files', totalFiles: 200, folders: 0 });
    expect(files.structure.cut).toContain('/files:');
  });

  it("TextCreate over a 3,000-character path of quotes: the path's head, every other field whole", async () => {
    const { vault } = open({}, { maxOutput: small });
    const output = await vault.call('TextCreate', { filePath: `${deep}new.md`, content: 'new\n' });
    const { structure } = structured(vault, 'TextCreate', output);
    expect(output.path.startsWith(structure.path as string)).toBe(true);
    expect(structure).toMatchObject({ action: 'created', totalLines: 1, fileHash: output.fileHash });
    expect(structure.cut).toContain('/path: cut after');
  });
});
