/**
 * FindNotes against what nobody here wrote: huge notes, binary files, many scripts, many notes with
 * long lines under a small answer bound, hostile queries and scopes. Part of the attack suite of
 * @vault/core (this folder); each answer stays within its bound and nothing hangs.
 */
import { describe, expect, it } from 'vitest';
import { maxNoteWords } from '../find-notes/note-terms.js';
import { findNotes } from '../tools/find-notes.js';
import { open } from '../tools/__fixtures__/open.js';
import { bigFileTimeout, refused } from './__fixtures__/attack-kit.js';

describe('FindNotes under hostile input', () => {
  it(
    'passes over a note of one 50 MB line and a binary file, naming them, and ranks the rest [large input]',
    async () => {
      const { vault } = open({ 'huge.md': 'needle '.repeat(7_500_000), 'bin.md': 'needle\u0000', 'small.md': 'a needle\n' });
      const output = await vault.call('FindNotes', { query: 'needle' });
      expect(output).toMatchObject({
        notes: [{ path: 'small.md', lines: [{ line: 1, text: 'a needle' }] }],
        totalNotes: 1,
        searchedNotes: 1,
        skipped: [
          { path: 'bin.md', reason: 'NOT_TEXT' },
          { path: 'huge.md', reason: 'FILE_TOO_LARGE' },
        ],
        totalSkipped: 2,
      });
      expect(findNotes.render(output)).toContain('2 files skipped (bin.md: not UTF-8 text, huge.md: too large to rank)');
    },
    bigFileTimeout,
  );

  it(
    'passes over a note of more distinct words than it ranks (a log of unique ids), naming it, and reads it again only once changed [large input]',
    async () => {
      const ids = (count: number, from = 0) => Array.from({ length: count }, (_, at) => `q${(from + at).toString(36)}x`).join(' ');
      const { fs, vault } = open({ 'log.md': `needle ${ids(maxNoteWords)}\n`, 'words.md': `needle ${ids(maxNoteWords - 10)}\n` });
      const reads: string[] = [];
      const readFile = fs.readFile.bind(fs);
      fs.readFile = async (path) => {
        reads.push(path);
        return readFile(path);
      };
      const expected = { notes: [{ path: 'words.md' }], totalNotes: 1, skipped: [{ path: 'log.md', reason: 'FILE_TOO_LARGE' }], totalSkipped: 1 };
      expect(await vault.call('FindNotes', { query: 'needle' })).toMatchObject(expected);
      expect(reads.filter((path) => path === 'log.md')).toHaveLength(1);
      expect(await vault.call('FindNotes', { query: 'needle' })).toMatchObject(expected);
      expect(reads.filter((path) => path === 'log.md')).toHaveLength(1);
      await fs.writeFile('log.md', new TextEncoder().encode(`needle ${ids(10)}\n`));
      expect(await vault.call('FindNotes', { query: 'needle' })).toMatchObject({ totalNotes: 2, totalSkipped: 0 });
    },
    bigFileTimeout,
  );

  it('shows a window of a long line around its first matching word, and keeps the answer within a small bound, saying what it left out', async () => {
    const seed: Record<string, string> = {};
    for (let index = 0; index < 100; index += 1) seed[`n${String(index).padStart(3, '0')}.md`] = `${'x '.repeat(5000)}needle ${'y '.repeat(5000)}\n`;
    const { vault } = open(seed, { maxOutput: 4096 });
    const output = await vault.call('FindNotes', { query: 'needle', maxResults: 100 });
    expect(output.totalNotes).toBe(100);
    expect(output.notes.length).toBeGreaterThan(0);
    expect(output.notes.length).toBeLessThan(100);
    // Equal scores: by path.
    expect(output.notes.map((note) => note.path)).toEqual(Object.keys(seed).slice(0, output.notes.length));
    const shown = output.notes[0]!.lines[0]!.text;
    expect(shown).toMatch(/^…(x ){20}needle .*…$/);
    expect(shown.length).toBe(202);
    const text = vault.render('FindNotes', output);
    expect(text.length).toBeLessThanOrEqual(4096);
    expect(text).toContain(`showing the best ${output.notes.length} (raise \`maxResults\``);
    expect(JSON.stringify(vault.structure('FindNotes', output)).length).toBeLessThanOrEqual(4096);
  });

  it('ranks notes in many scripts, and answers an empty vault', async () => {
    const { vault } = open({ 'ja.md': '東京の天気', 'th.md': 'ภาษาไทยง่าย', 'hi.md': 'हिन्दी भाषा', 'el.md': 'Ελληνικά', 'emoji.md': '🎉 party' });
    const paths = async (query: string) => (await vault.call('FindNotes', { query })).notes.map((note) => note.path);
    expect(await paths('東京')).toEqual(['ja.md']);
    expect(await paths('ไทย')).toEqual(['th.md']);
    expect(await paths('भाषा')).toEqual(['hi.md']);
    expect(await paths('ελληνικα')).toEqual(['el.md']);
    expect(await paths('🎉 party')).toEqual(['emoji.md']);
    const empty = await open().vault.call('FindNotes', { query: 'anything' });
    expect(empty).toMatchObject({ notes: [], totalNotes: 0, searchedNotes: 0 });
    expect(findNotes.render(empty)).toBe('[No notes match (0 notes searched); try other words, fewer words, or TextSearch for an exact string]');
  });

  it('refuses scopes outside the vault, hidden or hostile, and a file as the folder', async () => {
    const { vault } = open({ 'a.md': 'word', '.obsidian/x.md': 'word' });
    await refused(vault.call('FindNotes', { query: 'word', directoryPath: '../..' }), 'PATH_OUTSIDE_VAULT');
    await refused(vault.call('FindNotes', { query: 'word', directoryPath: '/etc' }), 'PATH_OUTSIDE_VAULT');
    await refused(vault.call('FindNotes', { query: 'word', directoryPath: '.obsidian' }), 'HIDDEN_PATH');
    await refused(vault.call('FindNotes', { query: 'word', directoryPath: 'a.md' }), 'NOT_A_DIRECTORY');
    // A glob of many stars runs on a linear-time engine.
    expect((await vault.call('FindNotes', { query: 'word', filePattern: `${'*a'.repeat(40)}*b` })).totalNotes).toBe(0);
    await refused(vault.call('FindNotes', { query: 'word', filePattern: '{'.repeat(100) }), 'INVALID_ARGUMENT');
    await refused(vault.call('FindNotes', { query: 'word', maxResults: 101 }), 'INVALID_ARGUMENT');
    expect((await vault.call('FindNotes', { query: 'word' })).notes.map((note) => note.path)).toEqual(['a.md']);
  });
});
