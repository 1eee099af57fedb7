import { describe, expect, it } from 'vitest';
import { createMemoryFs } from '../../vault/memory-fs.js';
import { createVault } from '../../vault/vault.js';
import { type TextSearchOutput, textSearch } from './text-search.js';

const seed = {
  'b.md': 'Apple pie\napple tart\nbanana\n',
  'a.md': 'no fruit here\n',
  'notes/deep/c.md': 'one apple\ntwo\nthree\nfour apples\n',
  'notes/d.txt': 'APPLE\r\nsecond\r\n',
  'notes/e.json': '{"apple": 1}\n',
  '.obsidian/f.md': 'apple\n',
  '.trash/g.md': 'apple\n',
  'bin.md': new Uint8Array([0x61, 0x70, 0x70, 0x6c, 0x65, 0x00]),
};
const vault = createVault(createMemoryFs(seed));
const search = (input: Parameters<typeof vault.call<'TextSearch'>>[1]) => vault.call('TextSearch', input);

describe('TextSearch', () => {
  it('finds a literal with smart case, grouped by file, ordered by path then line', async () => {
    const output = await search({ query: 'apple' });
    expect(output.caseSensitive).toBe(false);
    expect(output.files.map((file) => [file.path, file.lines?.map((line) => line.number)])).toEqual([
      ['b.md', [1, 2]],
      ['notes/d.txt', [1]],
      ['notes/deep/c.md', [1, 4]],
    ]);
    expect(output).toMatchObject({ totalMatches: 5, totalFiles: 3, truncated: false, skipped: [{ path: 'bin.md', reason: 'NOT_TEXT' }] });
    expect(textSearch.render(output)).toBe(
      [
        'b.md',
        '1: Apple pie',
        '2: apple tart',
        'notes/d.txt',
        '1: APPLE',
        'notes/deep/c.md',
        '1: one apple',
        '4: four apples',
        '[5 matching lines in 3 files; 1 file skipped (bin.md: not UTF-8 text)]',
      ].join('\n'),
    );
  });

  it('skips a file too large to search: its code in the result, its words in the answer', async () => {
    const sized = createVault(createMemoryFs({ 'a.md': 'apple\n', 'big.md': `apple\n${'x'.repeat(100)}\n` }), { maxFileSize: 50 });
    const output = await sized.call('TextSearch', { query: 'apple' });
    expect(output).toMatchObject({ totalMatches: 1, skipped: [{ path: 'big.md', reason: 'FILE_TOO_LARGE' }], totalSkipped: 1 });
    expect(textSearch.render(output)).toBe('a.md\n1: apple\n[1 matching line in 1 file; 1 file skipped (big.md: too large)]');
    expect(sized.structure('TextSearch', output).skipped).toEqual([{ path: 'big.md', reason: 'too large' }]);
  });

  it('turns case-sensitive when the query has an upper-case letter', async () => {
    const output = await search({ query: 'Apple' });
    expect(output).toMatchObject({ caseSensitive: true, totalMatches: 1, files: [{ path: 'b.md', matches: 1 }] });
  });

  it('searches with a JavaScript regex, matching per line', async () => {
    const output = await search({ query: '^(one|four) apple', regex: true });
    expect(output.files).toEqual([
      {
        path: 'notes/deep/c.md',
        matches: 2,
        lines: [
          { number: 1, text: 'one apple', match: true, ranges: [{ start: 0, end: 9 }] },
          { number: 4, text: 'four apples', match: true, ranges: [{ start: 0, end: 10 }] },
        ],
      },
    ]);
  });

  it('narrows to one file, a folder, or a glob where a pattern without / matches at any depth', async () => {
    expect((await search({ query: 'apple', filePath: 'b.md', directoryPath: 'notes' })).files.map((file) => file.path)).toEqual(['b.md']);
    expect((await search({ query: 'apple', directoryPath: 'notes/deep' })).files.map((file) => file.path)).toEqual(['notes/deep/c.md']);
    expect((await search({ query: 'apple', filePattern: '*.md' })).files.map((file) => file.path)).toEqual(['b.md', 'notes/deep/c.md']);
    expect((await search({ query: 'apple', filePattern: 'notes/**/*.txt' })).files.map((file) => file.path)).toEqual(['notes/d.txt']);
  });

  it('lists files with their match counts in files_only mode', async () => {
    const output = await search({ query: 'apple', outputMode: 'files_only' });
    expect(output.files).toEqual([
      { path: 'b.md', matches: 2 },
      { path: 'notes/d.txt', matches: 1 },
      { path: 'notes/deep/c.md', matches: 2 },
    ]);
    expect(textSearch.render(output).split('\n').slice(0, 3)).toEqual(['b.md: 2', 'notes/d.txt: 1', 'notes/deep/c.md: 2']);
  });

  it('bounds the output with maxResults, keeps full totals and says it was cut', async () => {
    const lines = await search({ query: 'apple', maxResults: 3 });
    expect(lines.files.flatMap((file) => file.lines ?? []).filter((line) => line.match)).toHaveLength(3);
    expect(lines).toMatchObject({ totalMatches: 5, totalFiles: 3, truncated: true });
    expect(textSearch.render(lines)).toContain('showing the first 3 matching lines');
    const files = await search({ query: 'apple', maxResults: 2, outputMode: 'files_only' });
    expect(files).toMatchObject({ files: [{ path: 'b.md' }, { path: 'notes/d.txt' }], totalFiles: 3, truncated: true });
  });

  it('shows context lines, marked apart from matches', async () => {
    const output = await search({ query: 'four', contextLines: 1 });
    expect(output.files[0]?.lines).toEqual([
      { number: 3, text: 'three', match: false },
      { number: 4, text: 'four apples', match: true, ranges: [{ start: 0, end: 4 }] },
    ]);
    expect(textSearch.render(output)).toContain('3- three\n4: four apples');
  });

  it('never looks into hidden folders, the trash or other extensions', async () => {
    const output = await search({ query: 'apple', outputMode: 'files_only', maxResults: 100 });
    expect(output.files.map((file) => file.path)).not.toContain('.trash/g.md');
    expect(output.files.map((file) => file.path)).not.toContain('.obsidian/f.md');
    expect(output.files.map((file) => file.path)).not.toContain('notes/e.json');
  });

  it('refuses an invalid regex and an empty query', async () => {
    await expect(search({ query: '(unclosed', regex: true })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('invalid') });
    await expect(search({ query: '' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it.each(['(a+)+$', '((a+))+$', '(a|a)+$', '(.*a){12}$', 'a*a*a*a*a*a*b', 'a{1,999}a{1,999}b'])(
    'runs the backtracking-prone regex %s in linear time',
    async (query) => {
      const pathological = createVault(createMemoryFs({ 'a.md': `${'a'.repeat(50_000)}!\n`, 'b.md': `${'a'.repeat(20)}\n` }));
      const output = await pathological.call('TextSearch', { query, regex: true, outputMode: 'files_only' });
      expect(output.files.map((file) => file.path)).toEqual(query.endsWith('$') ? ['b.md'] : []);
    },
  );

  it('gives the linear-time engine the same answers and smart case', async () => {
    const output = await search({ query: '^(one|four) (apple)+', regex: true });
    expect(output.files.map((file) => [file.path, file.lines?.map((line) => line.number)])).toEqual([['notes/deep/c.md', [1, 4]]]);
    expect((await search({ query: '(APPLE)+', regex: true })).totalMatches).toBe(1);
  });

  it.each(['(a+)+\\1', 'a{1,9999}a{1,9999}c'])('refuses the backtracking-prone regex %s that the linear-time engine cannot run', async (query) => {
    await expect(search({ query, regex: true })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('linear-time engine lacks'),
    });
  });

  it('matches filePattern without regard to case, and counts context matches beyond maxResults as context', async () => {
    const vault = createVault(createMemoryFs({ 'x/UPPER.MD': 'hello\nhello\n' }));
    expect((await vault.call('TextSearch', { query: 'hello', filePattern: '*.md', outputMode: 'files_only' })).files).toEqual([
      { path: 'x/UPPER.MD', matches: 2 },
    ]);
    const lines = await vault.call('TextSearch', { query: 'hello', maxResults: 1, contextLines: 1 });
    expect(lines.files[0]?.lines).toEqual([
      { number: 1, text: 'hello', match: true, ranges: [{ start: 0, end: 5 }] },
      { number: 2, text: 'hello', match: false },
    ]);
  });

  it('matches a filePattern of names beyond ASCII, plain or with a star, ignoring their case too', async () => {
    const vault = createVault(
      createMemoryFs({ 'café.md': 'hello\n', '日本語.md': 'hello\n', 'notes/Über uns.md': 'hello\n', '😀 face.md': 'hello\n', 'plain.md': 'hello\n' }),
    );
    const found = async (filePattern: string) =>
      (await vault.call('TextSearch', { query: 'hello', filePattern, outputMode: 'files_only' })).files.map((file) => file.path);
    expect(await found('café.md')).toEqual(['café.md']);
    expect(await found('CAFÉ.md')).toEqual(['café.md']);
    expect(await found('日本*.md')).toEqual(['日本語.md']);
    expect(await found('**/über*')).toEqual(['notes/Über uns.md']);
    expect(await found('😀*')).toEqual(['😀 face.md']);
    expect(await found('[c]afé.md')).toEqual(['café.md']);
  });

  it('pages by nextOffset through every file, in each mode, the structured content never cut (its JSON takes more than the text)', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 600 }, (_, index) => [`d${Math.floor(index / 100)}/${'"'.repeat(20)}${index}.md`, 'seed\nseed "quoted"\n']),
    );
    const vault = createVault(createMemoryFs(files), { maxOutput: 4096 });
    for (const [outputMode, query] of [
      ['files_only', 'seed'],
      ['content', 'seed'],
      [undefined, ''],
    ] as const) {
      const seen: string[] = [];
      for (let offset: number | undefined = 0; offset !== undefined; ) {
        const output: TextSearchOutput = await vault.call('TextSearch', {
          query,
          filePattern: '*.md',
          offset,
          maxResults: 1000,
          ...(outputMode ? { outputMode } : {}),
        });
        const structure = vault.structure('TextSearch', output);
        expect(structure.cut, outputMode).toBeUndefined();
        expect(structure.nextOffset).toBe(output.nextOffset);
        seen.push(
          ...output.files.flatMap((file) =>
            outputMode === 'content' ? (file.lines ?? []).filter((line) => line.match).map((line) => `${file.path}:${line.number}`) : [file.path],
          ),
        );
        offset = output.nextOffset;
      }
      expect(seen.length, outputMode).toBe(outputMode === 'content' ? 1200 : 600);
      expect(new Set(seen).size).toBe(seen.length);
    }
    // One file whose lines JSON escapes at six times their length: the page ends inside it.
    const escaped = createVault(createMemoryFs({ 'one.md': Array.from({ length: 200 }, (_, line) => `seed ${line} ${'\u0001"'.repeat(30)}\n`).join('') }), {
      maxOutput: 4096,
    });
    for (const contextLines of [0, 2]) {
      const seen: number[] = [];
      for (let offset: number | undefined = 0; offset !== undefined; ) {
        const output: TextSearchOutput = await escaped.call('TextSearch', { query: 'seed', offset, maxResults: 1000, contextLines });
        expect(escaped.structure('TextSearch', output).cut).toBeUndefined();
        seen.push(...output.files.flatMap((file) => (file.lines ?? []).filter((line) => line.match).map((line) => line.number)));
        offset = output.nextOffset;
      }
      expect(seen).toEqual(Array.from({ length: 200 }, (_, line) => line + 1));
    }
  });

  it('stops with TIMEOUT once the time budget is spent', async () => {
    const files = Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`f${index}.md`, 'word\n'.repeat(2000)]));
    const slow = createVault(createMemoryFs(files), { searchTimeout: 0 });
    await expect(slow.call('TextSearch', { query: 'word' })).rejects.toMatchObject({ code: 'TIMEOUT' });
  });

  it('says where each match is on a line, for either engine, and marks matches up through a style', async () => {
    const vault = createVault(createMemoryFs({ 'a.md': 'an apple, an Apple\nx\n', 'b.md': `${'y'.repeat(498)}apple\n`, 'c.md': 'aab aab\n' }));
    const style = {
      path: (text: string) => `<${text}>`,
      lineNumber: (text: string) => `#${text}`,
      match: (text: string) => `[${text}]`,
      note: (text: string) => text,
    };
    const literal = await vault.call('TextSearch', { query: 'apple', contextLines: 1 });
    expect(literal.files.map((file) => file.lines)).toEqual([
      [
        {
          number: 1,
          text: 'an apple, an Apple',
          match: true,
          ranges: [
            { start: 3, end: 8 },
            { start: 13, end: 18 },
          ],
        },
        { number: 2, text: 'x', match: false },
      ],
      // A line longer than 500 characters: a window that starts 100 characters before its first match, here reaching its end.
      [{ number: 1, text: `${'y'.repeat(495)}apple`, match: true, cut: true, column: 3, length: 503, ranges: [{ start: 495, end: 500 }] }],
    ]);
    expect(textSearch.render(literal, style).split('\n')[4]).toBe(`#1: [from character 4] …${'y'.repeat(495)}[apple]`);
    expect(textSearch.render(literal, style).split('\n').slice(0, 3)).toEqual(['<a.md>', '#1: an [apple], an [Apple]', '#2- x']);
    const emptyMatches = await vault.call('TextSearch', { query: 'x*', regex: true, filePath: 'a.md' });
    expect(emptyMatches.files[0]?.lines).toEqual([
      { number: 1, text: 'an apple, an Apple', match: true, ranges: [] },
      { number: 2, text: 'x', match: true, ranges: [{ start: 0, end: 1 }] },
    ]);
    const linear = await vault.call('TextSearch', { query: '(a+)+b', regex: true });
    expect(linear.files[0]?.lines?.[0]?.ranges).toEqual([
      { start: 0, end: 3 },
      { start: 4, end: 7 },
    ]);
  });

  it('looks for match ranges only as far as the shown text, and never splits a character', async () => {
    const vault = createVault(createMemoryFs({ 'long.md': `${'a'.repeat(1_000_000)}\n`, 'emoji.md': 'x😀y\n' }));
    const long = await vault.call('TextSearch', { query: 'a', filePath: 'long.md' });
    const ranges = long.files[0]?.lines?.[0]?.ranges ?? [];
    expect([ranges.length, ranges[0], ranges.at(-1)]).toEqual([500, { start: 0, end: 1 }, { start: 499, end: 500 }]);
    // \- is not valid in Unicode mode, so this regex runs in classic mode, where . matches half of 😀.
    const emoji = await vault.call('TextSearch', { query: '[^xy]\\-?', regex: true, filePath: 'emoji.md' });
    expect(emoji.files[0]?.lines?.[0]?.ranges).toEqual([{ start: 1, end: 3 }]);
  });

  it('accepts classic regex syntax that Unicode mode rejects', async () => {
    expect((await search({ query: 'banana\\-?', regex: true })).totalMatches).toBe(1);
  });
});

