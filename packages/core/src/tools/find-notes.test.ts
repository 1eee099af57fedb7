import { describe, expect, it } from 'vitest';
import { createMemoryFs, createVault, type VaultFs } from '../index.js';
import { open } from './__fixtures__/open.js';
import { findNotes } from './find-notes.js';

const seed = {
  'team/onboarding.md': [
    '---',
    'title: Onboarding new hires',
    'tags: [people, process/hiring]',
    'aliases: [First week]',
    '---',
    '# Onboarding new hires',
    '',
    'Welcome to the team.',
    '',
    '## Laptop',
    'IT sends the laptop on day one.',
    '',
    '## Buddy',
    'Every new hire gets an onboarding buddy.',
    'The buddy answers questions during the first week.',
  ].join('\n'),
  'team/offboarding.md': '# Offboarding\n\nReturn the laptop. #process\n',
  'projects/index-design.md': '# Index design\n\nIndexing notes with an inverted index.\n\n## Updates\nThe indexer reindexes changed files.\n',
  'journal/2026-11-02.md': 'Met Ana about the onboarding of Bob. #people\nLunch.\n',
  'misc/unrelated.md': 'Nothing here.\n',
};

describe('FindNotes', () => {
  it('ranks the note about the words first, with its best section and lines, and counts every match', async () => {
    const { vault } = open(seed);
    const output = await vault.call('FindNotes', { query: 'onboarding buddy' });
    expect(output.notes.map((note) => note.path)).toEqual(['team/onboarding.md', 'journal/2026-11-02.md']);
    expect(output.notes[0]).toMatchObject({
      title: 'Onboarding new hires',
      section: { heading: '## Buddy', start: 13, end: 15 },
      lines: [
        { line: 14, text: 'Every new hire gets an onboarding buddy.' },
        { line: 15, text: 'The buddy answers questions during the first week.' },
      ],
    });
    expect(output).toMatchObject({ totalNotes: 2, searchedNotes: 5, totalSkipped: 0 });
    const text = findNotes.render(output);
    expect(text.split('\n').slice(0, 3)).toEqual([
      `team/onboarding.md "Onboarding new hires" § ## Buddy (lines 13-15, score ${output.notes[0]!.score})`,
      '14: Every new hire gets an onboarding buddy.',
      '15: The buddy answers questions during the first week.',
    ]);
    expect(text.split('\n').at(-1)).toBe(
      '[2 matching notes of 5 notes searched, best first; read a section with TextRead `offset`, `limit` (its first line, its length)]',
    );
  });

  it('finds the longer words a query word begins, and through an English ending its stem, whatever the case and accents', async () => {
    const { vault } = open({ ...seed, 'fr/cafe.md': '# Le Café\n\nUn CAFÉ crème.\n' });
    const index = await vault.call('FindNotes', { query: 'index' });
    expect(index.notes.map((note) => note.path)).toEqual(['projects/index-design.md']);
    expect(index.notes[0]!.lines).toEqual([{ line: 3, text: 'Indexing notes with an inverted index.' }]);
    expect((await vault.call('FindNotes', { query: 'reindexer' })).totalNotes).toBe(0);
    expect((await vault.call('FindNotes', { query: 'indexes' })).notes.map((note) => note.path)).toEqual(['projects/index-design.md']);
    expect((await vault.call('FindNotes', { query: 'cafe' })).notes.map((note) => note.path)).toEqual(['fr/cafe.md']);
  });

  it('folds ß as ss both ways, in words, phrases and tags, and shows the lines as written', async () => {
    const { vault } = open({ 'de/a.md': 'Die Straße ist lang.\n', 'de/b.md': 'THE STRASSE\n' });
    for (const query of ['STRASSE', 'straße', 'Strasse'])
      expect((await vault.call('FindNotes', { query })).notes.map((note) => note.path).sort(), query).toEqual(['de/a.md', 'de/b.md']);
    const tagged = open({ 'tagged.md': '---\ntags: [Hauptstraße]\n---\n#Straße and #ΣΟΦΟΣ\n', 'other.md': 'other\n' }).vault;
    for (const query of ['tag:STRASSE', 'tag:straße', 'tag:HAUPTSTRASSE', 'tag:hauptstraße', 'tag:σοφοσ', 'tag:Σοφος'])
      expect(
        (await tagged.call('FindNotes', { query })).notes.map((note) => note.path),
        query,
      ).toEqual(['tagged.md']);
    const phrase = await vault.call('FindNotes', { query: '"die strasse"' });
    expect(phrase.notes.map((note) => [note.path, note.lines])).toEqual([['de/a.md', [{ line: 1, text: 'Die Straße ist lang.' }]]]);
  });

  it('finds a compound of a script written without spaces by its first two characters, and shows its line', async () => {
    const { vault } = open({ ...seed, 'travel/tokyo.md': '# 旅行\n\n東京タワーに行った。\n', 'travel/kyoto.md': '# 旅行\n\n京都に行った。\n' });
    const found = await vault.call('FindNotes', { query: '東京' });
    expect(found.notes.map((note) => note.path)).toEqual(['travel/tokyo.md']);
    expect(found.notes[0]!.lines).toEqual([{ line: 3, text: '東京タワーに行った。' }]);
    // One character is not a prefix: it finds itself only.
    expect((await vault.call('FindNotes', { query: '東' })).totalNotes).toBe(0);
  });

  it('analyses and finds a note of one unbroken run of 300,000 Chinese characters, and one of Thai, with its lines windowed', async () => {
    // Node 20's segmenter costs the square of what it is given: the whole run at once ran the process out of memory.
    const chinese = '我们今天讨论东京的天气和数据库索引'.repeat(17_648);
    const thai = 'ภาษาไทยง่ายมากสำหรับการทดสอบ'.repeat(11_000);
    const { vault } = open({ 'zh.md': `# 笔记\n${chinese}\n`, 'th.md': `# บันทึก\n${thai}\n`, 'other.md': '# other\nhello world\n' });
    expect((await vault.call('FindNotes', { query: 'hello' })).notes.map((note) => note.path)).toEqual(['other.md']);
    const zh = await vault.call('FindNotes', { query: '东京 天气' });
    expect(zh.notes.map((note) => note.path)).toEqual(['zh.md']);
    expect(zh.notes[0]!.lines[0]!.text.length).toBeLessThan(1_000);
    expect((await vault.call('FindNotes', { query: 'ภาษา' })).notes.map((note) => note.path)).toEqual(['th.md']);
  });

  it('ranks a vault whose front matter holds lists of 300,000 tags, keywords or aliases: past the words a note may hold, named as skipped; a list of 60,000 found by one of them', async () => {
    // A list that long was spread as arguments of one call: past the stack's limit, every FindNotes call failed.
    const list = (key: string, prefix: string, length = 300_000) =>
      `---\n${key}: [${Array.from({ length }, (_, index) => `${prefix}${index}`).join(', ')}]\n---\nbody\n`;
    // Parsing 300,000 entries of YAML takes seconds: the time budget is not what this is about.
    const { vault } = open(
      {
        'tags.md': list('tags', 't'),
        'keywords.md': list('keywords', 'k'),
        'aliases.md': list('aliases', 'a'),
        'other.md': '# other\nhello\n',
        'some-tags.md': list('tags', 's', 60_000),
      },
      { searchTimeout: 600_000 },
    );
    const hello = await vault.call('FindNotes', { query: 'hello' });
    expect(hello.notes.map((note) => note.path)).toEqual(['other.md']);
    expect(hello.skipped).toEqual(['aliases.md', 'keywords.md', 'tags.md'].map((path) => ({ path, reason: 'FILE_TOO_LARGE' })));
    expect((await vault.call('FindNotes', { query: 'tag:s59999' })).notes.map((note) => note.path)).toEqual(['some-tags.md']);
  });

  it('cuts a long front-matter title as a heading is cut, and shows the notes ranked below it', async () => {
    const seeded = Object.fromEntries(Array.from({ length: 5 }, (_, index) => [`ok${index}.md`, `# Ok ${index}\nsomething about the budget plan\n`]));
    const { vault } = open({ ...seeded, 'long.md': `---\ntitle: "budget plan ${'x'.repeat(70_000)}"\n---\nbudget plan budget plan\n` });
    const output = await vault.call('FindNotes', { query: 'budget plan' });
    expect(output.notes).toHaveLength(6);
    expect(output.notes[0]).toMatchObject({ path: 'long.md', title: `budget plan ${'x'.repeat(48)}…` });
    expect(findNotes.render(output).split('\n')[0]).toMatch(/^long\.md "budget plan x{48}…" \(lines 1-4, score /);
  });

  it('finds a long title by its words past the cut, from front matter or from the first heading', async () => {
    const long = `${'a title of many plain words '.repeat(5)}about kubernetes upgrades`;
    const { vault } = open({ 'front.md': `---\ntitle: ${long}\n---\nbody\n`, 'heading.md': `# ${long}\nbody\n`, 'other.md': 'body\n' });
    const output = await vault.call('FindNotes', { query: 'kubernetes upgrades' });
    expect(output.notes.map((note) => note.path)).toEqual(['front.md', 'heading.md']);
    expect(output.notes[0]!.title).toMatch(/…$/);
  });

  it('shows the best note, without its lines, when it alone is past the answer bound (a long path at the smallest maxOutput)', async () => {
    const deep = `${'folder-of-a-long-name/'.repeat(150)}note.md`;
    const { vault } = open({ [deep]: 'budget plan\n', 'other.md': 'budget\n' }, { maxOutput: 4096 });
    const output = await vault.call('FindNotes', { query: 'budget plan' });
    expect(output.notes.map((note) => [note.path, note.lines])).toEqual([[deep, []]]);
    expect(output.totalNotes).toBe(2);
  });

  it("finds an irregular verb's other forms, and shows their lines: a question in the present finds what a daily note says in the past", async () => {
    const { vault } = open(seed);
    const found = await vault.call('FindNotes', { query: 'who did I meet' });
    expect(found.notes.map((note) => note.path)).toEqual(['journal/2026-11-02.md']);
    expect(found.notes[0]!.lines).toEqual([{ line: 1, text: 'Met Ana about the onboarding of Bob. #people' }]);
    expect((await vault.call('FindNotes', { query: 'meeting' })).totalNotes).toBe(0);
  });

  it('weighs the name and title above the body', async () => {
    const { vault } = open({ 'a.md': 'Some text on laptop and many other words to make it longer than the others here.\n', 'laptop.md': 'Short.\n' });
    expect((await vault.call('FindNotes', { query: 'laptop' })).notes.map((note) => note.path)).toEqual(['laptop.md', 'a.md']);
  });

  it('takes quoted phrases in order, excluded words and phrases, and tags from front matter and inline', async () => {
    const { vault } = open(seed);
    const paths = async (query: string) => (await vault.call('FindNotes', { query })).notes.map((note) => note.path);
    expect(await paths('"the laptop"')).toEqual(['team/offboarding.md', 'team/onboarding.md']);
    expect(await paths('"return the laptop"')).toEqual(['team/offboarding.md']);
    expect(await paths('laptop -return')).toEqual(['team/onboarding.md']);
    expect(await paths('laptop -"return the"')).toEqual(['team/onboarding.md']);
    expect(await paths('tag:people')).toEqual(['journal/2026-11-02.md', 'team/onboarding.md']);
    expect(await paths('tag:process')).toEqual(['team/offboarding.md', 'team/onboarding.md']);
    expect(await paths('tag:process/hiring laptop')).toEqual(['team/onboarding.md']);
    expect(await paths('laptop -tag:people')).toEqual(['team/offboarding.md']);
    expect(await paths('"first week"')).toEqual(['team/onboarding.md']);
    expect(await paths('"week first"')).toEqual([]);
  });

  it('takes an inline tag whole with its combining marks, as front matter gives it', async () => {
    const tags = ['हिन्दी', 'สวัสดี', 'مُهِمّ', 'cafe\u0301'];
    const { vault } = open(
      Object.fromEntries(
        tags.flatMap((tag, index) => [
          [`inline${index}.md`, `text #${tag} more\n`],
          [`front${index}.md`, `---\ntags: [${tag}]\n---\ntext\n`],
        ]),
      ),
    );
    for (const [index, tag] of tags.entries()) {
      expect((await vault.call('FindNotes', { query: `tag:${tag}` })).notes.map((note) => note.path).sort()).toEqual([`front${index}.md`, `inline${index}.md`]);
    }
    expect((await vault.call('FindNotes', { query: 'tag:ह' })).totalNotes).toBe(0);
  });

  it("takes no inline tag from an indented code block, and takes one from an indented line that continues a paragraph or a list item's text", async () => {
    const { vault } = open({
      'code.md': '# Code\n\n    #ifdef DEBUG\n\n    #endif\n',
      'tab.md': 'Text.\n\n\t#define MAX 10\n',
      'first-line.md': '    #pragma once\n',
      'after-heading.md': '# Heading\n    #undef X\n',
      'paragraph.md': 'A paragraph\n    #continued here\n',
      'list.md': '- an item\n\n    #listed in the item\n',
      'after-list.md': '- an item\n\nA paragraph.\n\n    #include <x>\n',
    });
    const paths = async (query: string) => (await vault.call('FindNotes', { query })).notes.map((note) => note.path);
    for (const tag of ['ifdef', 'endif', 'define', 'pragma', 'undef', 'include']) expect(await paths(`tag:${tag}`)).toEqual([]);
    expect(await paths('tag:continued')).toEqual(['paragraph.md']);
    expect(await paths('tag:listed')).toEqual(['list.md']);
    // Its words are still the note's.
    expect(await paths('ifdef')).toEqual(['code.md']);
  });

  it('looks below directoryPath, at the files filePattern takes', async () => {
    const { vault } = open(seed);
    expect((await vault.call('FindNotes', { query: 'onboarding', directoryPath: 'journal' })).notes.map((note) => note.path)).toEqual([
      'journal/2026-11-02.md',
    ]);
    expect((await vault.call('FindNotes', { query: 'laptop', filePattern: 'off*' })).notes.map((note) => note.path)).toEqual(['team/offboarding.md']);
    // The trash when asked for, as TextSearch searches it; never otherwise.
    const { vault: withTrash } = open({ 'a.md': 'laptop', '.trash/old.md': 'laptop' });
    expect((await withTrash.call('FindNotes', { query: 'laptop' })).notes.map((note) => note.path)).toEqual(['a.md']);
    expect((await withTrash.call('FindNotes', { query: 'laptop', directoryPath: '.trash' })).notes.map((note) => note.path)).toEqual(['.trash/old.md']);
  });

  it('is exact: a note changed, added or removed is ranked as it is now, on the next call', async () => {
    const { fs, vault } = open(seed);
    expect((await vault.call('FindNotes', { query: 'kubernetes' })).totalNotes).toBe(0);
    await fs.writeFile('misc/unrelated.md', new TextEncoder().encode('# Kubernetes\nA cluster.\n'));
    await fs.writeFile('new.md', new TextEncoder().encode('kubernetes once\n'));
    expect((await vault.call('FindNotes', { query: 'kubernetes' })).notes.map((note) => note.path)).toEqual(['misc/unrelated.md', 'new.md']);
    await fs.rename('misc/unrelated.md', 'misc/moved.md');
    expect((await vault.call('FindNotes', { query: 'kubernetes' })).notes.map((note) => note.path)).toEqual(['misc/moved.md', 'new.md']);
  });
});

describe('FindNotes after a change its versions cannot see', () => {
  it('reads again a note the change log names, though its version is the one cached (two writes of one size in one tick of the clock)', async () => {
    const inner = createMemoryFs({ 'a.md': 'alpha bravo\n', 'b.md': 'charlie\n' });
    // The log: the paths changed, in order; cursors count from 1 (0 is a reader's first question: everything).
    const log: string[] = [];
    // A watched backend whose versions miss the rewrite: the change log alone says a.md changed.
    const fs: VaultFs = {
      ...inner,
      version: async (path) => ((await inner.stat(path))?.kind === 'file' ? 'the same' : undefined),
      sync: async () => true,
      changesSince: (from) => (from === 0 ? { cursor: log.length + 1, everything: true } : { cursor: log.length + 1, paths: log.slice(from - 1) }),
    };
    const vault = createVault(fs);
    expect((await vault.call('FindNotes', { query: 'alpha' })).notes.map((note) => note.path)).toEqual(['a.md']);
    await inner.writeFile('a.md', new TextEncoder().encode('omega bravo\n'));
    log.push('a.md');
    expect((await vault.call('FindNotes', { query: 'omega' })).notes.map((note) => note.path)).toEqual(['a.md']);
    expect((await vault.call('FindNotes', { query: 'alpha' })).notes).toEqual([]);
  });
});
