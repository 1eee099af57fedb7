import { describe, expect, it } from 'vitest';
import { createMemoryFs } from '../vault/memory-fs.js';
import { searchFileBytes } from './search-file.js';
import { keepFirstMatches, type SearchedFile, type SearchLine, searchText } from './search-text.js';
import { compileSearchPattern, type LineMatcher } from './search-pattern.js';
import { createVault } from '../vault/vault.js';
import type { VaultFs } from '../vault/vault-fs.js';

/** A vault of many files, so that TextSearch hands them to a backend's searchFiles. */
function seed() {
  const files: Record<string, string | Uint8Array> = { 'latin1.md': new Uint8Array([0x61, 0x70, 0x70, 0x6c, 0x65, 0xe9]), 'big.md': 'apple\n'.repeat(100) };
  for (let index = 0; index < 150; index += 1) {
    const lines = Array.from({ length: 12 }, (_, line) => (line % ((index % 5) + 2) === 0 ? `apple ${index}.${line} Apple` : `pear ${line}`));
    files[`notes/${String(index).padStart(3, '0')}.md`] = `${lines.join(index % 2 ? '\r\n' : '\n')}\n`;
  }
  return files;
}

/** A backend whose searchFiles does what the contract asks, file by file, with searchFileBytes. */
function withSearchFiles(fs: VaultFs): VaultFs {
  return {
    ...fs,
    async searchFiles(paths, request) {
      const { matcher } = await compileSearchPattern(request.query, request.regex, { caseSensitive: request.caseSensitive });
      const found = [];
      for (const path of paths) {
        const bytes = await fs.readFile(path);
        const file = bytes.length > request.maxFileSize ? { path, skipped: 'FILE_TOO_LARGE' as const } : searchFileBytes(path, bytes, matcher, request);
        if (file) found.push(file);
      }
      return found;
    },
  };
}

describe('TextSearch with a backend that searches files itself', () => {
  it.each([
    { query: 'apple' },
    { query: 'Apple', maxResults: 7, contextLines: 2 },
    { query: 'apple', maxResults: 3, contextLines: 5 },
    { query: '^pear [13]$', regex: true, contextLines: 1, maxResults: 40 },
    { query: 'apple', outputMode: 'files_only' as const, maxResults: 10 },
    { query: 'pear', directoryPath: 'notes', filePattern: '0[0-4]*.md' },
  ])('gives what the file-by-file search gives for %j', async (input) => {
    const plain = createVault(createMemoryFs(seed()), { maxFileSize: 500 });
    const accelerated = createVault(withSearchFiles(createMemoryFs(seed())), { maxFileSize: 500 });
    const expected = await plain.call('TextSearch', input);
    expect(expected.totalFiles).toBeGreaterThan(0);
    expect(await accelerated.call('TextSearch', input)).toEqual(expected);
  });

  it('skips files that are not UTF-8 text', () => {
    expect(searchFileBytes('a.md', new Uint8Array([0x61, 0xff]), { test: () => true, ranges: () => [] }, { contextLines: 0, maxShown: 1 })).toEqual({
      path: 'a.md',
      skipped: 'NOT_TEXT',
    });
  });
});

describe('searchText, line by line', () => {
  it('searches the last line of a file without a final line break', async () => {
    const vault = createVault(createMemoryFs({ 'a.md': 'one\ntwo\nlast apple', 'b.md': 'apple\r\nnone\r\napple' }));
    const output = await vault.call('TextSearch', { query: 'apple' });
    expect(output.files.map((file) => [file.path, file.lines?.map((line) => line.number)])).toEqual([
      ['a.md', [3]],
      ['b.md', [1, 3]],
    ]);
  });

  it("shows maxResults matching lines and no more: a match inside a shown match's context is shown as context", async () => {
    const vault = createVault(createMemoryFs({ 'a.md': 'apple 1\napple 2\npear\napple 4\n' }));
    const output = await vault.call('TextSearch', { query: 'apple', maxResults: 1, contextLines: 1 });
    expect(output.files[0]!.lines).toEqual([
      { number: 1, text: 'apple 1', match: true, ranges: [{ start: 0, end: 5 }] },
      { number: 2, text: 'apple 2', match: false },
    ]);
    expect(output).toMatchObject({ totalMatches: 3, truncated: true });
  });
});

