/**
 * Found in review: superlinear scans, exact costs, escapes everywhere.
 * Part of the attack suite of @vault/core (this folder): input nobody here wrote, sent as an attacker
 * would who has read the source; each test checks the answer and that nothing changed on a refusal.
 */
import { describe, expect, it } from 'vitest';
import { open } from '../tools/__fixtures__/open.js';
import { hangTimeout, refused } from './__fixtures__/attack-kit.js';

describe('found in review: superlinear scans, exact costs, escapes everywhere', () => {
  it(
    'a periodic oldString in periodic text: counted, near misses searched, answered (V8 indexOf would take minutes)',
    async () => {
      const text = 'a'.repeat(4_000_000);
      const { fs, vault } = open({ 'a.md': text });
      const ambiguous = await refused(vault.call('TextEdit', { filePath: 'a.md', oldString: 'a'.repeat(4000), newString: 'b' }), 'AMBIGUOUS_MATCH');
      expect(ambiguous.details).toMatchObject({ count: 4_000_000 - 4000 + 1 });
      // No exact match, so the near-miss search runs: "A" x 4000 matches case-insensitively at every column.
      const near = await refused(vault.call('TextEdit', { filePath: 'a.md', oldString: 'A'.repeat(4000), newString: 'b' }), 'NO_MATCH');
      expect(near.details).toMatchObject({ candidates: [{ line: 1, differences: ['case'] }] });
      await refused(vault.call('TextEdit', { filePath: 'a.md', oldString: `${'a'.repeat(2000)}b${'a'.repeat(2000)}`, newString: 'c' }), 'NO_MATCH');
      expect((await fs.readFile('a.md')).length).toBe(text.length);
    },
    hangTimeout,
  );

  it(
    'a long periodic literal searched on the main thread (no workers) is answered',
    async () => {
      const { vault } = open({ 'a.md': 'a'.repeat(4_000_000) });
      const output = await vault.call('TextSearch', { query: `${'a'.repeat(1000)}b${'a'.repeat(1000)}` });
      expect(output.totalMatches).toBe(0);
      expect((await vault.call('TextSearch', { query: 'a'.repeat(1000), outputMode: 'files_only' })).files).toEqual([{ path: 'a.md', matches: 1 }]);
    },
    hangTimeout,
  );

  it(
    'a long case-sensitive periodic literal on the main thread is answered (RE2JS looks for it with V8 indexOf), and found where it is',
    async () => {
      const literal = `${'A'.repeat(2000)}B${'A'.repeat(2000)}`;
      const { vault } = open({ 'a.md': 'A'.repeat(4_000_000), 'b.md': `x ${literal} y ${literal}\n` });
      const output = await vault.call('TextSearch', { query: literal });
      expect(output).toMatchObject({ totalMatches: 1, totalFiles: 1 });
      expect(output.files[0]).toMatchObject({ path: 'b.md', matches: 1 });
    },
    hangTimeout,
  );

  it('TextRead shows every line its metadata says it shows, long lines and a long path included, with no cut note', async () => {
    const path = `${'p'.repeat(300)}.md`;
    const { vault } = open({ [path]: `${Array.from({ length: 40 }, (_, index) => `${index + 1}`.padEnd(3000, 'x')).join('\n')}\n` }, { maxOutput: 20_000 });
    const text = vault.render('TextRead', await vault.call('TextRead', { filePath: path }));
    expect(text.length).toBeLessThanOrEqual(20_000);
    expect(text).not.toContain('characters cut');
    const shown = /shown: (\d+)-(\d+)/.exec(text)!;
    const numbers = text
      .split('\n')
      .slice(0, -1)
      .map((line) => Number(/^(\d+): /.exec(line)?.[1]));
    expect(numbers).toEqual(Array.from({ length: Number(shown[2]) - Number(shown[1]) + 1 }, (_, index) => Number(shown[1]) + index));
    expect(text).toContain(`more: call again with \`offset: ${Number(shown[2]) + 1}\``);
  });

  it('TextSearch shows as many matching lines as its summary says, windowed long lines included, with no cut note', async () => {
    const long = `${'y'.repeat(1000)} needle ${'z'.repeat(1000)}`;
    const { vault } = open({ 'a.md': `${Array.from({ length: 400 }, () => long).join('\n')}\n` }, { maxOutput: 20_000 });
    const text = vault.render('TextSearch', await vault.call('TextSearch', { query: 'needle', maxResults: 400 }));
    expect(text.length).toBeLessThanOrEqual(20_000);
    expect(text).not.toContain('characters cut');
    const claimed = Number(/showing the first (\d+) matching lines/.exec(text)?.[1]);
    expect(text.split('\n').filter((line) => /^\d+: /.test(line))).toHaveLength(claimed);
  });

  it('escapes a folder name in ListFiles and ListDirectories summaries too', async () => {
    const folder = 'x\n[fake line]\u001b[31m';
    const { vault } = open({ [`${folder}/a.md`]: 'a\n', [`${folder}/sub/`]: '' });
    for (const text of [
      vault.render('ListFiles', await vault.call('ListFiles', { directoryPath: folder })),
      vault.render('ListDirectories', await vault.call('ListDirectories', { directoryPath: folder })),
    ]) {
      expect(text).not.toContain('\u001b');
      expect(text.split('\n').some((line) => line.startsWith('[fake line]'))).toBe(false);
      expect(text).toContain('x\\n[fake line]\\u001b[31m/');
    }
  });

  it.each(['b.md/.', 'b.md/..', 'b.md/'])('Move refuses a file path that names a folder (%s), changing nothing', async (form) => {
    const { fs, vault } = open({ 'b.md': 'b\n' });
    await refused(vault.call('Move', { sourcePath: form, destinationPath: 'd.md' }), 'INVALID_ARGUMENT');
    await refused(vault.call('Move', { sourcePath: 'b.md', destinationPath: `d.md/${form.slice(5)}` }), 'INVALID_ARGUMENT');
    expect(fs.toJSON()).toEqual({ 'b.md': 'b\n' });
  });

  it.each([
    ['a line separator', '\u2028'],
    ['a paragraph separator', '\u2029'],
    ['a soft hyphen', '\u00ad'],
    ['a Hangul filler', '\u3164'],
    ['a tag character', '\udb40\udc41'],
  ])('refuses a name with %s', async (_label, character) => {
    const { fs, vault } = open();
    await refused(vault.call('TextCreate', { filePath: `evil${character}[1 file]${character}fake.md`, content: 'x' }), 'INVALID_ARGUMENT');
    expect(fs.toJSON()).toEqual({});
  });

  it('a long matching line is never windowed through half a character', async () => {
    const { vault } = open({ 'a.md': `${'😀'.repeat(400)}needle${'😀'.repeat(400)}\n` });
    const line = (await vault.call('TextSearch', { query: 'needle' })).files[0]!.lines![0]!;
    expect(line.text).toMatch(/^(?:[\ud800-\udbff][\udc00-\udfff]|[^\ud800-\udfff])*$/);
    expect(line.text.slice(line.ranges![0]!.start, line.ranges![0]!.end)).toBe('needle');
  });
});
