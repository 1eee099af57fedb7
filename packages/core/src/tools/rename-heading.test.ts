import { describe, expect, it } from 'vitest';
import { open } from './__fixtures__/open.js';
import { renameHeading } from './rename-heading.js';

const fence = '```';

const seed = {
  'Guide.md': [
    '# Guide',
    '## Installed plugins',
    'See [[#Installed plugins]], [below](#installed-plugins) and [[Guide#Installed plugins|here]].',
    '### Options',
    'Text ^intro',
    '## Usage',
    `${fence}`,
    '## Installed plugins in a fence',
    `${fence}`,
  ].join('\n'),
  'a.md': [
    '---',
    "up: '[[Guide#Installed plugins]]'",
    '---',
    '[[Guide#Installed plugins]] [[Guide#installed plugins|alias]] ![[Guide#Installed plugins]]',
    '[[Guide#Guide#Installed plugins]] [[Guide#Installed plugins#Options]] [[Guide#Usage]] [[Other#Installed plugins]]',
    '[text](Guide.md#Installed%20plugins) [slug](Guide.md#installed-plugins) [angle](<Guide.md#Installed plugins>)',
    '| [[Guide#Installed plugins\\|table]] |',
    `${fence}`,
    '[[Guide#Installed plugins]] stays: it is an example',
    `${fence}`,
    'Inline `[[Guide#Installed plugins]]` stays too. [[Guide#^intro]]',
  ].join('\n'),
  'Other.md': '## Installed plugins\n',
  'b.md': 'No link to it: [[Other#Installed plugins]].',
};