/** A matcher for a plain substring, with the lines it was asked to test. */
function substring(needle: string) {
  const tested: string[] = [];
  const matcher: LineMatcher = {
    test(line) {
      tested.push(line);
      return line.includes(needle);
    },
    ranges(line, until) {
      const ranges = [];
      for (let start = line.indexOf(needle); start !== -1 && start < until; start = line.indexOf(needle, start + needle.length))
        ranges.push({ start, end: start + needle.length });
      return ranges;
    },
  };
  return { tested, matcher };
}
const show = (maxShown: number, contextLines = 0) => ({ maxShown, contextLines });
/** The lines a search shows of a file with a match. */
const linesOf = (found: SearchedFile | undefined): SearchLine[] =>
  found && 'lines' in found ? found.lines : expect.fail(`no lines shown: ${JSON.stringify(found)}`);

describe('searchText, what it asks of the matcher', () => {
  const untouchableLines: LineMatcher = { test: () => expect.fail('a line was tested'), ranges: () => expect.fail('a line was searched') };

  it('passes over a text the matcher rules out as a whole, no line looked at', () => {
    expect(searchText('a.md', 'apple\n', { ...untouchableLines, mayMatch: () => false }, show(10))).toBeUndefined();
  });

  it('searches line by line a text the matcher may match', () => {
    const { matcher } = substring('apple');
    expect(searchText('a.md', 'pear\napple\n', { ...matcher, mayMatch: () => true }, show(10))).toEqual({
      path: 'a.md',
      matches: 1,
      lines: [{ number: 2, text: 'apple', match: true, ranges: [{ start: 0, end: 5 }] }],
    });
  });

  it("for counts only, takes the matcher's count of the whole text when it has one", () => {
    expect(searchText('a.md', 'apple\n', { ...untouchableLines, countLines: () => 3 }, show(0))).toEqual({ path: 'a.md', matches: 3, lines: [] });
    expect(searchText('a.md', 'apple\n', { ...untouchableLines, countLines: () => 0 }, show(0))).toBeUndefined();
  });

  it('for counts only, counts line by line without such a count', () => {
    expect(searchText('a.md', 'apple\npear\napple', substring('apple').matcher, show(0))).toEqual({ path: 'a.md', matches: 2, lines: [] });
  });

  it('with lines to show, never takes the count of the whole text', () => {
    const { matcher } = substring('apple');
    expect(searchText('a.md', 'apple\n', { ...matcher, countLines: () => expect.fail('counted as a whole') }, show(1))).toMatchObject({ matches: 1 });
  });
});

