import { describe, expect, it } from 'vitest';
import { links } from './links.js';
import { open } from './__fixtures__/open.js';

const fence = '```';

/** A small vault with every kind of link, links in code that are none, a broken one and an ambiguous one. */
const seed = {
  'Home.md': [
    '---',
    'related: "[[Setup]]"',
    '---',
    '# Home',
    'See [[Setup]], [[Setup#Install|how to install]] and ![[diagram.png|100x145]].',
    'Also [the guide](guides/Setup%20guide.md#step-one) and [ref][r].',
    '',
    '[r]: <guides/Setup guide.md>',
    '',
    `${fence}md`,
    'An example: [[Internal link|Wikilinks]] and [[Nowhere]]',
    fence,
    'Inline `[[Nowhere]]` and math $[[Nowhere]]$ are no links.',
    'Broken: [[Internal links]] and ambiguous: [[Todo]].',
  ].join('\n'),
  'Setup.md': '# Setup\n## Install\nBack to [[Home]].\n',
  'guides/Setup guide.md': 'Start at [[home]] or [home](../Home.md).\n',
  'diagram.png': 'png',
  'Internal link.md': 'x',
  'a/Todo.md': '',
  'b/Todo.md': 'Nothing here links.',
  'other/Notes.md': 'A [[Missing note]] here, and [[Internal link]] there.',
};

