import { describe, expect, it } from 'vitest';
import { open } from '../tools/__fixtures__/open.js';
import { links } from '../tools/links.js';

// Issue 30's bad input for Links, RenameHeading and sections: large, odd or circular, each bounded and clear.
describe('link health on hostile notes', () => {
  it('a note with 100,000 links: counted whole, one bounded page, the next offset given', async () => {
    const { vault } = open({ 'many.md': '[[gone]] [[t]] '.repeat(50_000), 't.md': '' });
    const note = await vault.call('Links', { filePath: 'many.md', maxResults: 1000 });
    expect(note).toMatchObject({ total: 100_000, outgoingTotal: 100_000, brokenTotal: 50_000, nextOffset: 1000 });
    const folder = await vault.call('Links', {});
    expect(folder).toMatchObject({ total: 50_000, brokenTotal: 50_000, nextOffset: 50 });
    expect(links.render(folder).length).toBeLessThan(vault.options.maxOutput);
    const backlinks = await vault.call('Links', { filePath: 't.md', offset: 49_999 });
    expect(backlinks).toMatchObject({ backlinksTotal: 50_000, entries: [{ direction: 'in', line: 1, link: '[[t]]' }] });
  });

  it('links holding ]], |, #, ^, line breaks and percent escapes are read as SPEC 10 does, never joined across lines', async () => {
    const { vault } = open({
      'odd.md': '[[a|b]]c]] [[x#^blk]] [[y\n]] [p](q%20r.md#s%5E) [[%41]] [[#]] [[|]]',
      'a.md': '',
      'x.md': 'para ^blk',
      'q r.md': '',
    });
    const output = await vault.call('Links', { filePath: 'odd.md' });
    expect(output.entries.map((entry) => [entry.link, entry.status, entry.target ?? entry.candidates])).toEqual([
      ['[[a|b]]', 'ok', 'a.md'],
      ['[[x#^blk]]', 'ok', 'x.md'],
      ['[p](q%20r.md#s%5E)', 'ok', 'q r.md'],
      ['[[%41]]', 'broken', []],
    ]);
  });

  it('front matter that is not YAML, and embeds in a cycle: read once each, nothing followed', async () => {
    const { vault } = open({
      'a.md': '---\nkey: [unclosed\n  "[[b]]"\n---\n![[b]]',
      'b.md': '![[a]] ![[b]]',
    });
    const a = await vault.call('Links', { filePath: 'a.md' });
    expect(a.entries.map((entry) => `${entry.direction} ${entry.line} ${entry.link}`)).toEqual(['out 3 [[b]]', 'out 5 ![[b]]', 'in 1 ![[a]]']);
    const b = await vault.call('Links', { filePath: 'b.md' });
    expect(b).toMatchObject({ outgoingTotal: 2, backlinksTotal: 2, brokenTotal: 0 });
  });

  it('a heading in a code fence is no section and no rename target; a rename never touches a link in one', async () => {
    const fence = '```';
    const { fs, vault } = open({ 'n.md': `${fence}\n# Fake\n${fence}\n# Real\n`, 'm.md': `[[n#Real]]\n${fence}\n[[n#Real]]\n${fence}\n` });
    await expect(vault.call('TextRead', { filePath: 'n.md', heading: 'Fake' })).rejects.toMatchObject({ code: 'NO_MATCH' });
    await expect(vault.call('RenameHeading', { filePath: 'n.md', heading: 'Fake', newHeading: 'X' })).rejects.toMatchObject({ code: 'NO_MATCH' });
    await vault.call('RenameHeading', { filePath: 'n.md', heading: 'Real', newHeading: 'True' });
    expect(fs.toJSON()['m.md']).toBe(`[[n#True]]\n${fence}\n[[n#Real]]\n${fence}\n`);
  });
});
