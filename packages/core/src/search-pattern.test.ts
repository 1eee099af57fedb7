import { describe, expect, it } from 'vitest';
import { compileSearchPattern } from './search-pattern.js';

const texts = ['foo\bbar \\bar', 'alpha\nbeta\r\ngamma', 'x\r\nfoo\r\n', 'foo\rbar\n', 'a foo b\n\nlast line foo', '\uFEFFfoo', 'Foo\u2028bar\n', 'the end', ''];
const queries: [string, boolean][] = [
  ['foo', false],
  ['Foo', false],
  ['o', false],
  ['oo b', false],
  ['^foo', true],
  ['foo$', true],
  ['^$', true],
  ['^gamma$', true],
  ['\\bfoo\\b', true],
  ['\\b(foo|bar)\\b', true],
  ['[\\b]foo|\\\\bar', true],
  ['\\Bfoo', true],
  ['(foo|beta)\\s*$', true],
  ['r\\nl', true],
  ['.*', true],
  ['^(?!foo)', true],
  ['(?<=a )foo', true],
];

describe('compileSearchPattern', () => {
  it.each(queries)('never says a text has no match when one of its lines matches %s, and counts matching lines as the lines would', async (query, regex) => {
    const { matcher } = await compileSearchPattern(query, regex);
    for (const text of texts) {
      const lines = text.split(/\r?\n/);
      if (matcher.mayMatch && lines.some((line) => matcher.test(line))) expect(matcher.mayMatch(text), JSON.stringify(text)).toBe(true);
      if (matcher.countLines) expect(matcher.countLines(text), JSON.stringify(text)).toBe(lines.filter((line) => matcher.test(line)).length);
    }
  });

  it('passes over a text without a match in one test, but not with a lookaround', async () => {
    expect((await compileSearchPattern('foo', false)).matcher.mayMatch?.('bar\nbaz')).toBe(false);
    expect((await compileSearchPattern('^ba[rz]$', true)).matcher.mayMatch?.('foo\nbar\n')).toBe(true);
    expect((await compileSearchPattern('^(?!foo)', true)).matcher.mayMatch).toBeUndefined();
  });
});
