import { describe, expect, it } from 'vitest';
import { parseLinks } from './parse-links.js';

/** Each link as [kind, path as it resolves, path as written, whole link]. */
function links(text: string) {
  return parseLinks(text).map((link) => [link.kind, link.path, text.slice(link.pathStart, link.pathEnd), text.slice(link.linkStart, link.linkEnd)]);
}

describe('parseLinks: the link forms of SPEC 10', () => {
  it.each([
    ['[[T]]', [['wikilink', 'T', 'T', '[[T]]']]],
    ['[[T.md]]', [['wikilink', 'T.md', 'T.md', '[[T.md]]']]],
    ['[[folder/T]]', [['wikilink', 'folder/T', 'folder/T', '[[folder/T]]']]],
    [
      '[[./T]] [[../T]]',
      [
        ['wikilink', './T', './T', '[[./T]]'],
        ['wikilink', '../T', '../T', '[[../T]]'],
      ],
    ],
    ['[[T|alias]]', [['wikilink', 'T', 'T', '[[T|alias]]']]],
    ['[[T#Heading]]', [['wikilink', 'T', 'T', '[[T#Heading]]']]],
    ['[[T#H1#H2]]', [['wikilink', 'T', 'T', '[[T#H1#H2]]']]],
    ['[[T#^block]]', [['wikilink', 'T', 'T', '[[T#^block]]']]],
    ['[[T#H|alias]]', [['wikilink', 'T', 'T', '[[T#H|alias]]']]],
    ['| a | [[T\\|alias]] |', [['wikilink', 'T', 'T', '[[T\\|alias]]']]],
    ['![[T]]', [['embed', 'T', 'T', '![[T]]']]],
    ['![[img.png|100x145]]', [['embed', 'img.png', 'img.png', '![[img.png|100x145]]']]],
    ['![[doc.pdf#page=3]]', [['embed', 'doc.pdf', 'doc.pdf', '![[doc.pdf#page=3]]']]],
    ['[text](T.md)', [['markdown', 'T.md', 'T.md', '[text](T.md)']]],
    ['[text](T)', [['markdown', 'T', 'T', '[text](T)']]],
    ['![alt](img.png)', [['image', 'img.png', 'img.png', '![alt](img.png)']]],
    ['[t](my%20note.md#Part "title")', [['markdown', 'my note.md', 'my%20note.md', '[t](my%20note.md#Part "title")']]],
    ['[t](<my note.md#Part>)', [['markdown', 'my note.md', 'my note.md', '[t](<my note.md#Part>)']]],
    ['[t](/root/T.md)', [['markdown', '/root/T.md', '/root/T.md', '[t](/root/T.md)']]],
    ['[t](a\\(1\\).md)', [['markdown', 'a(1).md', 'a\\(1\\).md', '[t](a\\(1\\).md)']]],
    ['[id]: T.md "t"\n\n[x][id]', [['definition', 'T.md', 'T.md', '[id]: T.md "t"']]],
    [
      '---\nup: "[[Home]]"\ntags: [a]\n---\nbody [[T]]',
      [
        ['frontmatter', 'Home', 'Home', '[[Home]]'],
        ['wikilink', 'T', 'T', '[[T]]'],
      ],
    ],
    ['[[ T ]]', [['wikilink', 'T', 'T', '[[ T ]]']]],
    ['[[a [[T]]', [['wikilink', 'T', 'T', '[[T]]']]],
    [
      '[see [[T]]](x.md)',
      [
        ['wikilink', 'T', 'T', '[[T]]'],
        ['markdown', 'x.md', 'x.md', '[see [[T]]](x.md)'],
      ],
    ],
  ])('%s', (text, expected) => {
    expect(links(text)).toEqual(expected);
  });

  it('keeps offsets in a CRLF note, and past front matter', () => {
    const text = '---\r\na: "[[A]]"\r\n---\r\nx\r\n[b](b.md)\r\n[[C]]\r\n';
    expect(links(text)).toEqual([
      ['frontmatter', 'A', 'A', '[[A]]'],
      ['markdown', 'b.md', 'b.md', '[b](b.md)'],
      ['wikilink', 'C', 'C', '[[C]]'],
    ]);
  });
});

