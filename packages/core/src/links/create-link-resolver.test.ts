import { describe, expect, it } from 'vitest';
import { createLinkResolver } from './create-link-resolver.js';
import type { LinkKind } from './parse-links.js';

const files = [
  'Home.md',
  'notes/T.md',
  'notes/sub/Deep.md',
  'archive/Deep.md',
  'notes/img.png',
  'assets/doc.pdf',
  'Other.md',
  'notes/Other.md',
  'notes/foo.bar.md',
];
const resolver = createLinkResolver(files);
const at = (path: string, source = 'notes/a.md', kind: LinkKind = 'wikilink') => resolver.resolve({ kind, path }, source);

describe("createLinkResolver: Obsidian's resolution", () => {
  it.each([
    ['the basename, case-insensitive', 'T', 'notes/T.md'],
    ['the basename in any case', 't', 'notes/T.md'],
    ['with .md', 'T.md', 'notes/T.md'],
    ['a dotted name, .md added', 'foo.bar', 'notes/foo.bar.md'],
    ['an attachment by its full name', 'img.png', 'notes/img.png'],
    ['a vault path', 'notes/sub/Deep', 'notes/sub/Deep.md'],
    ['a path suffix', 'sub/Deep', 'notes/sub/Deep.md'],
    ['a path from the root', '/archive/Deep', 'archive/Deep.md'],
    ["./ from the note's folder", './T', 'notes/T.md'],
    ["../ from the note's folder", '../Home', 'Home.md'],
    ['a vault path before the basename (root Other.md)', 'Other', 'Other.md'],
  ])('%s', (_, path, expected) => {
    expect(at(path)).toEqual({ kind: 'file', path: expected });
  });

  it('gives every file a basename could mean, sorted', () => {
    expect(at('Deep')).toEqual({ kind: 'ambiguous', candidates: ['archive/Deep.md', 'notes/sub/Deep.md'] });
  });

  it.each([['Nothing'], ['./Home'], ['../../x'], ['/T'], ['img']])('%s leads nowhere', (path) => {
    expect(at(path)).toEqual({ kind: 'none' });
  });

  it("reads a markdown path from the note's folder first, then like a wikilink", () => {
    expect(at('Other.md', 'notes/a.md', 'markdown')).toEqual({ kind: 'file', path: 'notes/Other.md' });
    expect(at('Other.md', 'notes/a.md', 'wikilink')).toEqual({ kind: 'file', path: 'Other.md' });
    expect(at('sub/Deep.md', 'notes/a.md', 'image')).toEqual({ kind: 'file', path: 'notes/sub/Deep.md' });
    expect(at('doc.pdf', 'notes/a.md', 'definition')).toEqual({ kind: 'file', path: 'assets/doc.pdf' });
  });
});