describe('RenameHeading', () => {
  it('renames the heading and every link to it, in its form, across the vault; none in code, none to another note', async () => {
    const { fs, vault } = open(seed);
    const output = await vault.call('RenameHeading', { filePath: 'Guide.md', heading: 'Installed plugins', newHeading: 'Core plugins (list)' });
    const files = fs.toJSON();
    expect(files['Guide.md']).toBe(
      seed['Guide.md']
        .replace('## Installed plugins\n', '## Core plugins (list)\n')
        .replace(
          'See [[#Installed plugins]], [below](#installed-plugins) and [[Guide#Installed plugins|here]].',
          'See [[#Core plugins (list)]], [below](#core-plugins-list) and [[Guide#Core plugins (list)|here]].',
        ),
    );
    expect((files['a.md'] as string).split('\n')).toEqual([
      '---',
      "up: '[[Guide#Core plugins (list)]]'",
      '---',
      '[[Guide#Core plugins (list)]] [[Guide#Core plugins (list)|alias]] ![[Guide#Core plugins (list)]]',
      '[[Guide#Guide#Core plugins (list)]] [[Guide#Core plugins (list)#Options]] [[Guide#Usage]] [[Other#Installed plugins]]',
      '[text](Guide.md#Core%20plugins%20%28list%29) [slug](Guide.md#core-plugins-list) [angle](<Guide.md#Core%20plugins%20%28list%29>)',
      '| [[Guide#Core plugins (list)\\|table]] |',
      `${fence}`,
      '[[Guide#Installed plugins]] stays: it is an example',
      `${fence}`,
      'Inline `[[Guide#Installed plugins]]` stays too. [[Guide#^intro]]',
    ]);
    expect(files['b.md']).toBe(seed['b.md']);
    expect(files['Other.md']).toBe(seed['Other.md']);
    expect(output).toMatchObject({ line: 2, before: '## Installed plugins', after: '## Core plugins (list)', rewrittenTotal: 13, notesChanged: 2 });
    expect(renameHeading.render(output).split('\n')).toEqual([
      'Renamed ## Installed plugins to ## Core plugins (list) in Guide.md (line 2); 13 links rewritten in 2 notes',
      'Guide.md: 3 links',
      'a.md: 10 links',
    ]);
    expect(renameHeading.structure(output).rewritten).toContain('a.md:6: [slug](Guide.md#installed-plugins) -> [slug](Guide.md#core-plugins-list)');
  });

  it('changes nothing in a dry run, and lists each link when there are few', async () => {
    const { fs, vault } = open({ 'n.md': '## Old\n', 'm.md': 'See [[n#Old]].\n' });
    const output = await vault.call('RenameHeading', { filePath: 'n.md', heading: '## Old', newHeading: '## New', dryRun: true });
    expect(renameHeading.render(output)).toBe(
      'Dry run, nothing changed: would rename ## Old to ## New in n.md (line 1); 1 link to rewrite in 1 note\nm.md:1: [[n#Old]] -> [[n#New]]',
    );
    expect(fs.toJSON()).toEqual({ 'n.md': '## Old\n', 'm.md': 'See [[n#Old]].\n' });
  });

  it('renames a block id and the links to it', async () => {
    const { fs, vault } = open(seed);
    const output = await vault.call('RenameHeading', { filePath: 'Guide.md', heading: '^intro', newHeading: '^start' });
    expect(output).toMatchObject({ line: 5, before: '^intro', after: '^start', rewrittenTotal: 1 });
    expect(fs.toJSON()['Guide.md']).toContain('Text ^start\n');
    expect(fs.toJSON()['a.md']).toContain('stays too. [[Guide#^start]]');
  });

  it('refuses what it cannot do safely, with a code and a next step, and changes nothing', async () => {
    const { fs, vault } = open({ ...seed, 'Twice.md': '## A\n## A\n## B\n' });
    const refusals: [{ filePath: string; heading: string; newHeading: string }, string][] = [
      [{ filePath: 'Twice.md', heading: 'A', newHeading: 'C' }, 'AMBIGUOUS_MATCH'],
      [{ filePath: 'Twice.md', heading: 'B', newHeading: 'a' }, 'ALREADY_EXISTS'],
      [{ filePath: 'Guide.md', heading: 'Installed plugins in a fence', newHeading: 'X' }, 'NO_MATCH'],
      [{ filePath: 'Guide.md', heading: 'Usage', newHeading: 'Use | it' }, 'INVALID_ARGUMENT'],
      [{ filePath: 'Guide.md', heading: 'Usage', newHeading: 'Two\nlines' }, 'INVALID_ARGUMENT'],
      [{ filePath: 'Guide.md', heading: 'Usage', newHeading: '' }, 'INVALID_ARGUMENT'],
      [{ filePath: 'Guide.md', heading: 'Usage', newHeading: 'Usage' }, 'INVALID_ARGUMENT'],
      [{ filePath: 'Guide.md', heading: '^nope', newHeading: '^x' }, 'NO_MATCH'],
      [{ filePath: 'Guide.md', heading: '^intro', newHeading: '^no way' }, 'INVALID_ARGUMENT'],
      [{ filePath: 'Missing.md', heading: 'A', newHeading: 'B' }, 'NOT_FOUND'],
    ];
    for (const [input, code] of refusals) await expect(vault.call('RenameHeading', input), JSON.stringify(input)).rejects.toMatchObject({ code });
    expect(fs.toJSON()).toEqual({ ...seed, 'Twice.md': '## A\n## A\n## B\n' });
  });

  it('is linear on a note of 100,000 links to the heading, and bounds its answer', async () => {
    const { fs, vault } = open({ 'n.md': '## Old\n', 'many.md': '[[n#Old]] '.repeat(100_000) });
    const output = await vault.call('RenameHeading', { filePath: 'n.md', heading: 'Old', newHeading: 'New' });
    expect(output).toMatchObject({ rewrittenTotal: 100_000, notesChanged: 1 });
    expect(output.rewritten).toHaveLength(100);
    expect(fs.toJSON()['many.md']).toBe('[[n#New]] '.repeat(100_000));
    expect(renameHeading.render(output)).toBe('Renamed ## Old to ## New in n.md (line 1); 100000 links rewritten in 1 note\nmany.md: 100000 links');
  });
});
