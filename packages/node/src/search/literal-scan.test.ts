import { compileSearchPattern } from '@vault/core/search-backend';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countLinesHolding, foldedCopy, literalScanOf } from './literal-scan.js';

/** Lines core's own matcher finds the literal in: the text split as searchText splits it, each line tested. */
async function linesMatched(text: string, query: string, caseSensitive: boolean, regex = false): Promise<number> {
  const { matcher } = await compileSearchPattern(query, regex, { caseSensitive });
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines.filter((line) => matcher.test(line)).length;
}

/** The scan's count, as a worker takes it: in the folded copy of an ASCII text when ignoring case; `undefined` where the scan does not apply. */
function scanned(text: string, query: string, caseSensitive: boolean, regex = false): number | undefined {
  const scan = literalScanOf({ query, regex, caseSensitive });
  if (scan === undefined) return undefined;
  if (scan.beyondAscii) return foldedCopy(text) === undefined ? undefined : 0;
  if (scan.folded === undefined) return countLinesHolding(text, scan);
  const folded = foldedCopy(text);
  return folded === undefined ? undefined : countLinesHolding(folded, scan);
}

// Letters in both cases, the two non-ASCII characters that fold to ASCII ones (U+017F, U+212A), other
// letters, CR and LF, and a character outside the BMP (a surrogate pair).
const asciiUnits = ['a', 'A', 'b', 'B', 'k', 'K', 's', 'S', ' ', '\n', '\r', 'ab', 'AB'];
const otherUnits = [...asciiUnits, '\u017f', '\u212a', 'é', 'É', 'ß', 'İ', '\u{1F600}', '\uFFFD'];
const textOf = (units: string[]) => fc.array(fc.constantFrom(...units), { maxLength: 80 }).map((parts) => parts.join(''));

