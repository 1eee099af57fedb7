import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSearchPattern } from './search-pattern.js';

/** The lines of a text as searchText splits it, the line after a last line break not a line. */
function linesOf(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

describe('the lines of a regex holding punctuation every match holds, found by indexOf', () => {
  it.each([
    ['\\w+\\s*=\\s*\\w+', 'a = b\nx=\r\n= y\nab==cd\r\nq =\t\na=b\r\n', 2],
    ['[A-Z]\\w+::\\w+', 'Ab::c\nA::c\nxAbc::d e\r\nAb:c::d\nAb::\n', 2],
    ['\\w+<\\w+>', 'a<b>\na<b\n<b>\nvector<int> x<y>\r\n', 2],
    ['\\w+->\\w+|\\w+::\\w+', 'a::b\na->b\na-b\na:b\r\nb->a a::b\n', 3],
    // The CR of a CRLF is in no line: `\\s` does not take it.
    ['\\w+=\\s+', 'a=\r\nb= c\na=\r', 2],
  ])('%s: counts %j as its lines would (%i)', async (query, text, lines) => {
    const { matcher } = await compileSearchPattern(query, true);
    expect(linesOf(text).filter((line) => new RegExp(query, 'u').test(line))).toHaveLength(lines);
    expect(matcher.countLines?.(text)).toBe(lines);
  });

  it('counts the lines the plain regex matches line by line (random regexes of punctuation between repeats, random texts)', async () => {
    const punctuation = ['=', '::', '<', '>', '->', ';', '(', '_', '.', '-'];
    const parts = ['\\w', '[A-Z]', '[a-z]', '\\s', 'a', 'A', '\\d'];
    const repeats = ['', '+', '*', '?', '{2}', '{1,3}'];
    const part = fc.tuple(fc.constantFrom(...parts), fc.constantFrom(...repeats)).map(([atom, repeat]) => atom + repeat);
    const literal = fc.constantFrom(...punctuation).map((text) => text.replace(/[.(]/g, '\\$&'));
    const alternative = fc
      .tuple(fc.array(part, { minLength: 1, maxLength: 3 }), literal, fc.array(part, { minLength: 1, maxLength: 3 }))
      .map(([before, middle, after]) => before.join('') + middle + after.join(''));
    const query = fc.array(alternative, { minLength: 1, maxLength: 2 }).map((alternatives) => alternatives.join('|'));
    // Characters, and pieces the regexes match, so that most texts hold matches.
    const pieces = ['a=b', 'A=B', 'a = b', 'x::y', 'Ab::c', 'a<b>', 'A->b', 'a;', '=\r\n', 'Ab(', '1.2', 'a_b', 'A-1'];
    const breaksAndBeyondAscii = ['\r', '\n', '\r\n', 'é', '😀', '\u00a0', '\u017f', '\u212a', '\ud83d'];
    const units = ['a', 'A', 'b', 'Z', '1', '_', ' ', '\t', '=', ':', '<', '>', '-', ';', '(', '.', ...breaksAndBeyondAscii, ...pieces];
    const text = fc.array(fc.constantFrom(...units), { maxLength: 60 }).map((each) => each.join(''));
    await fc.assert(
      fc.asyncProperty(query, text, fc.boolean(), async (source, whole, caseSensitive) => {
        const { matcher } = await compileSearchPattern(source, true, { caseSensitive });
        const plain = new RegExp(source, caseSensitive ? 'u' : 'iu');
        const matching = linesOf(whole).filter((line) => plain.test(line));
        expect(matcher.countLines?.(whole) ?? linesOf(whole).filter((line) => matcher.test(line)).length, JSON.stringify(source)).toBe(matching.length);
      }),
      { numRuns: Number(process.env.RUNS ?? 4000) },
    );
  });

  it('counts, and passes over texts, as the plain regex line by line: one repeat or anchored at a line start (random regexes, random texts)', async () => {
    // One repeat (V8 runs it, over the whole text but for these needles) and `^` first: the regexes whose lines are found by rare needles.
    const needles = ['-', '|', '<', '>', '->', '()', '::', ';', '=', '.', '[', '_'];
    const atoms = ['\\w', '\\s', '\\d', '[a-z]', 'a', 'A', '#'];
    const repeats = ['', '+', '*', '?'];
    const literal = fc.constantFrom(...needles).map((text) => text.replace(/[.()[|]/g, '\\$&'));
    const part = fc.oneof(
      fc.tuple(fc.constantFrom(...atoms), fc.constantFrom(...repeats)).map(([atom, repeat]) => atom + repeat),
      fc.constant('\\b'),
    );
    const alternative = fc
      .tuple(fc.boolean(), fc.array(part, { maxLength: 2 }), literal, fc.array(part, { maxLength: 2 }), fc.boolean())
      .map(([anchored, before, middle, after, end]) => `${anchored ? '^' : ''}${before.join('')}${middle}${after.join('')}${end ? '$' : ''}`);
    const query = fc.array(alternative, { minLength: 1, maxLength: 2 }).map((alternatives) => alternatives.join('|'));
    const marks = [...'#-|<>():;=.[', '\r', '\n', '\r\n', '\u2028', 'é', '😀', '\ud83d', '\u017f', '\u212a'];
    const pieces = ['\n- a', '\n  -', '-\r\n', '\n|\r', 'a->b', 'f()', 'x::y', 'a<b>;\r\n'];
    const text = fc.array(fc.constantFrom('a', 'A', '1', '_', ' ', '\t', ...marks, ...pieces), { maxLength: 40 }).map((each) => each.join(''));
    await fc.assert(
      fc.asyncProperty(query, text, fc.boolean(), async (source, whole, caseSensitive) => {
        const { matcher } = await compileSearchPattern(source, true, { caseSensitive });
        const plain = new RegExp(source, caseSensitive ? 'u' : 'iu');
        const matching = linesOf(whole).filter((line) => plain.test(line)).length;
        const told = JSON.stringify([source, whole]);
        expect(matcher.countLines?.(whole) ?? linesOf(whole).filter((line) => matcher.test(line)).length, told).toBe(matching);
        // As a search showing lines takes a text: passed over when `mayMatch` says no line matches, else each line tested.
        const shown = matcher.mayMatch && !matcher.mayMatch(whole) ? 0 : linesOf(whole).filter((line) => matcher.test(line)).length;
        expect(shown, told).toBe(matching);
      }),
      { numRuns: Number(process.env.RUNS ?? 4000) },
    );
  });

  it('answers lines of 400,000 characters that hold the punctuation everywhere, each line tried once', async () => {
    const long = 400_000;
    const equals = (await compileSearchPattern('\\w+\\s*=\\s*\\w+', true)).matcher;
    expect(equals.countLines!(`${'a='.repeat(long / 2)}\n${'= '.repeat(long / 2)}\n`)).toBe(1);
    const scoped = (await compileSearchPattern('[A-Z]\\w+::\\w+', true)).matcher;
    expect(scoped.countLines!(`${'Aa:'.repeat(long / 3)}\nx\n${'A'.repeat(long)}::x\n`)).toBe(1);
    const listed = (await compileSearchPattern('^\\s*-', true)).matcher;
    expect(listed.countLines!(`${' -'.repeat(long / 2)}\n${' '.repeat(long)}x-\n${' '.repeat(long)}-\n`)).toBe(2);
    // Hundreds of alternatives, each a pair of punctuation at a line's start: beyond 16 needles, the regex's one scan.
    const marks = ['!', '#', '%', '&', ':', ';', '<', '=', '>', '@', '~', ',', '"', "'", '\\*', '\\+', '\\|'];
    const pairs = marks.flatMap((first) => marks.map((second) => `^\\s*${first}${second}`));
    expect(pairs).toHaveLength(289);
    const many = (await compileSearchPattern(pairs.join('|'), true)).matcher;
    expect(many.countLines!(`${' '.repeat(long)}~|\n${'='.repeat(long)}\n x\n`)).toBe(2);
    const pointed = (await compileSearchPattern('\\w+->\\w+', true)).matcher;
    expect(pointed.countLines!(`${'a->'.repeat(long / 3)}\n${'-> '.repeat(long / 3)}\n`)).toBe(1);
  });
});