describe('Links of a note', () => {
  it('lists its links where they lead (front matter, embeds, markdown, definitions), none in code or math, then its backlinks', async () => {
    const { vault } = open(seed);
    const output = await vault.call('Links', { filePath: 'Home.md' });
    expect(output.entries.map(({ direction, line, link, status, target, candidates }) => [direction, line, link, status, target ?? candidates])).toEqual([
      ['out', 2, '[[Setup]]', 'ok', 'Setup.md'],
      ['out', 5, '[[Setup]]', 'ok', 'Setup.md'],
      ['out', 5, '[[Setup#Install|how to install]]', 'ok', 'Setup.md'],
      ['out', 5, '![[diagram.png|100x145]]', 'ok', 'diagram.png'],
      ['out', 6, '[the guide](guides/Setup%20guide.md#step-one)', 'ok', 'guides/Setup guide.md'],
      ['out', 8, '[r]: <guides/Setup guide.md>', 'ok', 'guides/Setup guide.md'],
      ['out', 14, '[[Internal links]]', 'broken', ['Internal link.md']],
      ['out', 14, '[[Todo]]', 'ambiguous', ['a/Todo.md', 'b/Todo.md']],
      ['in', 3, '[[Home]]', 'ok', 'Home.md'],
      ['in', 1, '[[home]]', 'ok', 'Home.md'],
      ['in', 1, '[home](../Home.md)', 'ok', 'Home.md'],
    ]);
    expect(output.entries.filter((entry) => entry.direction === 'in').map((entry) => entry.file)).toEqual([
      'Setup.md',
      'guides/Setup guide.md',
      'guides/Setup guide.md',
    ]);
    expect(output).toMatchObject({ mode: 'note', path: 'Home.md', total: 11, outgoingTotal: 8, backlinksTotal: 3, brokenTotal: 1, ambiguousTotal: 1 });
    expect(output.nextOffset).toBeUndefined();
  });

  it('renders a line per link, grouped as links and backlinks, with a summary', async () => {
    const { vault } = open(seed);
    const text = links.render(await vault.call('Links', { filePath: 'Setup.md' }));
    expect(text).toBe(
      [
        'Links of Setup.md:',
        '3: [[Home]] -> Home.md',
        'Backlinks to Setup.md:',
        'Home.md:2: [[Setup]]',
        'Home.md:5: [[Setup]]',
        'Home.md:5: [[Setup#Install|how to install]]',
        '[1 link (0 broken, 0 ambiguous) | 3 backlinks]',
      ].join('\n'),
    );
  });

  it('gives only the backlinks with backlinksOnly, however many links the note has', async () => {
    const { vault } = open(seed);
    const output = await vault.call('Links', { filePath: 'Home.md', backlinksOnly: true });
    expect(links.render(output)).toBe(
      [
        'Backlinks to Home.md:',
        'Setup.md:3: [[Home]]',
        'guides/Setup guide.md:1: [[home]]',
        'guides/Setup guide.md:1: [home](../Home.md)',
        '[3 backlinks]',
      ].join('\n'),
    );
  });

  it('refuses a folder, a missing note and another extension, each with its code', async () => {
    const { vault } = open(seed);
    await expect(vault.call('Links', { filePath: 'guides' })).rejects.toMatchObject({ code: 'NOT_A_FILE', message: expect.stringContaining('directoryPath') });
    await expect(vault.call('Links', { filePath: 'Nope.md' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(vault.call('Links', { filePath: 'diagram.png' })).rejects.toMatchObject({ code: 'EXTENSION_NOT_ALLOWED' });
    await expect(vault.call('Links', { directoryPath: 'Home.md' })).rejects.toMatchObject({ code: 'NOT_A_DIRECTORY' });
    await expect(vault.call('Links', { filePath: 'Home.md', maxResults: 0 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

describe('Links of a folder: what is broken or ambiguous', () => {
  it('lists every broken and ambiguous link below the folder, with the closest files for a broken one, never one in code', async () => {
    const { vault } = open(seed);
    const output = await vault.call('Links', {});
    expect(links.render(output)).toBe(
      [
        'Home.md:14: [[Internal links]] -> broken; closest: Internal link.md',
        'Home.md:14: [[Todo]] -> ambiguous, could mean: a/Todo.md, b/Todo.md',
        'other/Notes.md:1: [[Missing note]] -> broken, no file has a close name',
        '[2 broken links and 1 ambiguous in 7 notes below the vault root]',
      ].join('\n'),
    );
    const below = await vault.call('Links', { directoryPath: 'other' });
    expect(below.entries.map((entry) => `${entry.file}:${entry.line}`)).toEqual(['other/Notes.md:1']);
    expect(below).toMatchObject({ mode: 'folder', path: 'other', notesChecked: 1, brokenTotal: 1, ambiguousTotal: 0 });
  });

  it('pages with offset and maxResults, the totals always whole', async () => {
    const { vault } = open(seed);
    const first = await vault.call('Links', { maxResults: 2 });
    expect(first.entries.map((entry) => entry.link)).toEqual(['[[Internal links]]', '[[Todo]]']);
    expect(first).toMatchObject({ total: 3, nextOffset: 2 });
    expect(links.render(first)).toContain('showing 1-2 of 3 | more: call again with `offset: 2`]');
    const second = await vault.call('Links', { maxResults: 2, offset: 2 });
    expect(second.entries.map((entry) => entry.link)).toEqual(['[[Missing note]]']);
    expect(second.nextOffset).toBeUndefined();
    const past = await vault.call('Links', { offset: 9 });
    expect(past.entries).toEqual([]);
    expect(links.render(past)).toContain('offset 9 is past the last of 3');
  });

  it('names the notes it could not read, and reads links of an odd shape as SPEC 10 does', async () => {
    const { vault } = open({
      'bad.md': new Uint8Array([0xff, 0xfe, 0x41]),
      'odd.md': ['[[a]]]] [[b|c|d]] [[#Own heading]] [[c#^block]] [[d\\|alias]] [[e', ']] [x](f%zz.md) [[g#h#i]] \\[[not]] [[ spaced ]]'].join('\n'),
      'g.md': '',
      'spaced.md': '',
    });
    const output = await vault.call('Links', {});
    expect(output.entries.map((entry) => [entry.line, entry.link, entry.status])).toEqual([
      [1, '[[a]]', 'broken'],
      [1, '[[b|c|d]]', 'broken'],
      [1, '[[c#^block]]', 'broken'],
      [1, '[[d\\|alias]]', 'broken'],
      [2, '[x](f%zz.md)', 'broken'],
    ]);
    expect(output).toMatchObject({ unread: [{ path: 'bad.md', reason: 'NOT_TEXT' }], unreadTotal: 1, notesChecked: 4 });
  });
});

describe('the closest files of a broken link', () => {
  it('are near by edit distance, or hold its name whole when that is two fifths of theirs or more; a short name inside a long one is none', async () => {
    const { vault } = open({
      'n.md': '[[cmake-integration]] [[Setup]] [[Instal]]',
      'ratio.md': '',
      'setup-guide.md': '',
      'Install.md': '',
      'Installer notes.md': '',
    });
    const output = await vault.call('Links', { filePath: 'n.md' });
    expect(output.entries.map((entry) => [entry.link, entry.candidates])).toEqual([
      ['[[cmake-integration]]', []],
      ['[[Setup]]', ['setup-guide.md']],
      ['[[Instal]]', ['Install.md', 'Installer notes.md']],
    ]);
  });
});
