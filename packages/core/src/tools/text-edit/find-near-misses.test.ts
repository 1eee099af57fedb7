import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findNearMisses, hasLineNumberPrefixes } from './find-near-misses.js';

describe('findNearMisses', () => {
  it('finds the same near misses a piece of lines at a time as in one piece, matches across pieces too (random texts)', async () => {
    const text = fc.array(fc.constantFrom('Foo', 'foo', ' ', '  ', '\t', '\n', 'bar', 'BAR', '’', "'", 'x'), { maxLength: 40 }).map((parts) => parts.join(''));
    const needle = fc.array(fc.constantFrom('foo', ' ', '\n', 'bar', "'", 'x'), { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));
    await fc.assert(
      fc.asyncProperty(text, needle, fc.integer({ min: 1, max: 30 }), async (haystack, wanted, piece) => {
        expect(await findNearMisses(haystack, wanted, () => true, 5, piece)).toEqual(await findNearMisses(haystack, wanted));
      }),
      { numRuns: 500 },
    );
  });

  it('finds a near miss of several lines that starts in one piece and ends in the next', async () => {
    for (let piece = 1; piece <= 12; piece += 1) {
      expect((await findNearMisses('one\nFoo\nBar\nBaz\ntwo\n', 'foo\nbar\nbaz', () => true, 5, piece)).candidates, String(piece)).toMatchObject([
        { line: 2, differences: ['case'] },
      ]);
    }
  });

  it('checks its budget between pieces of a large text (a quarter of a megabyte each), not only between kinds of difference, and stops there', async () => {
    // 4.5 MB: 18 pieces of a quarter of a megabyte for each of the seven kinds of difference tried.
    const text = 'a line of text\n'.repeat(300_000);
    let checks = 0;
    expect((await findNearMisses(text, 'A LINE OF TEXT!', () => ++checks > 0)).stopped).toBe(false);
    expect(checks).toBe(7 * 18);
    checks = 0;
    expect(await findNearMisses(text, 'A LINE OF TEXT!', () => ++checks < 3)).toEqual({ candidates: [], stopped: true });
    expect(checks).toBe(3);
  });

  it('finds a line that differs in whitespace and case, and marks from the first difference to the last', async () => {
    expect(await findNearMisses('alpha\nThe  Cat sat\n', 'the cat')).toEqual({
      candidates: [{ line: 2, differences: ['whitespace', 'case'], text: '[file: "The  C" | oldString: "the c"]at sat', exact: 'The  Cat' }],
      stopped: false,
    });
  });

  it('takes tabs, runs of blanks, no-break spaces and trailing blanks for whitespace', async () => {
    expect(await findNearMisses('one\n\tx\u00a0 y  \nz\n', ' x y\nz')).toEqual({
      candidates: [{ line: 2, differences: ['whitespace'], text: '[file: "\\tx\u00a0 y  " | oldString: " x y"]\nz', exact: '\tx\u00a0 y  \nz' }],
      stopped: false,
    });
    // Trailing blanks are nothing, not a space: "foo  " then a line break is "foo" then a line break.
    expect((await findNearMisses('foo  \nbar\n', 'foo\nbar')).candidates).toEqual([
      { line: 1, differences: ['whitespace'], text: 'foo[file: "  " | oldString: ""]\nbar', exact: 'foo  \nbar' },
    ]);
    // And at the end of oldString too, where no line break follows: "alpha beta " (a trailing blank) finds "alpha beta".
    expect((await findNearMisses('alpha beta\ngamma\n', 'alpha beta ')).candidates).toMatchObject([
      { line: 1, differences: ['whitespace'], exact: 'alpha beta' },
    ]);
  });

  it('takes curly quotes, primes, dashes, the minus sign and the ellipsis for typography', async () => {
    const file = 'a‘b’c‚d‛e′f“g”h„i‟j″k‐l‑m‒n–o—p―q−r…s';
    const needle = 'a\'b\'c\'d\'e\'f"g"h"i"j"k-l-m-n-o-p-q-r...s';
    expect(await findNearMisses(`${file}\n`, needle)).toEqual({
      candidates: [
        {
          line: 1,
          differences: ['typography'],
          text: 'a[file: "‘b’c‚d‛e′f“g”h„i‟j″k‐l‑m‒n–o—p―q−r…" | oldString: "\'b\'c\'d\'e\'f\\"g\\"h\\"i\\"j\\"k-l-m-n-o-p-q-r..."]s',
          exact: file,
        },
      ],
      stopped: false,
    });
  });

  it('takes capital and title-case letters for case', async () => {
    expect((await findNearMisses('ǅemal ÉTÉ\n', 'ǆemal été')).candidates).toEqual([
      { line: 1, differences: ['case'], text: '[file: "ǅemal ÉTÉ" | oldString: "ǆemal été"]', exact: 'ǅemal ÉTÉ' },
    ]);
  });

  it('finds nothing where the only difference is of another kind', async () => {
    expect(await findNearMisses('a « b »\nx_y\n', 'a " b "\nx-y')).toEqual({ candidates: [], stopped: false });
  });

  it('reports each line with its smallest difference, in line order', async () => {
    const text = ['Foo Bar', 'foo  bar', 'FOO   BAR', 'foo bar'].join('\n');
    const { candidates } = await findNearMisses(text, 'foo bar');
    expect(candidates.map(({ line, differences }) => ({ line, differences }))).toEqual([
      { line: 1, differences: ['case'] },
      { line: 2, differences: ['whitespace'] },
      { line: 3, differences: ['whitespace', 'case'] },
      { line: 4, differences: ['whitespace'] },
    ]);
  });

  it('tries the kinds of difference one at a time, then in pairs, then all three', async () => {
    const text = ['“Q” A', '“q”  a', '"Q"  A', '“Q”  A'].join('\n');
    const { candidates } = await findNearMisses(text, '"q" a');
    expect(candidates.map(({ line, differences }) => ({ line, differences }))).toEqual([
      { line: 1, differences: ['typography', 'case'] },
      { line: 2, differences: ['whitespace', 'typography'] },
      { line: 3, differences: ['whitespace', 'case'] },
      { line: 4, differences: ['whitespace', 'typography', 'case'] },
    ]);
  });

  it('keeps, at its limit, the places of the smallest differences: whitespace, typography, case, then the pairs in that order', async () => {
    const linesOf = async (text: string, limit: number) =>
      (await findNearMisses(text, '"q" a', () => true, limit)).candidates.map(({ line, differences }) => ({ line, differences }));
    const singles = ['"Q" a', '“q” a', '"q"  a'].join('\n');
    expect(await linesOf(singles, 1)).toEqual([{ line: 3, differences: ['whitespace'] }]);
    expect(await linesOf(singles, 2)).toEqual([
      { line: 2, differences: ['typography'] },
      { line: 3, differences: ['whitespace'] },
    ]);
    const pairs = ['“Q” a', '"Q"  a', '“q”  a'].join('\n');
    expect(await linesOf(pairs, 1)).toEqual([{ line: 3, differences: ['whitespace', 'typography'] }]);
    expect(await linesOf(pairs, 2)).toEqual([
      { line: 2, differences: ['whitespace', 'case'] },
      { line: 3, differences: ['whitespace', 'typography'] },
    ]);
  });

  it('counts the lines of places far apart, and gives a line with two places once', async () => {
    const { candidates } = await findNearMisses('Foo Foo\na\nb\n\nFoo\nc\nfOO\n', 'foo');
    expect(candidates.map((candidate) => candidate.line)).toEqual([1, 5, 7]);
  });

  it('gives at most five places, or `limit`', async () => {
    const text = 'Foo\n'.repeat(8);
    expect((await findNearMisses(text, 'foo')).candidates.map((candidate) => candidate.line)).toEqual([1, 2, 3, 4, 5]);
    expect((await findNearMisses(text, 'foo', () => true, 2)).candidates.map((candidate) => candidate.line)).toEqual([1, 2]);
  });

  it('stops looking once it has `limit` places, trying no other kind of difference', async () => {
    let checks = 0;
    const budget = () => {
      checks += 1;
      return true;
    };
    await findNearMisses('Foo\nFoo\n', 'foo', budget, 2);
    // whitespace, typography, case: found both.
    expect(checks).toBe(3);
    checks = 0;
    await findNearMisses('Foo\nFoo\n', 'foo', budget, 3);
    expect(checks).toBe(7);
  });

  it('looks for nothing when `oldString` is only blanks', async () => {
    expect(await findNearMisses('a  b\n \t \n', ' \t ')).toEqual({ candidates: [], stopped: false });
  });

  it('stops at its budget with what it found so far, and says so', async () => {
    expect(await findNearMisses('Foo\n', 'foo', () => false)).toEqual({ candidates: [], stopped: true });
    let checks = 0;
    const threeChecks = () => {
      checks += 1;
      return checks <= 3;
    };
    // The budget lasts for whitespace, typography and case; the pairs are not tried.
    const stopped = await findNearMisses('Foo\nfoo  bar\nFOO  BAR\n', 'foo bar', threeChecks);
    expect(stopped).toEqual({
      candidates: [{ line: 2, differences: ['whitespace'], text: 'foo [file: " " | oldString: ""]bar', exact: 'foo  bar' }],
      stopped: true,
    });
  });

  it('shows 60 characters on each side of the difference, with … where the line goes on', async () => {
    const line = `${'x'.repeat(100)}Foo${'y'.repeat(100)}`;
    expect((await findNearMisses(`start\n${line}\nend\n`, 'foo')).candidates).toEqual([
      { line: 2, differences: ['case'], text: `…${'x'.repeat(60)}[file: "F" | oldString: "f"]oo${'y'.repeat(58)}…`, exact: 'Foo' },
    ]);
  });

  it('puts no … where exactly 60 characters are shown, and one where 61 would be', async () => {
    const [exactly] = (await findNearMisses(`${'x'.repeat(60)}F${'y'.repeat(60)}`, 'f')).candidates;
    expect(exactly!.text).toBe(`${'x'.repeat(60)}[file: "F" | oldString: "f"]${'y'.repeat(60)}`);
    const [longer] = (await findNearMisses(`${'x'.repeat(61)}F${'y'.repeat(61)}\n`, 'f')).candidates;
    expect(longer!.text).toBe(`…${'x'.repeat(60)}[file: "F" | oldString: "f"]${'y'.repeat(60)}…`);
  });

  it('shows no character of the next line after the difference, and never half a character', async () => {
    const [candidate] = (await findNearMisses(`${'😀'.repeat(20)}F${'😀'.repeat(20)}\nnext\n`, 'f')).candidates;
    expect(candidate!.text).toBe(`${'😀'.repeat(20)}[file: "F" | oldString: "f"]${'😀'.repeat(20)}`);
    // 60 characters before the difference start in the middle of a 😀 (it is shown whole), and 60 after it end in one (it is left out).
    const [cut] = (await findNearMisses(`a${'😀'.repeat(40)}bFc${'😀'.repeat(40)}\nnext`, 'f')).candidates;
    expect(cut!.text).toBe(`…${'😀'.repeat(30)}b[file: "F" | oldString: "f"]c${'😀'.repeat(29)}…`);
  });

  it('cuts each differing part at 40 characters', async () => {
    const [forty] = (await findNearMisses(`${'A'.repeat(40)}\n`, 'a'.repeat(40))).candidates;
    expect(forty!.text).toBe(`[file: "${'A'.repeat(40)}" | oldString: "${'a'.repeat(40)}"]`);
    const [longer] = (await findNearMisses(`${'A'.repeat(41)}\n`, 'a'.repeat(41))).candidates;
    expect(longer!.text).toBe(`[file: "${'A'.repeat(40)}…" | oldString: "${'a'.repeat(40)}…"]`);
    const [pair] = (await findNearMisses(`${'A'.repeat(39)}😀A\n`, `${'a'.repeat(39)}😀a`)).candidates;
    expect(pair!.text).toBe(`[file: "${'A'.repeat(39)}…" | oldString: "${'a'.repeat(39)}…"]`);
  });

  it('marks a difference between two astral letters that share their first half whole', async () => {
    // 𐐀 (U+10400) and 𐐨 (U+10428), Deseret capital and small long I, are \ud801\udc00 and \ud801\udc28.
    expect((await findNearMisses('before 𐐀𐐀 after\n', 'before 𐐨𐐨 after')).candidates).toEqual([
      { line: 1, differences: ['case'], text: 'before [file: "𐐀𐐀" | oldString: "𐐨𐐨"] after', exact: 'before 𐐀𐐀 after' },
    ]);
    // The same at the end of the differing part: the last characters share their second half only with each other, not a first.
    expect((await findNearMisses('x𐐀y\n', 'x𐐨y')).candidates).toEqual([
      { line: 1, differences: ['case'], text: 'x[file: "𐐀" | oldString: "𐐨"]y', exact: 'x𐐀y' },
    ]);
  });

  it("gives the file's text there whole up to 500 characters", async () => {
    const [short] = (await findNearMisses(`${'A'.repeat(500)}\n`, 'a'.repeat(500))).candidates;
    expect(short!.exact).toBe('A'.repeat(500));
    const [long] = (await findNearMisses(`${'A'.repeat(501)}\n`, 'a'.repeat(501))).candidates;
    expect(long).not.toHaveProperty('exact');
  });

  it('marks the difference of a near match over several lines, on the lines it spans', async () => {
    expect((await findNearMisses('x\nfoo  \n\tbar\ny\n', 'foo\n bar')).candidates).toEqual([
      { line: 2, differences: ['whitespace'], text: 'foo[file: "  \\n\\t" | oldString: "\\n "]bar', exact: 'foo  \n\tbar' },
    ]);
    expect((await findNearMisses('x\nOne\ntwo\nThree', 'one\ntwo\nthree')).candidates).toEqual([
      { line: 2, differences: ['case'], text: '[file: "One\\ntwo\\nT" | oldString: "one\\ntwo\\nt"]hree', exact: 'One\ntwo\nThree' },
    ]);
  });

  it('shows the lines a near match spans, from a first line of one character or an empty one, and no more', async () => {
    expect((await findNearMisses('F\nbar', 'f')).candidates).toEqual([{ line: 1, differences: ['case'], text: '[file: "F" | oldString: "f"]', exact: 'F' }]);
    expect((await findNearMisses('F\nbar\nmore\n', 'f\nbar')).candidates).toEqual([
      { line: 1, differences: ['case'], text: '[file: "F" | oldString: "f"]\nbar', exact: 'F\nbar' },
    ]);
    expect((await findNearMisses('x\n\nFoo\nbar\n', '\nfoo')).candidates).toEqual([
      { line: 2, differences: ['case'], text: '\n[file: "F" | oldString: "f"]oo', exact: '\nFoo' },
    ]);
  });

  it('finds the next place on a later line when a place ends its line', async () => {
    expect((await findNearMisses('xF\nyF\n', 'f')).candidates.map((candidate) => candidate.line)).toEqual([1, 2]);
  });

  it('traces a difference past characters that normalize to more or fewer characters back to the file', async () => {
    // "…" becomes "...", a run of blanks one space, so the place in the normalized text is not the file's.
    expect((await findNearMisses('wait…  and   SEE\n', 'wait... and see')).candidates).toEqual([
      { line: 1, differences: ['whitespace', 'typography', 'case'], text: 'wait[file: "…  and   SEE" | oldString: "... and see"]', exact: 'wait…  and   SEE' },
    ]);
  });
});

describe('hasLineNumberPrefixes', () => {
  it.each([
    ['12: foo', true],
    ['1: a\n  2: b\n103: ', true],
    ['12: foo\nbar', false],
    ['12:foo', false],
    ['a 1: x', false],
    ['foo', false],
  ])('%j is %s', (text, expected) => {
    expect(hasLineNumberPrefixes(text)).toBe(expected);
  });
});
