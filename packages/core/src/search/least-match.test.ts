import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leastMatch, leastRegexOf } from './least-match.js';

describe('the least match of a regex', () => {
  it('takes a repeat at the start or the end at its fewest, and leaves the rest alone', () => {
    expect(leastMatch('\\w+\\.\\w+\\(')).toBe('\\w\\.\\w+\\(');
    expect(leastMatch('[A-Z]{2,}_[A-Z]+')).toBe('[A-Z]{2}_[A-Z]');
    expect(leastMatch('.*foo(ab)+')).toBe('foo(ab)');
    expect(leastMatch('\\d{0,3}x{1,}')).toBe('x{1}');
    for (const query of ['^\\w+x', '\\w+?x', 'a\\+', '(a)+b', 'x\\{2,}', '\\w*', 'a+?', 'a\\\\+\\+']) expect(leastMatch(query), query).toBe(query);
    expect(leastMatch('a\\\\+')).toBe('a\\\\');
  });

  it('matches in the very lines the regex matches in (random regexes, lines and flags)', () => {
    const atom = fc.constantFrom(
      '\\w',
      '\\d',
      '\\s',
      '\\W',
      '.',
      '[A-Z]',
      '[^a]',
      'a',
      'b',
      '_',
      '\\.',
      '\\(',
      '(ab|c)',
      '(?:a\\w)',
      '\\b',
      '^',
      '$',
      '|',
      '(?=b)',
      '(?<=a)',
    );
    const repeat = fc.constantFrom('', '', '+', '*', '?', '{2,}', '{1,3}', '{0,}', '+?', '{2}');
    const query = fc.array(fc.tuple(atom, repeat), { minLength: 1, maxLength: 5 }).map((parts) => parts.map(([a, r]) => a + r).join(''));
    const line = fc
      .array(fc.constantFrom('a', 'b', 'c', 'A', 'Z', '_', '1', ' ', '.', '(', '\r', '\u017f', '\u212a', '\u{1F600}', 'é'), { maxLength: 30 })
      .map((parts) => parts.join(''));
    let reduced = 0;
    fc.assert(
      fc.property(query, fc.array(line, { minLength: 1, maxLength: 5 }), fc.constantFrom('', 'i', 'u', 'iu'), (source, lines, flags) => {
        let native: RegExp;
        try {
          native = new RegExp(source, flags);
        } catch {
          return;
        }
        const least = leastRegexOf(source, native);
        if (least.source !== source) reduced += 1;
        for (const text of lines) expect(least.regex.test(text), `${source} /${flags} on ${JSON.stringify(text)}`).toBe(native.test(text));
      }),
      { numRuns: 5000 },
    );
    expect(reduced).toBeGreaterThan(1000);
  });
});
