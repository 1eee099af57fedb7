import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leastMatch } from './least-match.js';
import { linearOnV8 } from './linear-on-v8.js';
import { readAlikeByEngines } from './read-alike-by-engines.js';
import { compileSearchPattern } from './search-pattern.js';

describe('a regex shaped for RE2 whose lines are told on V8', () => {
  it('finds the lines RE2 finds, and RE2 ranges in them (random regexes with two repeats or more, random texts)', async () => {
    // A repeat at the start, one at the end and maybe more between: the least match (see `leastMatch`) often keeps one repeat (V8), sometimes two (RE2).
    const atom = fc.constantFrom('\\w', '\\s', '\\S', '\\W', '.', '[A-Z]', '[a-z]', '\\d', 'a', 'k', 's', '\\.', '\\(', '\\b', '\\b', '[^a]');
    const open = fc.constantFrom('+', '{2,}', '*');
    const repeat = fc.constantFrom('', '', '', '+', '*', '{1,3}', '?');
    const query = fc
      .tuple(atom, open, fc.array(fc.tuple(atom, repeat), { maxLength: 3 }), atom, open)
      .map(([first, start, middle, last, end]) => `${first}${start}${middle.map(([part, count]) => part + count).join('')}${last}${end}`);
    const character = fc.constantFrom(...'aksKS_1 .(:\t\r\v\u00a0\u2028\u017f\u212a\u3000\u2005é');
    const text = fc.array(fc.oneof(character, fc.constant('\n')), { maxLength: 24 }).map((parts) => parts.join(''));
    let toldOnV8 = 0;
    await fc.assert(
      fc.asyncProperty(query, fc.array(text, { minLength: 1, maxLength: 4 }), fc.boolean(), async (source, texts, caseSensitive) => {
        // A regex neither engine takes (`\\b+`, a repeated assertion) is refused alike: nothing to compare.
        const compiled = await compileSearchPattern(source, true, { caseSensitive }).catch(() => undefined);
        if (compiled === undefined) return;
        const reference = (await compileSearchPattern(source, true, { caseSensitive, linear: true })).matcher;
        const { matcher } = compiled;
        for (const whole of texts) {
          const lines = whole.split(/\r?\n/);
          if (lines.at(-1) === '') lines.pop();
          const expected = lines.filter((line) => reference.test(line));
          const where = `${source} (${caseSensitive ? 'case' : 'no case'}) in ${JSON.stringify(whole)}`;
          if (matcher.countLines) expect(matcher.countLines(whole), where).toBe(expected.length);
          if (matcher.mayMatch && expected.length > 0) expect(matcher.mayMatch(whole), where).toBe(true);
          for (const line of lines) expect(matcher.test(line), `${where}, line ${JSON.stringify(line)}`).toBe(reference.test(line));
          for (const line of expected) expect(matcher.ranges(line, line.length), where).toEqual(reference.ranges(line, line.length));
          const flags = caseSensitive ? 'u' : 'iu';
          if (readAlikeByEngines(source, new RegExp(source, flags)) && linearOnV8(leastMatch(source), flags)) toldOnV8 += 1;
        }
      }),
      { numRuns: 4000 },
    );
    expect(toldOnV8).toBeGreaterThan(1000);
  });

  it('finds the lines RE2 finds beside each character where the engines differ', async () => {
    const splits = [...'\r\v\u00a0\u017f\u212a\u1680\u2028\u2029\u202f\u205f\u3000\ufeff'];
    for (let unit = 0x2000; unit <= 0x200a; unit += 1) splits.push(String.fromCharCode(unit));
    for (const query of ['\\w+.{2,}', '\\w+\\s\\S+', '\\w+\\S\\s+', '\\w+a\\b.+', '\\w+a\\B.+'])
      for (const caseSensitive of [false, true]) {
        const { matcher } = await compileSearchPattern(query, true, { caseSensitive });
        const reference = (await compileSearchPattern(query, true, { caseSensitive, linear: true })).matcher;
        for (const text of splits.flatMap((split) => [`a${split}`, `aa${split}`, `a${split}a`, `aa${split}${split}`])) {
          expect(matcher.countLines?.(text) ?? Number(matcher.test(text)), `${query} in ${JSON.stringify(text)}`).toBe(reference.test(text) ? 1 : 0);
          expect(matcher.test(text), `${query} in ${JSON.stringify(text)}`).toBe(reference.test(text));
        }
      }
  });

  it('takes only plain ASCII regexes with the escapes both engines read alike', () => {
    const alike = (source: string) => readAlikeByEngines(source, new RegExp(source, 'u'));
    expect(['\\w+\\.\\w+\\(', '[A-Z]\\w+::\\w+', '\\s+x\\S*', '\\b\\d+\\B'].map(alike)).toEqual([true, true, true, true]);
    expect(['\\p{L}+x+', '\\u00e9+a+', '\\x41+a+', 'é+a+', '\\cJ+a+', '(?<a>x)\\k<a>+a+', '\\n+a+'].map(alike)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(readAlikeByEngines('a+b+', /a+b+/)).toBe(false);
  });
});
