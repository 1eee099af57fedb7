import { describe, expect, it } from 'vitest';
import { createMemoryFs } from '../../vault/memory-fs.js';
import { createVault } from '../../vault/vault.js';
import { dropFirstMatches, type TextSearchOutput, textSearch } from './text-search.js';

const vault = createVault(
  createMemoryFs({
    'a.md': 'x1\nmid\nx2\nx3\n',
    'b.md': 'x4\n',
    'c/d.md': 'x5\nx6\n',
  }),
);

/** The matching lines of an answer, as `path:line`. */
const shown = (output: Awaited<ReturnType<typeof textSearch.run>>) =>
  output.files.flatMap((file) => (file.lines ?? []).filter((line) => line.match).map((line) => `${file.path}:${line.number}`));

describe('TextSearch pages with offset', () => {
  it('through matching lines: each page starts where the last ended, across files, totals whole, until nothing follows', async () => {
    const pages: string[][] = [];
    let offset: number | undefined = 0;
    while (offset !== undefined) {
      const output: TextSearchOutput = await vault.call('TextSearch', { query: 'x', maxResults: 2, offset });
      expect(output).toMatchObject({ totalMatches: 6, totalFiles: 3, offset });
      pages.push(shown(output));
      offset = output.nextOffset;
    }
    expect(pages).toEqual([
      ['a.md:1', 'a.md:3'],
      ['a.md:4', 'b.md:1'],
      ['c/d.md:1', 'c/d.md:2'],
    ]);
    const second = await vault.call('TextSearch', { query: 'x', maxResults: 2, offset: 2 });
    expect(textSearch.render(second)).toBe(
      'a.md\n4: x3\nb.md\n1: x4\n[6 matching lines in 3 files; showing matching lines 3-4 (the next with `offset: 4`, more at once with `maxResults`, or narrow the search)]',
    );
    expect(textSearch.structure(second)).toMatchObject({ nextOffset: 4, truncated: true });
  });

  it('keeps context before the first shown match, an earlier match in it shown as context', async () => {
    const output = await vault.call('TextSearch', { query: 'x', maxResults: 1, offset: 1, contextLines: 1 });
    expect(textSearch.render(output)).toBe(
      'a.md\n2- mid\n3: x2\n4- x3\n[6 matching lines in 3 files; showing matching lines 2-2 (the next with `offset: 2`, more at once with `maxResults`, or narrow the search)]',
    );
    expect(dropFirstMatches([{ number: 1, text: 'x', match: true, ranges: [{ start: 0, end: 1 }] }], 1, 2)).toEqual([]);
  });

  it('through files in files_only mode and when listing files by name; past the end, nothing and no next offset', async () => {
    const files = await vault.call('TextSearch', { query: 'x', outputMode: 'files_only', maxResults: 1, offset: 1 });
    expect(files.files.map((file) => file.path)).toEqual(['b.md']);
    expect(files.nextOffset).toBe(2);
    const named = await vault.call('TextSearch', { filePattern: '*.md', maxResults: 2, offset: 2 });
    expect(named.files.map((file) => file.path)).toEqual(['c/d.md']);
    expect(named.nextOffset).toBeUndefined();
    const past = await vault.call('TextSearch', { query: 'x', offset: 100 });
    expect(past).toMatchObject({ files: [], totalMatches: 6, truncated: false });
    expect(past.nextOffset).toBeUndefined();
    await expect(vault.call('TextSearch', { query: 'x', offset: 10_001 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(vault.call('TextSearch', { query: 'x', offset: -1 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
