import { describe, expect, it } from 'vitest';
import { compileSearchPattern } from '../search/search-pattern.js';
import { linkPattern } from './link-pattern.js';

describe('linkPattern: the lines that may link to a name, and not prose that mentions it', () => {
  const pattern = new RegExp(linkPattern({ files: ['overview', 'my note', 'img.png', 'v1.2', 'été'], folders: ['build insights'] }), 'im');
  it.each([
    '[[Overview]]',
    '[[docs/overview|the overview]]',
    '[[overview#Part]]',
    '| [[overview\\|o]] |',
    '[o](../overview.md)',
    '[o](overview)',
    '[o](overview.md "title")',
    '[o](<my note.md>)',
    '[o](my%20note.md#x)',
    '[id]: overview',
    '[id]: overview\r',
    '![[img.png|100]]',
    '![i](img.png "title")',
    '[[v1.2]]',
    '[v](v1.2.md)',
    '[[build insights/x]]',
    '[x](../build%20insights/x.md)',
    '[[ Overview ]]',
    '[[ overview\t|o]]',
    '[[overview.md ]]',
    '[e](%C3%A9t%C3%A9.md)',
    '[e](%c3%a9t%c3%a9)',
    '[[été]]',
  ])('%s', (line) => {
    expect(pattern.test(line)).toBe(true);
  });

  it.each(['the overview of it', 'overviews', 'my notes', 'img.pngx', 'v1.23', 'build insights are'])('not %s', (line) => {
    expect(pattern.test(line)).toBe(false);
  });

  it('takes any link syntax when the names would make a pattern longer than a search query may be', () => {
    expect(linkPattern({ files: Array.from({ length: 2_000 }, (_, index) => `name-${index}`), folders: [] })).toBe('\\[\\[|\\]\\(|\\]:');
    const short = linkPattern({ files: ['a'], folders: [] });
    expect([short === '\\[\\[|\\]\\(|\\]:', new RegExp(short, 'im').test('[x](A.md "t")'), new RegExp(short, 'im').test('b]:')]).toEqual([false, true, false]);
  });

  it("runs on JavaScript's engine with the names as literals: a search passes over a text holding none in one scan", async () => {
    for (const names of [
      { files: ['overview', 'my note'], folders: [] },
      { files: [], folders: ['build insights', 'archive'] },
    ]) {
      const { matcher } = await compileSearchPattern(linkPattern(names), true, { caseSensitive: false });
      expect([matcher.mayMatch?.('[[other]] and over view'), matcher.mayMatch?.('[[Overview]] [x](Archive/y.md)')]).toEqual([false, true]);
    }
  });
});
