import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prefilterOf } from './prefilter-of.js';
import { compileSearchPattern } from './search-pattern.js';

describe('prefilterOf', () => {
  it.each([
    ['[A-Z]{2,}_[A-Z]+', '[A-Z][A-Z]_[A-Z]', 4],
    ['void\\s+\\w+\\(', 'void[^\\S\\n]', 5],
    ['\\w+\\.\\w+', '\\w\\.\\w', 3],
    ['\\w+\\.\\w+\\(', '\\w\\.\\w', 3],
    ['\\d{4}-\\d{2}', '\\d\\d\\d\\d-\\d\\d', 7],
    ['x{3}y', 'xxxy', 4],
    ['a.b|cd', 'a[^\\n]b|cd', 2],
    ['\\bconst\\b', 'const', 5],
    ['^#+ \\w', '# \\w', 3],
    ['(foo)+bar', 'bar', 3],
    ['a\\-b', 'a-b', 3],
    ['[\\w-]{2}\\/', '[\\w-][\\w-]\\/', 3],
    ['a{1000}', 'a'.repeat(16), 16],
  ])('%s: a run of parts of one character each, every match holding it (%s)', (query, source, weight) => {
    expect(prefilterOf(query)).toMatchObject({ source, weight });
  });

  it('of a regex without alternatives, the other runs of two parts or more are held by every match too', () => {
    expect(prefilterOf('void\\s+\\w+\\(')?.held).toEqual(['[^\\S\\n]\\w', '\\w\\(']);
    expect(prefilterOf('\\d{4}-\\d+\\.x+')?.held).toEqual(['\\d\\.x']);
    expect(prefilterOf('ab+cd|xyz')?.held).toEqual([]);
  });

  it.each([
    ['[A-Z]{2,}_[A-Z]+', true],
    ['x{3}y+?', true],
    ['\\d+\\.\\d+', true],
    ['\\w+\\.\\w+\\(', false],
    ['void\\s+\\w+\\(', false],
    ['A.B+', false],
    ['\\bconst\\b', false],
    ['ab|cd', false],
    ['[a-z]+_(x)', false],
    ['a{20,}b', false],
  ])('%s: its prefilter finds exactly the lines it matches: %s', (query, exact) => {
    expect(prefilterOf(query)?.exact).toBe(exact);
  });

  it.each(['ab*c', 'a|bc', 'a{0}b', '[^a]b', 'é+é', '(ab)+', '\\p{L}{3}', '.'])('%s: no run of two characters in some alternative, no prefilter', (query) => {
    expect(prefilterOf(query)).toBeUndefined();
  });

  it.each([
    ['A+.b+', 'A\rb\nA\u2028b\nAb\nA\n\rb\nA-b\n', 1],
    ['A+\\s+b+', 'A b\nA\u00a0b\nA\vb\nA\tb\nA\nb\n', 4],
    ['s+\\w+K+', 'ſ\u212aK\nSSſk\nsK\n', 2],
  ])('%s: runs on RE2 and its prefilter on V8, the lines counted as JavaScript reads the regex (%j)', async (query, text, lines) => {
    const { matcher } = await compileSearchPattern(query, true, { caseSensitive: false });
    expect(text.split('\n').filter((line) => matcher.test(line))).toHaveLength(lines);
    expect(matcher.countLines?.(text)).toBe(lines);
  });

  it('never rejects a line the line matcher matches, and the matcher counts lines as the lines would (random regexes, texts and case)', async () => {
    // Few characters, so that random texts hold matches of random regexes often.
    const tokens = ['A', 'b', 's', 'K', '_', ' ', '.', '\\d', '\\w', '\\s', '\\b', '^', '$', '[A-Z]', '[b_]', '[\\w-]', '[^b]', '\\.', '\\-'];
    const structure = ['(', ')', '(?:', '|', '+', '*', '?', '{2}', '{2,}', '{1,3}', '{0}', '+?'];
    const anyTokens = fc.array(fc.constantFrom(...tokens, ...tokens, ...structure), { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));
    // Parts each repeated or not: valid regexes, most of them with the repeats that make runs and RE2.
    const repeats = ['', '', '+', '*', '?', '{2}', '{2,}', '{1,3}', '+?'];
    const sequence = fc.array(fc.tuple(fc.constantFrom(...tokens), fc.constantFrom(...repeats)), { minLength: 1, maxLength: 5 });
    const query = fc.oneof(
      anyTokens,
      sequence.map((parts) => parts.map(([part, repeat]) => part + repeat).join('')),
    );
    const units = ['A', 'A', 'b', 'b', 'B', '_', '_', ' ', '1', '.', '-', 's', 'ſ', 'k', '\u212a', '\t', 'é', '😀', '\ud83d', '\r', '\n', '\r\n', '\u2028'];
    const text = fc.array(fc.constantFrom(...units), { maxLength: 30 }).map((parts) => parts.join(''));
    let withPrefilter = 0;
    await fc.assert(
      fc.asyncProperty(query, text, fc.boolean(), async (source, whole, caseSensitive) => {
        const compiled = await compileSearchPattern(source, true, { caseSensitive }).catch(() => undefined);
        if (compiled === undefined) return;
        const lines = whole.split(/\r?\n/);
        if (lines.at(-1) === '') lines.pop();
        const matching = lines.filter((line) => compiled.matcher.test(line));
        if (compiled.matcher.countLines) expect(compiled.matcher.countLines(whole)).toBe(matching.length);
        if (compiled.matcher.mayMatch && matching.length > 0) expect(compiled.matcher.mayMatch(whole)).toBe(true);
        const prefilter = prefilterOf(source);
        if (prefilter === undefined) return;
        withPrefilter += 1;
        // The prefilter alone, with the `u` flag as on RE2: it finds every line the matcher matches, and every
        // line RE2 itself matches (the matcher of a search on the main thread: RE2 alone, no prefilter).
        const alone = (await compileSearchPattern(source, true, { caseSensitive, linear: true })).matcher;
        const scan = new RegExp(prefilter.source, caseSensitive ? 'u' : 'iu');
        const held = prefilter.held.map((run) => new RegExp(run, caseSensitive ? 'u' : 'iu'));
        for (const line of lines.filter((each) => compiled.matcher.test(each) || alone.test(each)))
          expect(
            [scan, ...held].every((each) => each.test(line)),
            JSON.stringify(line),
          ).toBe(true);
      }),
      { numRuns: Number(process.env.RUNS ?? 8000) },
    );
    expect(withPrefilter).toBeGreaterThan(400);
  });
});
