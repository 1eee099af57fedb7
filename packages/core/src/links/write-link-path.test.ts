import { describe, expect, it } from 'vitest';
import { createLinkResolver } from './create-link-resolver.js';
import { parseLinks } from './parse-links.js';
import { type LinkFormat, relativePath, writeLinkPath } from './write-link-path.js';

const files = ['archive/Note.md', 'other/Twin.md', 'archive/Twin.md', 'assets/my pic.png', 'a b/c#d.md', 'archive/café.md'];
const resolver = createLinkResolver(files);

/** The note `text` at `source` with its only link rewritten to lead to `target`. */
function rewritten(text: string, target: string, source = 'notes/a.md', format: LinkFormat = 'shortest') {
  const [link] = parseLinks(text);
  const written = writeLinkPath(link!, text, target, source, resolver, format);
  return written === undefined ? undefined : text.slice(0, link!.pathStart) + written + text.slice(link!.pathEnd);
}

describe("writeLinkPath keeps the link's form", () => {
  it.each([
    ['[[Old]]', 'archive/Note.md', '[[Note]]'],
    ['[[Old.md]]', 'archive/Note.md', '[[Note.md]]'],
    ['![[Old|100x145]]', 'archive/Note.md', '![[Note|100x145]]'],
    ['[[Old#H1#H2|alias]]', 'archive/Note.md', '[[Note#H1#H2|alias]]'],
    ['[[Old#^block]]', 'archive/Note.md', '[[Note#^block]]'],
    ['| [[Old\\|alias]] |', 'archive/Note.md', '| [[Note\\|alias]] |'],
    ['[[Old]]', 'archive/Twin.md', '[[archive/Twin]]'],
    ['[[./Old]]', 'archive/Note.md', '[[../archive/Note]]'],
    ['[[../Old]]', 'archive/Note.md', '[[../archive/Note]]'],
    ['[t](Old.md#Part "title")', 'archive/Note.md', '[t](Note.md#Part "title")'],
    ['[t](Old)', 'archive/Note.md', '[t](Note)'],
    ['[t](/Old.md)', 'archive/Note.md', '[t](/archive/Note.md)'],
    ['[t](./Old.md)', 'archive/Note.md', '[t](../archive/Note.md)'],
    ['![p](old%20pic.png)', 'assets/my pic.png', '![p](my%20pic.png)'],
    ['![p](<old pic.png>)', 'assets/my pic.png', '![p](<my pic.png>)'],
    ['[t](Old.md)', 'a b/c#d.md', '[t](c%23d.md)'],
    ['[t](caf%C3%A9.md)', 'archive/café.md', '[t](caf%C3%A9.md)'],
    ['[t](cafe.md)', 'archive/café.md', '[t](café.md)'],
    ['[id]: Old.md "t"', 'archive/Note.md', '[id]: Note.md "t"'],
    ['---\nup: "[[Old]]"\n---\n', 'archive/Note.md', '---\nup: "[[Note]]"\n---\n'],
  ])('%s', (text, target, expected) => {
    expect(rewritten(text, target)).toBe(expected);
  });

  it("follows the vault's newLinkFormat when the link has no form of its own", () => {
    expect(rewritten('[[Old]]', 'archive/Note.md', 'notes/a.md', 'absolute')).toBe('[[archive/Note]]');
    expect(rewritten('[[Old]]', 'archive/Note.md', 'notes/a.md', 'relative')).toBe('[[../archive/Note]]');
    expect(rewritten('[t](Old.md)', 'archive/Note.md', 'notes/a.md', 'relative')).toBe('[t](../archive/Note.md)');
  });

  it('finds no wikilink for a name with #, and says so', () => {
    expect(rewritten('[[Old]]', 'a b/c#d.md')).toBeUndefined();
  });

  it('relativePath climbs out of the folder and down to the file', () => {
    expect(relativePath('notes/sub', 'notes/x/T.md')).toBe('../x/T.md');
    expect(relativePath('', 'a/T.md')).toBe('a/T.md');
    expect(relativePath('a', 'a/T.md')).toBe('T.md');
    expect(relativePath('a/b', 'T.md')).toBe('../../T.md');
  });
});
