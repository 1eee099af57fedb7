/**
 * Names that end, escape or quote a link, or a YAML scalar: every link a Move writes reads back, with
 * the same parser, as the target it was written for, or is left as it was and reported; the front
 * matter parses after every Move.
 * Part of the attack suite of @vault/core (this folder): input nobody here wrote, sent as an attacker
 * would who has read the source; each test checks the answer and what the vault holds after.
 */
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { createLinkResolver } from '../links/create-link-resolver.js';
import { parseLinks } from '../links/parse-links.js';
import type { VaultSeed } from '../vault/memory-fs.js';
import { open } from '../tools/__fixtures__/open.js';

/** Where each link of a note leads, resolved on the files the vault holds. */
function targetsOf(files: VaultSeed, note: string): string[] {
  const resolver = createLinkResolver(Object.keys(files).filter((path) => !path.endsWith('/')));
  return parseLinks(files[note] as string).map((link) => {
    const found = resolver.resolve(link, note);
    return found.kind === 'file' ? found.path : found.kind;
  });
}

function frontMatterOf(text: string) {
  return parseDocument(/^---\n([\s\S]*?)\n---\n/.exec(text)![1]!);
}

describe('angle-bracket and plain URL links to names holding # or %', () => {
  const forms = '[a](<Old notes.md>) [b](Old%20notes.md) ![c](<Old notes.md>)\n\n[r]: <Old notes.md>\n[s]: Old%20notes.md "t"\n';

  it.each([
    ['lang/C# notes.md', '[a](<C%23 notes.md>) [b](C%23%20notes.md) ![c](<C%23 notes.md>)\n\n[r]: <C%23 notes.md>\n[s]: C%23%20notes.md "t"\n'],
    ['lang/50%41 off.md', '[a](<50%2541 off.md>) [b](50%2541%20off.md) ![c](<50%2541 off.md>)\n\n[r]: <50%2541 off.md>\n[s]: 50%2541%20off.md "t"\n'],
    ['lang/100% #1.md', '[a](<100%25 %231.md>) [b](100%25%20%231.md) ![c](<100%25 %231.md>)\n\n[r]: <100%25 %231.md>\n[s]: 100%25%20%231.md "t"\n'],
    [
      'lang/a`b` $x$.md',
      '[a](<a%60b%60 %24x%24.md>) [b](a%60b%60%20%24x%24.md) ![c](<a%60b%60 %24x%24.md>)\n\n[r]: <a%60b%60 %24x%24.md>\n[s]: a%60b%60%20%24x%24.md "t"\n',
    ],
    [
      'lang/<x> (y) [z].md',
      '[a](<\\<x\\> (y) [z].md>) [b](%3Cx%3E%20%28y%29%20%5Bz%5D.md) ![c](<\\<x\\> (y) [z].md>)\n\n[r]: <\\<x\\> (y) [z].md>\n[s]: %3Cx%3E%20%28y%29%20%5Bz%5D.md "t"\n',
    ],
    ['lang/mailto: me.md', '[a](<mailto%3A me.md>) [b](mailto%3A%20me.md) ![c](<mailto%3A me.md>)\n\n[r]: <mailto%3A me.md>\n[s]: mailto%3A%20me.md "t"\n'],
  ])('to %s: each form written as it reads back', async (destination, written) => {
    const { fs, vault } = open({ 'Old notes.md': 'old\n', 'hub.md': forms });
    const output = await vault.call('Move', { sourcePath: 'Old notes.md', destinationPath: destination });
    expect(output.links?.notJudged).toEqual([]);
    expect(fs.toJSON()['hub.md']).toBe(written);
    expect(targetsOf(fs.toJSON(), 'hub.md')).toEqual(Array(5).fill(destination));
  });

  it('a wikilink that no form can hold is reported and left, beside the URL links rewritten', async () => {
    const { fs, vault } = open({ 'Old notes.md': 'old\n', 'hub.md': '[[Old notes]] [a](<Old notes.md>)\n' });
    const output = await vault.call('Move', { sourcePath: 'Old notes.md', destinationPath: 'lang/C# notes.md' });
    expect(fs.toJSON()['hub.md']).toBe('[[Old notes]] [a](<C%23 notes.md>)\n');
    expect(output.links?.notJudged).toEqual([{ file: 'hub.md', line: 1, link: '[[Old notes]]', reason: 'no link of this kind can name lang/C# notes.md' }]);
  });
});