describe('parseLinks: what is not a link', () => {
  it.each([
    ['a URL with a scheme', '[a](https://x.org/T.md) [m](mailto:a@b) [o](obsidian://open?x)'],
    ['a bare fragment', '[up](#Top) [[#Heading]] [[]] [[ ]]'],
    ['inline code', 'see `[[T]]` and `[t](T.md)`'],
    ['a code fence', '```\n[[T]]\n[t](T.md)\n```'],
    ['a tilde fence in a list', '- item\n  ~~~\n  [[T]]\n  ~~~'],
    ['display math', '$$\n[[T]]\n$$'],
    ['inline math', 'so $[[T]]$ and $x [t](T.md)$'],
    ['an escaped bracket', '\\[[T]] and \\[t](T.md)'],
    ['a line break inside', '[[T\n]]'],
    ['an unclosed fence swallows the rest', '```\n[[T]]'],
    ['a markdown link across a code span', '[a `](x.md)`'],
  ])('%s', (_, text) => {
    expect(links(text)).toEqual([]);
  });

  it("takes dollars that are amounts for no math (Obsidian's rule)", () => {
    expect(links('costs $5 and [[T]] costs $6')).toEqual([['wikilink', 'T', 'T', '[[T]]']]);
  });

  it('finds links in indented lines (nested list items far more often than indented code)', () => {
    expect(links('- a\n    - [[T]]\n\n    [t](T.md)')).toEqual([
      ['wikilink', 'T', 'T', '[[T]]'],
      ['markdown', 'T.md', 'T.md', '[t](T.md)'],
    ]);
  });

  it('finds the wikilinks inside HTML, as Obsidian does', () => {
    expect(links('<div>\n[[T]]\n</div>')).toEqual([['wikilink', 'T', 'T', '[[T]]']]);
  });

  it('reads front matter only when it opens the note and is closed', () => {
    expect(links('x\n---\na: "[[A]]"\n---')).toEqual([['wikilink', 'A', 'A', '[[A]]']]);
    expect(links('---\na: `[[A]]`\n')).toEqual([]);
  });
});

describe('parseLinks on hostile input: linear, whatever the brackets', () => {
  it.each([
    ['open brackets', '[['.repeat(200_000)],
    ['close brackets', ']]'.repeat(200_000)],
    ['alternating', `${'[[x'.repeat(100_000)}]]`],
    ['dollars', '$a '.repeat(100_000)],
    ['nested labels', `${'['.repeat(50_000)}x${'](y)'.repeat(50_000)}`],
    ['backticks', '`'.repeat(100_000)],
    ['backtick runs', Array.from({ length: 2_000 }, (_, index) => '`'.repeat((index % 50) + 1)).join(' x ')],
    ['link marks', '](a'.repeat(100_000)],
    ['open parentheses', `[a](${'('.repeat(200_000)}`],
    ['unclosed titles', '[a](b "'.repeat(50_000)],
    ['fences', '```\n'.repeat(100_000)],
    ['dollar pairs', '$$ '.repeat(100_000)],
    ['lines of brackets', '[[\n'.repeat(100_000)],
    ['definitions', '[a]: '.repeat(100_000)],
  ])('%s', (_, text) => {
    // Finishes (a quadratic scan of these would take minutes) and finds at most one link per `]]`.
    expect(parseLinks(text).length).toBeLessThanOrEqual(text.split(']]').length);
  });
});

describe('parseLinks near offsets: only the links of the paragraphs holding them, exactly as the whole parse finds them', () => {
  const text = [
    '---',
    'up: "[[Front]]"',
    '---',
    '# Title [[A]]',
    'more of it [b](B.md)',
    '',
    '```',
    '[[Fenced]] and a mention of B',
    '```',
    '',
    'Third [[C]] and `[[Code]]` and [[B|b]]',
    '',
    '[d]: D.md',
  ].join('\n');
  const paths = (near?: number[]) => parseLinks(text, near).map((link) => link.path);

  it.each([
    ['nothing', [], []],
    ['the front matter', [text.indexOf('Front')], ['Front']],
    ['a paragraph of two lines, from its second', [text.indexOf('B.md')], ['A', 'B.md']],
    ['a code fence: no paragraph', [text.indexOf('mention of B')], []],
    ['two paragraphs', [text.indexOf('Third'), text.indexOf('D.md')], ['C', 'B', 'D.md']],
    ['a blank line between paragraphs', [text.indexOf('\n\nThird') + 1], []],
  ])('%s', (_, near, expected) => {
    expect(paths(near)).toEqual(expected);
  });

  it('finds each link of a whole parse when asked near it, with the same ranges, and no other', () => {
    const shapes = ['[[N]]', '![[N|a]]', '[t](N.md)', '![i](<N 1.png>)', '[r]: N.md', '`x`', '$m$', '```\n', '\n', '\n\n', '---\n', 'word ', '[[', '](', '\\'];
    let seed = 11;
    const random = (count: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % count;
    };
    let checked = 0;
    for (let round = 0; round < 2_000; round += 1) {
      const sample = Array.from({ length: 1 + random(20) }, () => shapes[random(shapes.length)]).join('');
      const whole = parseLinks(sample);
      for (const link of whole) {
        expect(parseLinks(sample, [link.pathStart])).toContainEqual(link);
        checked += 1;
      }
      for (const link of parseLinks(sample, [random(sample.length + 1)])) expect(whole).toContainEqual(link);
    }
    expect(checked).toBeGreaterThan(1_000);
  });
});