describe('searchText, the lines it shows', () => {
  it('shows CRLF lines without their carriage return, and no line after the final break', () => {
    const { tested, matcher } = substring('apple');
    expect(searchText('a.md', 'apple\r\nx apple\r\n', matcher, show(10, 1))).toEqual({
      path: 'a.md',
      matches: 2,
      lines: [
        { number: 1, text: 'apple', match: true, ranges: [{ start: 0, end: 5 }] },
        { number: 2, text: 'x apple', match: true, ranges: [{ start: 2, end: 7 }] },
      ],
    });
    expect(tested).toEqual(['apple', 'x apple']);
  });

  it('gives a heading only to a match in a note that sits under one: no heading field on the others', () => {
    const { matcher } = substring('apple');
    const apple = { text: 'apple', match: true, ranges: [{ start: 0, end: 5 }] };
    expect(linesOf(searchText('a.md', 'apple\n## Fruit\napple\n', matcher, show(10)))).toStrictEqual([
      { number: 1, ...apple },
      { number: 3, ...apple, heading: '## Fruit' },
    ]);
    expect(linesOf(searchText('a.txt', '## Fruit\napple\n', matcher, show(10)))).toStrictEqual([{ number: 2, ...apple }]);
    // A note is a file whose name ends in a markdown extension, not one that only holds it: no heading in a.md.txt.
    expect(linesOf(searchText('a.md.txt', '## Fruit\napple\n', matcher, show(10)))).toStrictEqual([{ number: 2, ...apple }]);
  });

  it('keeps an empty last line that a line break follows', () => {
    expect(linesOf(searchText('a.md', 'apple\n\n', substring('apple').matcher, show(10, 1)))).toEqual([
      { number: 1, text: 'apple', match: true, ranges: [{ start: 0, end: 5 }] },
      { number: 2, text: '', match: false },
    ]);
  });

  it('shows context lines around a match, cut at the first and last line', () => {
    const text = 'one\ntwo\napple\nfour\nfive\nsix';
    const numbers = (contextLines: number, query = 'apple') =>
      linesOf(searchText('a.md', text, substring(query).matcher, show(10, contextLines))).map((line) => line.number);
    expect(numbers(0)).toEqual([3]);
    expect(numbers(1)).toEqual([2, 3, 4]);
    expect(numbers(5)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(numbers(2, 'one')).toEqual([1, 2, 3]);
    expect(numbers(2, 'six')).toEqual([4, 5, 6]);
  });

  it('shows the first maxShown matching lines and counts them all', () => {
    const found = searchText('a.md', 'apple\npear\napple\napple\n', substring('apple').matcher, show(2));
    expect(found).toMatchObject({ matches: 3, lines: [{ number: 1 }, { number: 3 }] });
    expect(linesOf(found)).toHaveLength(2);
  });

  it('checks the deadline once every 1,000 lines, and stops when it throws', () => {
    let checks = 0;
    const text = 'pear\n'.repeat(2500);
    expect(searchText('a.md', text, substring('apple').matcher, { ...show(10), checkDeadline: () => (checks += 1) })).toBeUndefined();
    expect(checks).toBe(2);
    const deadline = new Error('out of time');
    expect(() =>
      searchText('a.md', text, substring('apple').matcher, {
        ...show(10),
        checkDeadline: () => {
          throw deadline;
        },
      }),
    ).toThrow(deadline);
  });

  it('searches past 1,000 lines without a deadline to check', () => {
    expect(searchText('a.md', `${'pear\n'.repeat(1500)}apple\n`, substring('apple').matcher, show(10))).toMatchObject({
      matches: 1,
      lines: [{ number: 1501, text: 'apple' }],
    });
  });

  it('shows a line of 500 characters whole, and cuts a longer context line to its first 500', () => {
    const line500 = `apple${'x'.repeat(495)}`;
    const line501 = 'y'.repeat(501);
    expect(linesOf(searchText('a.md', `${line500}\n${line501}`, substring('apple').matcher, show(10, 1)))).toEqual([
      { number: 1, text: line500, match: true, ranges: [{ start: 0, end: 5 }] },
      { number: 2, text: 'y'.repeat(500), match: false, cut: true, column: 0, length: 501 },
    ]);
  });

  it("places a long line's window by its first match alone, never listing the matches of the whole line (a line may hold millions)", async () => {
    const line = `${'x'.repeat(2000)}${'alpha '.repeat(100_000)}`;
    for (const [query, regex] of [
      ['alpha', false],
      ['alp+ha', true],
      ['(a)l(p)ha', true],
      ['al\\w*', true],
    ] as const) {
      const { matcher } = await compileSearchPattern(query, regex);
      let listed = 0;
      const counting: LineMatcher = {
        ...matcher,
        ranges: (text, until, most) => {
          const ranges = matcher.ranges(text, until, most);
          listed += ranges.length;
          return ranges;
        },
      };
      const [shown] = linesOf(searchText('a.md', line, counting, show(1)));
      expect(shown, query).toMatchObject({ column: 1900, match: true, cut: true });
      // The first match, then the matches of the 500-character window.
      expect(listed, query).toBeLessThan(200);
    }
  });

  it('shows a long matching line as a window starting 100 characters before its first match, within the line', () => {
    const lineOf = (at: number) => `${'x'.repeat(at)}apple${'x'.repeat(995 - at)}`;
    const window = (at: number) => linesOf(searchText('a.md', lineOf(at), substring('apple').matcher, show(1)))[0];
    expect(window(600)).toEqual({
      number: 1,
      text: lineOf(600).slice(500),
      match: true,
      cut: true,
      column: 500,
      length: 1000,
      ranges: [{ start: 100, end: 105 }],
    });
    expect(window(300)).toEqual({
      number: 1,
      text: lineOf(300).slice(200, 700),
      match: true,
      cut: true,
      column: 200,
      length: 1000,
      ranges: [{ start: 100, end: 105 }],
    });
    expect(window(950)).toMatchObject({ column: 500, ranges: [{ start: 450, end: 455 }] });
    expect(window(50)).toMatchObject({ column: 0, ranges: [{ start: 50, end: 55 }] });
  });

  it('marks a match running past the window only up to its end', () => {
    const line = `${'x'.repeat(50)}apple${'x'.repeat(442)}apple${'x'.repeat(498)}`;
    expect(linesOf(searchText('a.md', line, substring('apple').matcher, show(1)))[0]).toMatchObject({
      column: 0,
      ranges: [
        { start: 50, end: 55 },
        { start: 497, end: 500 },
      ],
    });
  });

  it('never starts or ends a window in the middle of a character', () => {
    const matching = `${'x'.repeat(399)}😀${'x'.repeat(99)}apple${'x'.repeat(495)}`;
    expect(linesOf(searchText('a.md', matching, substring('apple').matcher, show(1)))[0]).toEqual({
      number: 1,
      text: `😀${'x'.repeat(99)}apple${'x'.repeat(394)}`,
      match: true,
      cut: true,
      column: 399,
      length: 1000,
      ranges: [{ start: 101, end: 106 }],
    });
    const context = `${'x'.repeat(499)}😀${'x'.repeat(100)}`;
    expect(linesOf(searchText('a.md', `apple\n${context}`, substring('apple').matcher, show(1, 1)))[1]).toEqual({
      number: 2,
      text: 'x'.repeat(499),
      match: false,
      cut: true,
      column: 0,
      length: 601,
    });
  });
});

describe('searchText, the match ranges it shows', () => {
  /** A matcher on every line that gives the ranges it is told. */
  const giving = (ranges: { start: number; end: number }[]): LineMatcher => ({ test: () => true, ranges: () => ranges });
  const rangesOf = (line: string, ranges: { start: number; end: number }[]) => linesOf(searchText('a.md', line, giving(ranges), show(1)))[0]?.ranges;

  it('widens a range that starts or ends inside a surrogate pair to the whole character', () => {
    expect(rangesOf('😀x', [{ start: 1, end: 2 }])).toEqual([{ start: 0, end: 2 }]);
    expect(rangesOf('x😀y', [{ start: 0, end: 2 }])).toEqual([{ start: 0, end: 3 }]);
    expect(rangesOf('xy😀', [{ start: 0, end: 2 }])).toEqual([{ start: 0, end: 2 }]);
    // U+10000 and U+103FF: the first and the last low surrogate.
    expect(rangesOf('\ud800\udc00x', [{ start: 1, end: 2 }])).toEqual([{ start: 0, end: 2 }]);
    expect(rangesOf('x\ud800\udfff', [{ start: 0, end: 2 }])).toEqual([{ start: 0, end: 3 }]);
  });

  it('leaves a range alone next to characters just outside the low surrogates', () => {
    // U+10FC00 starts with U+DBFF, the last high surrogate; U+E000 follows the surrogates.
    expect(rangesOf('\udbff\udc00x', [{ start: 0, end: 2 }])).toEqual([{ start: 0, end: 2 }]);
    expect(rangesOf('x\ue000', [{ start: 1, end: 2 }])).toEqual([{ start: 1, end: 2 }]);
    expect(rangesOf('x\ue000y', [{ start: 0, end: 1 }])).toEqual([{ start: 0, end: 1 }]);
  });

  it('merges overlapping ranges, keeps touching ones apart, and never ends one past the line', () => {
    expect(
      rangesOf('abcdefg', [
        { start: 0, end: 3 },
        { start: 2, end: 5 },
      ]),
    ).toEqual([{ start: 0, end: 5 }]);
    expect(
      rangesOf('abcdefg', [
        { start: 0, end: 5 },
        { start: 1, end: 2 },
      ]),
    ).toEqual([{ start: 0, end: 5 }]);
    expect(
      rangesOf('abcdefg', [
        { start: 0, end: 2 },
        { start: 2, end: 4 },
      ]),
    ).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 4 },
    ]);
    expect(rangesOf('abc', [{ start: 1, end: 9 }])).toEqual([{ start: 1, end: 3 }]);
  });
});

describe('keepFirstMatches', () => {
  const match = (number: number): SearchLine => ({ number, text: `m${number}`, match: true, ranges: [{ start: 0, end: 1 }] });
  const context = (number: number): SearchLine => ({ number, text: `c${number}`, match: false });

  it('keeps the first matches and their context after them, as if only those had been shown', () => {
    const lines = [match(1), context(2), match(3), context(4), context(5), match(6), context(7)];
    expect(keepFirstMatches(lines, 1, 1)).toEqual([match(1), context(2)]);
    expect(keepFirstMatches(lines, 2, 1)).toEqual([match(1), context(2), match(3), context(4)]);
    expect(keepFirstMatches(lines, 3, 1)).toEqual(lines);
  });

  it('turns a later match inside the kept context into a context line', () => {
    expect(keepFirstMatches([match(1), match(2), context(3)], 1, 1)).toEqual([match(1), { number: 2, text: 'm2', match: false }]);
    expect(keepFirstMatches([match(1), match(2), match(3), context(4)], 1, 2)).toEqual([
      match(1),
      { number: 2, text: 'm2', match: false },
      { number: 3, text: 'm3', match: false },
    ]);
  });
});