describe('links whose rewrite would make a code span or math of the paragraph', () => {
  it('a wikilink to a name with backticks is reported when it would not read back, and the others are still rewritten', async () => {
    const { fs, vault } = open({ 'x.md': 'x\n', 'y.md': 'y\n', 'hub.md': '[[x]] [[y]] [a](x.md)\n' });
    const output = await vault.call('Move', { sourcePath: 'x.md', destinationPath: 'a`b`.md' });
    expect(fs.toJSON()['hub.md']).toBe('[[x]] [[y]] [a](a%60b%60.md)\n');
    expect(output.links?.notJudged.map((issue) => issue.link)).toEqual(['[[x]]']);
    expect(output.links?.notJudged[0]?.reason).toContain('would not read back');
    expect(targetsOf(fs.toJSON(), 'hub.md')).toEqual(['none', 'y.md', 'a`b`.md']);
  });

  it.each([
    ['[[x]] and [[x|again]]\n', 'a`b.md'],
    ['[[x]] `code` [[x]]\n', 'a`b.md'],
    ['[[x]] ``code`` [[x]] [a](x.md)\n', 'a``b.md'],
    ['[[x]] $a$ [[x]]\n', '$5 and $6.md'],
    ['$[[x]] and [[x]]\n', '$5.md'],
  ])('%s, x moved to %s: every link leads there or is reported', async (hub, destination) => {
    const { fs, vault } = open({ 'x.md': 'x\n', 'hub.md': hub });
    const before = targetsOf({ 'x.md': '', 'hub.md': hub }, 'hub.md');
    const output = await vault.call('Move', { sourcePath: 'x.md', destinationPath: destination });
    const after = targetsOf(fs.toJSON(), 'hub.md');
    const reported = output.links?.notJudged.length ?? 0;
    expect(after.length).toBe(before.length);
    expect(after.filter((target) => target === destination).length + reported).toBe(before.filter((target) => target === 'x.md').length);
    if (reported > 0) expect(output.links?.notJudged.every((issue) => issue.reason.includes('would not read back'))).toBe(true);
  });

  it('a wikilink to a name holding $ pairs is reported when Obsidian math would swallow it', async () => {
    const { fs, vault } = open({ 'x.md': 'x\n', 'hub.md': 'costs [[x]] today\n' });
    const output = await vault.call('Move', { sourcePath: 'x.md', destinationPath: '$5 and $6.md' });
    expect(targetsOf(fs.toJSON(), 'hub.md').concat(output.links?.notJudged.map((issue) => issue.link) ?? [])).toEqual(
      fs.toJSON()['hub.md'] === 'costs [[x]] today\n' ? ['none', '[[x]]'] : ['$5 and $6.md'],
    );
  });
});