describe('TextSearch in markdown notes: each match under its section', () => {
  const guide = [
    '# Guide',
    'install it',
    '## Setup',
    '### Linux',
    'install with apt',
    'then install more',
    '### Windows',
    'install with winget',
    '## Use',
    'run it',
  ].join('\n');
  const notes = createVault(createMemoryFs({ 'guide.md': guide, 'plain.txt': '## Not a heading\ninstall\n', 'flat.md': 'install, no heading\n' }));
  const render = async (input: Parameters<typeof notes.call<'TextSearch'>>[1]) => notes.render('TextSearch', await notes.call('TextSearch', input));

  it('names the heading path (the title left out) once per run of matches in the same section, in markdown only', async () => {
    expect(await render({ query: 'install' })).toBe(
      [
        'flat.md',
        '1: install, no heading',
        'guide.md',
        '2: install it',
        '§ ## Setup > ### Linux',
        '5: install with apt',
        '6: then install more',
        '§ ## Setup > ### Windows',
        '8: install with winget',
        'plain.txt',
        '2: install',
        '[6 matching lines in 3 files]',
      ].join('\n'),
    );
  });

  it('names it before a group of context, and a heading that matches under its parents', async () => {
    expect(await render({ query: 'winget|^### ', regex: true, contextLines: 1, filePath: 'guide.md' })).toBe(
      [
        'guide.md',
        '§ ## Setup',
        '3- ## Setup',
        '4: ### Linux',
        '5- install with apt',
        '6- then install more',
        '7: ### Windows',
        '§ ## Setup > ### Windows',
        '8: install with winget',
        '9- ## Use',
        '[3 matching lines in 1 file]',
      ].join('\n'),
    );
  });

  it('gives the heading paths in the structured lines too, and drops them from matches cut to context', async () => {
    const output = await notes.call('TextSearch', { query: 'install', filePath: 'guide.md', maxResults: 2, contextLines: 2 });
    expect(textSearch.structure(output).files).toEqual([
      {
        path: 'guide.md',
        matches: 4,
        lines: [
          '1- # Guide',
          '2: install it',
          '3- ## Setup',
          '4- ### Linux',
          '§ ## Setup > ### Linux',
          '5: install with apt',
          '6- then install more',
          '7- ### Windows',
        ],
      },
    ]);
  });
});