describe('a literal scanned with indexOf', () => {
  it('counts each line holding the literal once, the line after a last line break not a line', () => {
    expect(countLinesHolding('function a\nno\nfunction b function c\n', { needles: [{ text: 'function' }] })).toBe(2);
    expect(countLinesHolding(foldedCopy('FUNCTION\r\nFunction\nfun\n')!, { needles: [{ text: 'function' }] })).toBe(2);
    expect(foldedCopy('Kelvin \u212a')).toBeUndefined();
    expect(countLinesHolding('aaaa\naaa\n', { needles: [{ text: 'aa' }] })).toBe(2);
    expect(countLinesHolding('', { needles: [{ text: 'a' }] })).toBe(0);
    // Up to `enough` lines: a file with lines to show is only looked into up to its first.
    expect(countLinesHolding('function a\nfunction b\nfunction c\n', { needles: [{ text: 'function' }] }, 1)).toBe(1);
    expect(countLinesHolding('a\nb A\nA\n', { needles: [{ text: 'A' }, { text: 'B' }] }, 2)).toBe(2);
  });

  it('applies to literals only, none longer than 32 characters, with a line break or a surrogate; ignoring case beyond ASCII, only to say none is in an ASCII text', () => {
    expect(literalScanOf({ query: 'FUNCTION', regex: false, caseSensitive: false })?.needles).toEqual([{ text: 'function' }]);
    expect(literalScanOf({ query: 'Función', regex: false, caseSensitive: true })).toEqual({ needles: [{ text: 'Función' }] });
    for (const query of ['a.b', 'a\nb', 'a\rb', '\u{1F600}', 'x'.repeat(33), ''])
      expect(literalScanOf({ query, regex: query === 'a.b', caseSensitive: true })).toBeUndefined();
    expect(literalScanOf({ query: 'función', regex: false, caseSensitive: false })).toEqual({ needles: [], beyondAscii: true });
    for (const query of ['\u017f', 'as\u212a']) expect(literalScanOf({ query, regex: false, caseSensitive: false })).toBeUndefined();
  });

  it('finds the lines core finds, in ASCII texts and others, with case and without (random texts and literals)', async () => {
    const cases = fc.oneof(
      fc.tuple(textOf(asciiUnits), textOf(asciiUnits), fc.boolean()),
      fc.tuple(textOf(otherUnits), textOf(otherUnits), fc.boolean()),
      // A literal cut from the text itself, so that most cases match.
      textOf(otherUnits).chain((text) =>
        fc.tuple(
          fc.constant(text),
          fc.nat(text.length).chain((start) => fc.nat(6).map((length) => text.slice(start, start + length))),
          fc.boolean(),
        ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ([text, query, caseSensitive]) => {
        if (query === '') return;
        const count = scanned(text, query, caseSensitive);
        if (count !== undefined) expect(count).toBe(await linesMatched(text, query, caseSensitive));
      }),
      { numRuns: 2000 },
    );
  });

  it('counts a word between \\b only where it stands whole, as core does, with case and without (random texts and words)', async () => {
    expect(literalScanOf({ query: '\\bConst\\b', regex: true, caseSensitive: true })).toEqual({
      needles: [{ text: 'Const', wordBefore: true, wordAfter: true }],
    });
    for (const query of ['\\bé\\b', `\\b${'x'.repeat(33)}\\b`, 'a.b', '\\Bab', 'a+'])
      expect(literalScanOf({ query, regex: true, caseSensitive: false }), query).toBeUndefined();
    expect(countLinesHolding('a_ab ab\nabc\r\n(ab)\n1ab\nab', { needles: [{ text: 'ab', wordBefore: true, wordAfter: true }] })).toBe(3);
    const units = ['a', 'A', 'b', 'k', 'K', 's', '_', '1', ' ', '-', '\n', '\r', '\u017f', '\u212a', 'é', '\u{1F600}'];
    const word = fc.array(fc.constantFrom('a', 'A', 'b', 'k', 's', '_', '1'), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(''));
    await fc.assert(
      fc.asyncProperty(textOf(units), word, fc.boolean(), async (text, chosen, caseSensitive) => {
        const query = `\\b${chosen}\\b`;
        const count = scanned(text, query, caseSensitive, true);
        if (count !== undefined) expect(count).toBe(await linesMatched(text, query, caseSensitive, true));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads one word with \\b on either side or none, in a group or not, and several with a \\b between two; leaves other regexes to core', () => {
    const word = (text: string, before: boolean, after: boolean) => ({ text, ...(before ? { wordBefore: true } : {}), ...(after ? { wordAfter: true } : {}) });
    expect(literalScanOf({ query: '\\b(?:Get)', regex: true, caseSensitive: false })).toEqual({ needles: [word('get', true, false)], folded: true });
    expect(literalScanOf({ query: 'TODO', regex: true, caseSensitive: true })).toEqual({ needles: [word('TODO', false, false)] });
    expect(literalScanOf({ query: '\\bInt\\b|\\bchar', regex: true, caseSensitive: false })).toEqual({
      needles: [word('int', true, true), word('char', true, false)],
      anyOf: /\bint\b|\bchar/g,
      folded: true,
    });
    expect(literalScanOf({ query: 'TODO|\\bFIXME', regex: true, caseSensitive: true })?.needles).toEqual([
      word('TODO', false, false),
      word('FIXME', true, false),
    ]);
    // Heeding case, words none of which starts with a lower-case letter: each found by indexOf, in a group or not.
    expect(literalScanOf({ query: '\\b(Int|_char|1x)\\b', regex: true, caseSensitive: true })).toEqual({
      needles: [word('Int', true, true), word('_char', true, true), word('1x', true, true)],
    });
    expect(literalScanOf({ query: 'TODO|FIXME', regex: true, caseSensitive: true })).toEqual({
      needles: [word('TODO', false, false), word('FIXME', false, false)],
    });
    expect(literalScanOf({ query: '\\bInt\\b|\\bChar\\b', regex: true, caseSensitive: true })?.anyOf).toBeUndefined();
    // Core's word path: several words in a group, or with \b only at the ends, one of them starting in lower case or ignoring case.
    for (const query of ['\\b(Mutex|atomic)\\b', '\\b(?:int|char)', 'todo|FIXME', '\\bint|char\\b'])
      expect(literalScanOf({ query, regex: true, caseSensitive: true }), query).toBeUndefined();
    for (const query of ['\\b(Int|Char)\\b', 'TODO|FIXME']) expect(literalScanOf({ query, regex: true, caseSensitive: false }), query).toBeUndefined();
    const many = Array.from({ length: 17 }, (_, index) => `w${index}`).join('|');
    for (const query of [many, '(a|b', 'a|', '(a|b)+', '\\b(a|\\bb)\\b', '(a)(b)', '(a|b.)', '[ab]|c'])
      expect(literalScanOf({ query, regex: true, caseSensitive: true }), query).toBeUndefined();
  });

  it('counts the lines holding one of several words as core does: prefixes of each other, overlapping, \\b on one side, all sides or none (random texts)', async () => {
    const units = [
      'a',
      'A',
      'b',
      'i',
      'n',
      't',
      'k',
      's',
      '_',
      '1',
      ' ',
      '-',
      '\n',
      '\r',
      '\r\n',
      '\u2028',
      '\u2029',
      '\u017f',
      '\u212a',
      'é',
      '\u{1F600}',
      '\uD800',
      'int',
      'integer',
    ];
    const word = fc
      .array(fc.constantFrom('a', 'A', 'b', 'i', 'n', 't', 'k', 's', '_', '1', 'int'), { minLength: 1, maxLength: 3 })
      .map((parts) => parts.join(''));
    let scannedCases = 0;
    await fc.assert(
      fc.asyncProperty(textOf(units), alternationOf(word, 1, 4), fc.boolean(), async (text, query, caseSensitive) => {
        const count = scanned(text, query, caseSensitive, true);
        if (count === undefined) return;
        scannedCases += 1;
        expect(count).toBe(await linesMatched(text, query, caseSensitive, true));
      }),
      { numRuns: 3000 },
    );
    // Most cases are scanned (the rest: ignoring case in a text beyond ASCII, core's matcher's).
    expect(scannedCases).toBeGreaterThan(1000);
  });

  it('counts the lines holding one of several words each found by indexOf as core does, heeding case: prefixes, overlaps, \\b anywhere (random texts)', async () => {
    expect(
      countLinesHolding('Integer Int\nIntInt\nx_Int Int_\nInteger\n', { needles: [{ text: 'Int', wordBefore: true, wordAfter: true }, { text: 'Integer' }] }),
    ).toBe(2);
    // Each needle's next match kept ahead: a later line's match of one needle is not lost when another's is found first.
    expect(countLinesHolding('B A\nA\nB\n\nA B', { needles: [{ text: 'A' }, { text: 'B' }] })).toBe(4);
    const units = [
      'I',
      'In',
      'Int',
      'Integer',
      'N',
      'n',
      't',
      'T',
      '_',
      '1',
      ' ',
      '-',
      '\n',
      '\r',
      '\r\n',
      '\u2028',
      '\u017f',
      '\u212a',
      'é',
      '\u{1F600}',
      '\uD800',
    ];
    const word = fc
      .tuple(fc.constantFrom('I', 'N', 'T', '_', '1', 'In'), fc.array(fc.constantFrom('n', 't', 'I', 'T', '_', '1', 'teger'), { maxLength: 2 }))
      .map(([first, rest]) => first + rest.join(''));
    await fc.assert(
      fc.asyncProperty(textOf(units), alternationOf(word, 2, 5), async (text, query) => {
        const scan = literalScanOf({ query, regex: true, caseSensitive: true });
        expect(scan?.anyOf, query).toBeUndefined();
        expect(countLinesHolding(text, scan!)).toBe(await linesMatched(text, query, true, true));
      }),
      { numRuns: 3000 },
    );
  });

  it('finds words by indexOf in a line of 400,000 characters that nearly holds them everywhere', () => {
    const line = `${'In'.repeat(100_000)}${'I'.repeat(200_000)} Int`;
    const scan = literalScanOf({ query: '\\b(InIn|II|Int)\\b', regex: true, caseSensitive: true })!;
    expect(countLinesHolding(`${line}\n${line}`, scan)).toBe(2);
    expect(countLinesHolding(line.slice(0, -4), scan)).toBe(0);
  });

  it('looks again past what the word checks rule out, in runs of 400,000 word characters (a review: each character tried by each of 16 words)', () => {
    const run = 'A'.repeat(400_000);
    const words = Array.from({ length: 16 }, (_, index) => 'A'.repeat(32 - index));
    const both = literalScanOf({ query: `\\b(${words.join('|')})\\b`, regex: true, caseSensitive: true })!;
    expect(both.anyOf).toBeUndefined();
    expect(countLinesHolding(`x${run}\n${run}x\n${run}\n`, both)).toBe(0);
    expect(countLinesHolding(`${run} ${'A'.repeat(20)}\n${run} ${'A'.repeat(16)}\n${'A'.repeat(32)}\n`, both)).toBe(2);
    const after = literalScanOf({ query: '(AAAA|AAA)\\b', regex: true, caseSensitive: true })!;
    expect(countLinesHolding(`${run}x\n${run}_\n`, after)).toBe(0);
    expect(countLinesHolding(`${run} \n${run}\nxAAA-\n`, after)).toBe(3);
    const before = literalScanOf({ query: '\\b(AAAA|AAA)', regex: true, caseSensitive: true })!;
    expect(countLinesHolding(`x${run}\n_${run}\n`, before)).toBe(0);
    expect(countLinesHolding(` ${run}\n${run}\n-AAAx\n`, before)).toBe(3);
  });
});

/** Alternations of `least` to `most` words, `\\b` or not on either side of each: in a group (`\\b(a|b)`, `(?:a|b)\\b`) or not (`\\ba|b\\b`). */
function alternationOf(word: fc.Arbitrary<string>, least: number, most: number): fc.Arbitrary<string> {
  const side = fc.constantFrom('', '\\b');
  const grouped = fc
    .tuple(side, fc.constantFrom('(', '(?:'), fc.array(word, { minLength: least, maxLength: most }), side)
    .map(([before, open, words, after]) => `${before}${open}${words.join('|')})${after}`);
  const ungrouped = fc
    .array(
      fc.tuple(side, word, side).map((parts) => parts.join('')),
      { minLength: least, maxLength: most },
    )
    .map((parts) => parts.join('|'));
  return fc.oneof(grouped, ungrouped);
}