describe('wikilinks in front matter are written as their YAML scalar requires', () => {
  it.each([
    ["up: '[[Index]]'", "hub/Bob's Index.md", "up: '[[Bob''s Index]]'", "Bob's Index"],
    ['up: "[[Index]]"', 'hub/The "Index".md', 'up: "[[The \\"Index\\"]]"', 'The "Index"'],
    ['up: "[[Index]]"', 'hub/back\u00e9 x.md', 'up: "[[back\u00e9 x]]"', 'back\u00e9 x'],
    ['up:\n  - \'[[Index]]\'\n  - "[[Index|I]]"', 'hub/It\'s "it".md', 'up:\n  - \'[[It\'\'s "it"]]\'\n  - "[[It\'s \\"it\\"|I]]"', 'It\'s "it"'],
    ["up: |\n  [[Index]] and 'x'", 'hub/Bob\'s "Index".md', "up: |\n  [[Bob's \"Index\"]] and 'x'", 'Bob\'s "Index"'],
  ])('%s, the target moved to %s', async (frontMatter, destination, written, value) => {
    const { fs, vault } = open({ 'Index.md': 'i\n', 'n.md': `---\n${frontMatter}\n---\nbody\n` });
    const output = await vault.call('Move', { sourcePath: 'Index.md', destinationPath: destination });
    expect(output.links?.notJudged).toEqual([]);
    const text = fs.toJSON()['n.md'] as string;
    expect(text).toBe(`---\n${written}\n---\nbody\n`);
    const yaml = frontMatterOf(text);
    expect(yaml.errors).toEqual([]);
    expect(JSON.stringify(yaml.toJS())).toContain(JSON.stringify(`[[${value}`).slice(0, -1));
    expect(targetsOf(fs.toJSON(), 'n.md').every((target) => target === destination)).toBe(true);
  });

  it('a quoted link rewritten once is read back and rewritten again by the next Move', async () => {
    const { fs, vault } = open({ 'Index.md': 'i\n', 'n.md': '---\nup: \'[[Index]]\'\nx: "[[Index]]"\n---\n' });
    await vault.call('Move', { sourcePath: 'Index.md', destinationPath: 'hub/Bob\'s "Index".md' });
    await vault.call('Move', { sourcePath: 'hub/Bob\'s "Index".md', destinationPath: 'hub/Plain.md' });
    expect(fs.toJSON()['n.md']).toBe('---\nup: \'[[Plain]]\'\nx: "[[Plain]]"\n---\n');
  });

  it('only the front matter link that would break the YAML is left: the quoted ones beside it are rewritten', async () => {
    const seed = { 'Index.md': 'i\n', 'n.md': '---\nup: \'[[Index]]\'\nplain: see [[Index]] here\nalso: "[[Index]]"\n---\n' };
    const { fs, vault } = open(seed);
    const output = await vault.call('Move', { sourcePath: 'Index.md', destinationPath: 'a: b.md' });
    expect(fs.toJSON()['n.md']).toBe('---\nup: \'[[a: b]]\'\nplain: see [[Index]] here\nalso: "[[a: b]]"\n---\n');
    expect(output.links?.notJudged.map((issue) => issue.line)).toEqual([3]);
  });

  it.each([
    ['up: see [[Index]] here', 'a: b.md'],
    ['up: [[Index]]', 'a, b.md'],
    ['up: [[Index]]', 'a: b.md'],
    ['up: - [[Index]]', '{x}.md'],
  ])(
    'a plain scalar that the new name would break (%s to %s) is left as it is and reported; the front matter still parses',
    async (frontMatter, destination) => {
      const { fs, vault } = open({ 'Index.md': 'i\n', 'n.md': `---\n${frontMatter}\n---\n[[Index]]\n` });
      const parsedBefore = frontMatterOf(`---\n${frontMatter}\n---\n`).errors.length === 0;
      const output = await vault.call('Move', { sourcePath: 'Index.md', destinationPath: destination });
      const text = fs.toJSON()['n.md'] as string;
      expect(frontMatterOf(text).errors.length === 0).toBe(parsedBefore);
      expect(text.endsWith(`---\n[[${destination.slice(0, -3)}]]\n`)).toBe(true);
      if (text.startsWith(`---\n${frontMatter}\n`))
        expect(output.links?.notJudged.map((issue) => `${issue.file}:${issue.line} ${issue.link}`)).toEqual(['n.md:2 [[Index]]']);
      else expect(output.links?.notJudged).toEqual([]);
    },
  );
});
