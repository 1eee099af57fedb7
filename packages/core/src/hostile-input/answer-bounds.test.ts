/**
 * Every answer within its bound (SPEC 11), whatever the size of the files, folders, lines and names behind it.
 * Part of the attack suite of @vault/core (this folder): input nobody here wrote, sent as an attacker
 * would who has read the source; each test checks the answer and that nothing changed on a refusal.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryFs, type VaultSeed } from '../vault/memory-fs.js';
import { createVault } from '../vault/vault.js';
import { isVaultError } from '../vault/vault-error.js';
import { open } from '../tools/__fixtures__/open.js';
import { bound, bigFileTimeout, callAny, refused, sample } from './__fixtures__/attack-kit.js';

describe('every answer within its bound', () => {
  it(
    'TextEdit "- a" on 1,500,000 such lines: AMBIGUOUS_MATCH within the bound, naming the count, at most 20 lines [large input]',
    async () => {
      const { fs, vault } = open({ 'list.md': '- a\n'.repeat(1_500_000) });
      const error = await refused(vault.call('TextEdit', { filePath: 'list.md', oldString: '- a', newString: '- b' }), 'AMBIGUOUS_MATCH');
      expect(error.message.length).toBeLessThanOrEqual(bound);
      expect(error.message).toContain('1500000');
      const shownLines = error.message.split('\n').filter((line) => line.startsWith('line '));
      expect(shownLines.length).toBeGreaterThan(0);
      expect(shownLines.length).toBeLessThanOrEqual(20);
      expect(error.message.split('\n').length).toBeLessThanOrEqual(21);
      expect(error.details).toMatchObject({ count: 1_500_000 });
      expect((error.details as { lines: number[] }).lines.length).toBeLessThanOrEqual(20);
      expect(await sample(fs, 'list.md')).toEqual({ length: 6_000_000, first: 45, middle: 45, last: 10 });
    },
    bigFileTimeout,
  );

  it(
    'an edit next to a 12 MB line is applied, its snippet lines cut (fullLength set), the answer within the bound [large input]',
    async () => {
      const longLine = `![img](data:image/png;base64,${'A'.repeat(12_000_000)})`;
      const { fs, vault } = open({ 'page.md': `intro\n${longLine}\ntarget line\noutro\n` });
      const output = await vault.call('TextEdit', { filePath: 'page.md', oldString: 'target line', newString: 'edited line' });
      expect(output).toMatchObject({ replacements: 1, startLine: 3, endLine: 3 });
      expect(output.snippet).toEqual([
        { number: 1, text: 'intro' },
        { number: 2, text: longLine.slice(0, 2000), fullLength: 12_000_030 },
        { number: 3, text: 'edited line' },
        { number: 4, text: 'outro' },
      ]);
      const rendered = vault.render('TextEdit', output);
      expect(rendered.length).toBeLessThanOrEqual(bound);
      expect(rendered).toContain('line cut: 12000030 characters');
      const text = new TextDecoder().decode(await fs.readFile('page.md'));
      expect(text.length).toBe(6 + 12_000_030 + 1 + 'edited line\noutro\n'.length);
      expect(text.endsWith(`)\nedited line\noutro\n`)).toBe(true);
    },
    bigFileTimeout,
  );

  it(
    'TextSearch with maxResults 1,000,000 and contextLines 20 on a big file: within the bound, truncated, totals exact [large input]',
    async () => {
      const { vault } = open({ 'a.md': 'match line\n'.repeat(100_000), 'b.md': 'other\nmatch here\nother\nmatch\nmatch again\n' });
      const output = await vault.call('TextSearch', { query: 'match', maxResults: 1_000_000, contextLines: 20 });
      expect(output).toMatchObject({ totalMatches: 100_003, totalFiles: 2, truncated: true });
      const rendered = vault.render('TextSearch', output);
      expect(rendered.length).toBeLessThanOrEqual(bound);
      expect(rendered.split('\n').at(-1)).toContain('100003 matching lines in 2 files');
    },
    bigFileTimeout,
  );

  it('ListFiles of a folder of 5,000 files: 200 listed by default with the total, maxResults raises it, within the bound', async () => {
    const seed: VaultSeed = {};
    for (let index = 0; index < 5000; index += 1) seed[`big/f${String(index).padStart(4, '0')}.md`] = 'x';
    const { vault } = open(seed);
    const first = await vault.call('ListFiles', { directoryPath: 'big' });
    expect(first.totalFiles).toBe(5000);
    expect(first.files).toHaveLength(200);
    expect(first.files[0]).toEqual({ name: 'f0000.md', size: 1 });
    expect(first.files[199]).toEqual({ name: 'f0199.md', size: 1 });
    const rendered = vault.render('ListFiles', first);
    expect(rendered.split('\n')).toHaveLength(201);
    expect(rendered.split('\n').at(-1)).toContain('5000 files in big/, sizes in bytes; showing the first 200');
    const more = await vault.call('ListFiles', { directoryPath: 'big', maxResults: 1000 });
    expect(more.files).toHaveLength(1000);
    expect(more.files[999]!.name).toBe('f0999.md');
    const all = await vault.call('ListFiles', { directoryPath: 'big', maxResults: 1_000_000 });
    expect(all.totalFiles).toBe(5000);
    expect(all.files.length).toBeGreaterThan(1000);
    expect(vault.render('ListFiles', all).length).toBeLessThanOrEqual(bound);
  });

  it('TextRead of 500 lines of 2,000 characters: fewer lines, nextOffset given, within the bound, and the rest reachable', async () => {
    const line = (number: number) => `${String(number).padStart(4, '0')}${'x'.repeat(1996)}`;
    const content = `${Array.from({ length: 500 }, (_, index) => line(index + 1)).join('\n')}\n`;
    const { vault } = open({ 'wide.md': content });
    const output = await vault.call('TextRead', { filePath: 'wide.md' });
    expect(output.totalLines).toBe(500);
    expect(output.lines.length).toBeGreaterThan(0);
    expect(output.lines.length).toBeLessThan(500);
    expect(output.lines.every((shown, index) => shown.number === index + 1 && shown.text === line(index + 1) && shown.fullLength === undefined)).toBe(true);
    expect(output.nextOffset).toBe(output.lines.length + 1);
    const rendered = vault.render('TextRead', output);
    expect(rendered.length).toBeLessThanOrEqual(bound);
    expect(rendered).toContain(`more: call again with \`offset: ${output.nextOffset}\``);
    const next = await vault.call('TextRead', { filePath: 'wide.md', offset: output.nextOffset! });
    expect(next.lines[0]).toEqual({ number: output.nextOffset, text: line(output.nextOffset!) });
  });

  it('TextSearch skipping 100 binary files names at most 20 of them, with the total', async () => {
    const seed: VaultSeed = { 'text.md': 'needle\n' };
    for (let index = 0; index < 100; index += 1) seed[`bin/b${String(index).padStart(3, '0')}.md`] = new Uint8Array([110, 0, 1, 2]);
    const { vault } = open(seed);
    const output = await vault.call('TextSearch', { query: 'needle' });
    expect(output).toMatchObject({ totalMatches: 1, totalFiles: 1, totalSkipped: 100 });
    expect(output.skipped.length).toBeGreaterThan(0);
    expect(output.skipped.length).toBeLessThanOrEqual(20);
    const rendered = vault.render('TextSearch', output);
    expect(rendered.length).toBeLessThanOrEqual(bound);
    expect(rendered).toContain('100 files skipped');
    expect(rendered).toContain(`and ${100 - output.skipped.length} more`);
    expect(rendered.split('bin/b').length - 1).toBe(output.skipped.length);
  });

  it('TextSearch in files_only mode over 5,000 matching files with maxResults 1,000,000: within the bound, totals exact', async () => {
    const seed: VaultSeed = {};
    for (let index = 0; index < 5000; index += 1) seed[`notes/note-${String(index).padStart(4, '0')}.md`] = 'todo\ntodo\n';
    const { vault } = open(seed);
    const output = await vault.call('TextSearch', { query: 'todo', outputMode: 'files_only', maxResults: 1_000_000 });
    expect(output).toMatchObject({ totalMatches: 10_000, totalFiles: 5000, truncated: true });
    expect(output.files[0]).toEqual({ path: 'notes/note-0000.md', matches: 2 });
    expect(vault.render('TextSearch', output).length).toBeLessThanOrEqual(bound);
  });

  it('ListDirectories of 5,000 folders: cut with a note, within the bound', async () => {
    const seed: VaultSeed = {};
    for (let index = 0; index < 5000; index += 1) seed[`tree/folder-${String(index).padStart(4, '0')}/`] = '';
    const { vault } = open(seed);
    const output = await vault.call('ListDirectories', {});
    expect(output.truncated).toBe(true);
    expect(output.directories[0]).toBe('tree');
    const rendered = vault.render('ListDirectories', output);
    expect(rendered.length).toBeLessThanOrEqual(bound);
    expect(rendered.split('\n').at(-1)).toContain('more folders exist below');
  });

  it('TextSearch shows the part of a long line around a match far into it (SPEC 4: every character reachable)', async () => {
    const { vault } = open({ 'one-line.md': `${'x'.repeat(100_000)} NEEDLE ${'y'.repeat(100)}\n` });
    const output = await vault.call('TextSearch', { query: 'NEEDLE' });
    expect(output.totalMatches).toBe(1);
    const shown = output.files[0]!.lines![0]!;
    expect(shown.cut).toBe(true);
    expect(shown.text.length).toBeLessThan(2000);
    expect(shown.text).toContain('NEEDLE');
    expect(shown.ranges).toHaveLength(1);
    expect(shown.text.slice(shown.ranges![0]!.start, shown.ranges![0]!.end)).toBe('NEEDLE');
  });

  it('an error about a 1 MB path is within the bound', async () => {
    const { vault } = open({ 'a.md': 'a' });
    const error = await refused(vault.call('TextRead', { filePath: `${'p'.repeat(1_000_000)}.md` }), 'INVALID_ARGUMENT');
    expect(error.message.length).toBeLessThanOrEqual(bound);
  });

  it('an unknown tool name of 100,000 characters gets an error within the bound', async () => {
    const { vault } = open();
    const error = await refused(callAny(vault, 'X'.repeat(100_000), {}), 'INVALID_ARGUMENT');
    expect(error.message.length).toBeLessThanOrEqual(bound);
  });

  it('with maxOutput 4096, every tool answers within 4,096 characters, errors too', async () => {
    const small = 4096;
    const longName = `named/${'n'.repeat(3000)}.md`;
    const otherName = `named/${'m'.repeat(3000)}.md`;
    const seed: VaultSeed = {
      'long.md': `${Array.from({ length: 500 }, (_, index) => `${index}`.padEnd(2000, 'x')).join('\n')}\n`,
      'edit.md': `${'y'.repeat(5000)}\n${'y'.repeat(5000)}\ntarget\n${'y'.repeat(5000)}\n${'y'.repeat(5000)}\n`,
      'amb.md': 'dup\n'.repeat(1000),
      [longName]: 'short\n',
    };
    for (let index = 0; index < 300; index += 1) {
      seed[`many/file-${String(index).padStart(3, '0')}.md`] = 'x\n';
      seed[`tree/folder-with-a-long-name-${String(index).padStart(3, '0')}/`] = '';
    }
    const { vault } = open(seed, { maxOutput: small });
    const answers = [
      vault.render('TextRead', await vault.call('TextRead', { filePath: 'long.md' })),
      vault.render('TextEdit', await vault.call('TextEdit', { filePath: 'edit.md', oldString: 'target', newString: 'edited' })),
      vault.render('TextCreate', await vault.call('TextCreate', { filePath: `created/${'c'.repeat(3500)}.md`, content: 'new\n' })),
      vault.render('TextSearch', await vault.call('TextSearch', { query: 'x', maxResults: 1_000_000, contextLines: 20 })),
      vault.render('TextSearch', await vault.call('TextSearch', { query: 'x', maxResults: 1_000_000, outputMode: 'files_only' })),
      vault.render('ListDirectories', await vault.call('ListDirectories', {})),
      vault.render('ListFiles', await vault.call('ListFiles', { directoryPath: 'many', maxResults: 1000 })),
      vault.render('Move', await vault.call('Move', { sourcePath: longName, destinationPath: otherName })),
      vault.render('RemoveFile', await vault.call('RemoveFile', { filePath: otherName })),
    ];
    for (const answer of answers) expect(answer.length).toBeLessThanOrEqual(small);
    // Each answer still ends with its summary or metadata line, or the bound's note.
    expect(answers[0]).toContain('totalLines: 500');
    const errors = [
      await refused(vault.call('TextEdit', { filePath: 'amb.md', oldString: 'dup', newString: 'one' }), 'AMBIGUOUS_MATCH'),
      await refused(vault.call('TextRead', { filePath: `${'q'.repeat(10_000)}.md` }), 'INVALID_ARGUMENT'),
      await refused(vault.call('TextSearch', { query: '('.repeat(10_000), regex: true }), 'INVALID_ARGUMENT'),
    ];
    for (const error of errors) expect(error.message.length).toBeLessThanOrEqual(small);
  });

  it('createVault refuses a maxOutput under 4,096 (100, 0, NaN)', () => {
    for (const maxOutput of [100, 0, Number.NaN]) {
      let thrown: unknown;
      try {
        createVault(createMemoryFs(), { maxOutput });
      } catch (error) {
        thrown = error;
      }
      expect(isVaultError(thrown) && thrown.code).toBe('INVALID_ARGUMENT');
    }
  });
});
