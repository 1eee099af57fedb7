import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSearchQuery, compileSearchPattern, lineScanOf, requiredLiterals } from './search-pattern.js';

const texts = [
  'foo\bbar \\bar',
  'alpha\nbeta\r\ngamma',
  'x\r\nfoo\r\n',
  'foo\rbar\n',
  'a foo b\n\nlast line foo',
  '\uFEFFfoo',
  'Foo\u2028bar\n',
  'the end',
  '',
  '## foo\n - bar\r\n\t-\n#no\n\n',
  'void  x(\nVOID y(\r\nvoid\rz(\n',
  'AB_C\nab_c\nA_B\rXY_Z',
  'ma\u017fk\n\u212a\nMASK\nmasks\n',
];

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
  ['foo|last line', true],
  ['[\\b]foo|\\\\bar', true],
  ['\\Bfoo', true],
  ['(foo|beta)\\s*$', true],
  ['r\\nl', true],
  ['.*', true],
  ['^(?!foo)', true],
  ['(?<=a )foo', true],
  ['^#+ ', true],
  ['^\\s*-', true],
  ['^$|\\s$', true],
  ['void\\s+\\w+\\(', true],
  ['[A-Z]{2,}_[A-Z]+', true],
  ['\\b(void|ab)\\b', true],
  ['\\b(mask|k)\\b', true],
  ['mask|S', true],
];

describe('compileSearchPattern', () => {
  it.each(queries)('never says a text has no match when one of its lines matches %s, and counts matching lines as the lines would', async (query, regex) => {
    const { matcher } = await compileSearchPattern(query, regex);
    for (const text of texts) {
      // The lines as searchText has them: no line after a final line break.
      const lines = text.split(/\r?\n/);
      if (lines.at(-1) === '') lines.pop();
      if (matcher.mayMatch && lines.some((line) => matcher.test(line))) expect(matcher.mayMatch(text), JSON.stringify(text)).toBe(true);
      if (matcher.countLines) expect(matcher.countLines(text), JSON.stringify(text)).toBe(lines.filter((line) => matcher.test(line)).length);
    }
  });

  it('passes over a text without a match in one scan for literals, alternations of words and regexes that stay in a line, counts lines trying only those with a word, and runs no other regex over a whole text', async () => {
    expect((await compileSearchPattern('foo', false)).matcher.mayMatch?.('bar\nbaz')).toBe(false);
    const words = (await compileSearchPattern('\\b(mutex|dead lock)\\b', true)).matcher;
    expect([words.mayMatch?.('a MUTEX\n'), words.mayMatch?.('mutexes'), words.mayMatch?.('a dead\nlock')]).toEqual([true, false, false]);
    expect(words.countLines?.('mutex, mutex\r\nno\ndead lock\nmutexes\n')).toBe(2);
    // A regex that cannot match a line break nor look past one runs over the whole text: it finds there what it finds line by line.
    for (const query of ['x.*y', '(a)|b.'])
      expect((await compileSearchPattern(query, true)).matcher.countLines?.('xay\nb\nab\n'), query).toBe(query === 'x.*y' ? 1 : 2);
    for (const query of ['^(?!foo)', '[^c]*', '(?<=a)\\W']) expect((await compileSearchPattern(query, true)).matcher.mayMatch, query).toBeUndefined();
  });

  it('never rejects a text with a matching line, over random regexes', async () => {
    let seed = 7;
    const random = (count: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % count;
    };
    const tokens = [
      '\\b',
      '\\B',
      'foo',
      'bar',
      'o',
      '|',
      '(',
      ')',
      '(?:',
      '^',
      '$',
      '.',
      '[ab]',
      'x?',
      '\\w',
      '\\1',
      '\\x41',
      'é',
      'mask',
      'ſk',
      '+',
      '*',
      '{2}',
      '{0,1}',
      '\\.',
      'K',
      'MA',
      ' ',
      '\\)',
      '[]',
      '\\[o]',
      '\\r',
      '\\n',
      '[^a]',
      '\\s',
      '(?=\\r)',
      '(?<!a)',
      'a|',
      '[0-9]',
      '\\d',
      'x{0}',
      '\\u2028',
      '.*',
      '\\S',
      '-',
      '#+',
      '[A-Z]{2,}',
      '_',
    ];
    const lines = [
      'foo bar',
      'xfoox',
      'A',
      'bar\r',
      'é foo',
      '',
      'ob',
      'ſ',
      'maſk',
      'MAsK',
      'mask.mask',
      'foo.bar',
      'oo bar',
      'ba)r',
      'fo\ro',
      'a\u2028b',
      'x42',
      'oo\r',
      ' - ba',
      '## fo',
      '\u2029-',
      'AB_C',
      '\u212a',
    ];
    let checked = 0;
    for (let round = 0; round < 30000; round += 1) {
      const query = Array.from({ length: 1 + random(5) }, () => tokens[random(tokens.length)]).join('');
      const text = Array.from({ length: 1 + random(3) }, () => lines[random(lines.length)]).join(random(2) ? '\n' : '\r\n') + ['', '\n', '\r\n'][random(3)];
      const compiled = await compileSearchPattern(query, true).catch(() => undefined);
      if (!compiled?.matcher.mayMatch) continue;
      const matching = text.split(/\r?\n/).filter((line, index, lines) => (index < lines.length - 1 || line !== '') && compiled.matcher.test(line)).length;
      if (matching > 0) expect(compiled.matcher.mayMatch(text), `${query} on ${JSON.stringify(text)}`).toBe(true);
      if (compiled.matcher.countLines) expect(compiled.matcher.countLines(text), `${query} counted on ${JSON.stringify(text)}`).toBe(matching);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('gives the lines and ranges of the plain regex on texts with lines longer than V8 is given (tried on RE2), over random regexes', () => {
    const pieces = ['a', 'b', '_', '(', '=', ' ', '1', 'É', 'ſ'];
    const query = fc
      .array(
        fc.constantFrom(
          'a',
          'b',
          '[a-z]',
          '\\w',
          '\\w*',
          '\\w+',
          '[ab]+',
          '\\(',
          '=',
          '\\d',
          '\\s*',
          '.*',
          '(\\w+)',
          '\\b',
          '\\p{L}+',
          'x?',
          '[a-z]\\w{0,40}',
          '$',
        ),
        { minLength: 1, maxLength: 5 },
      )
      // One varying repeat at most: those with more run on RE2 whole, and the plain regex of the truth would take the cube of a line.
      .filter((parts) => parts.filter((part) => /[*+}]$|\)$/.test(part)).length <= 1)
      .map((parts) => parts.join(''));
    const line = fc
      .array(fc.constantFrom(...pieces), { maxLength: 12 })
      .chain((parts) => fc.nat(4).map((copies) => parts.join('').repeat(copies === 4 ? Math.ceil(1_200 / Math.max(1, parts.length)) : 1)));
    return fc.assert(
      fc.asyncProperty(
        query,
        fc.array(line, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        async (source, lines, lineBreak, final) => {
          const compiled = await compileSearchPattern(source, true).catch(() => undefined);
          if (compiled === undefined) return;
          const plain = new RegExp(source, `${compiled.caseSensitive ? '' : 'i'}u`);
          const everywhere = new RegExp(plain.source, `${plain.flags}g`);
          const { matcher } = compiled;
          const matching = lines.filter((each) => plain.test(each));
          expect(lines.map((each) => matcher.test(each))).toEqual(lines.map((each) => plain.test(each)));
          // Long lines and short ones in one text, each way of ending a line (an empty last line needs its break: after a final one, none is a line).
          const text = lines.join(lineBreak) + (final || lines.at(-1) === '' ? lineBreak : '');
          if (matcher.countLines) expect(matcher.countLines(text)).toBe(matching.length);
          for (const each of matching) {
            const ranges = [...each.matchAll(everywhere)]
              .filter((match) => match[0] !== '')
              .map((match) => ({ start: match.index, end: match.index + match[0].length }));
            expect(matcher.ranges(each, Number.POSITIVE_INFINITY)).toEqual(ranges);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('tests on V8 the short lines of a regex whose least match has one repeat V8 cannot vouch for, the long ones on RE2 (random lines)', async () => {
    const queries = ['[A-Z]\\w+::\\w+', '[a-z]\\w+=\\s*\\w+', '[A-Z]\\w*:\\w+', '\\w[a-z]+\\.\\w+', '[A-Z]\\w+::\\w+\\('];
    const line = fc
      .array(fc.constantFrom('A', 'a', 'b', '_', ':', '::', '=', ' ', '.', '(', 'É', 'ſ', 'K'), { maxLength: 16 })
      .chain((parts) => fc.nat(3).map((copies) => parts.join('').repeat(copies === 3 ? Math.ceil(1_100 / Math.max(1, parts.length)) : 1)));
    for (const query of queries) {
      for (const caseSensitive of [true, false]) {
        const { matcher } = await compileSearchPattern(query, true, { caseSensitive });
        const plain = new RegExp(query, `${caseSensitive ? '' : 'i'}u`);
        fc.assert(
          fc.property(fc.array(line, { minLength: 1, maxLength: 4 }), (lines) => {
            expect(lines.map((each) => matcher.test(each))).toEqual(lines.map((each) => plain.test(each)));
            const text = `${lines.join('\n')}\n`;
            if (matcher.countLines) expect(matcher.countLines(text)).toBe(lines.filter((each) => plain.test(each)).length);
          }),
          { numRuns: 150 },
        );
      }
    }
  });

  it('counts a long line of a CRLF text without its CR, and the short lines around it as they are', async () => {
    const text = `short\r\n${'x'.repeat(2_000)}\r\nlast ${'y'.repeat(2_000)}\r\nend`;
    const count = async (source: string) => (await compileSearchPattern(source, true)).matcher.countLines?.(text);
    expect(await count('[a-z]\\w*\\s')).toBe(1);
    expect(await count('[a-z]\\w*$')).toBe(4);
  });

  it('counts the lines holding a literal as the lines would, with case and without (random texts and literals)', async () => {
    // Letters in both cases, the two non-ASCII letters that match ASCII ones ignoring case (U+017F, U+212A),
    // others, CR and LF, and a character outside the BMP (a surrogate pair).
    const units = ['a', 'A', 'k', 'K', 's', 'S', 'ab', ' ', '\n', '\r', '\u017f', '\u212a', 'é', 'É', 'İ', '\u{1F600}'];
    const text = fc.array(fc.constantFrom(...units), { maxLength: 60 }).map((parts) => parts.join(''));
    // A literal cut from the text, or made of the same units.
    const cases = fc.oneof(
      fc.tuple(
        text,
        fc.array(fc.constantFrom(...units), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('')),
      ),
      text.chain((whole) =>
        fc.tuple(
          fc.constant(whole),
          fc.nat(whole.length).chain((start) => fc.integer({ min: 1, max: 5 }).map((length) => whole.slice(start, start + length))),
        ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(cases, fc.boolean(), async ([whole, query], caseSensitive) => {
        if (query === '') return;
        const { matcher } = await compileSearchPattern(query, false, { caseSensitive });
        const lines = whole.split(/\r?\n/);
        if (lines.at(-1) === '') lines.pop();
        const expected = lines.filter((line) => matcher.test(line)).length;
        if (matcher.countLines) expect(matcher.countLines(whole)).toBe(expected);
        else expect(/[\r\n]/.test(query)).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  it('passes over a text without the literal every match of a regex holds', async () => {
    const heading = (await compileSearchPattern('^## Example', true)).matcher;
    expect([heading.mayMatch?.('x\n## Examples\n'), heading.mayMatch?.('# Example\n## Ex ample')]).toEqual([true, false]);
    expect((await compileSearchPattern('std::vector<\\w+>', true)).matcher.mayMatch?.('std::list<int>')).toBe(false);
  });
});

describe('lineScanOf', () => {
  it.each([
    ['\\bC[0-9]{4}\\b', '\\bC[0-9]{4}\\b'],
    ['a.*b', 'a.*b'],
    ['(x|y)+z', '(x|y)+z'],
    ['[a\\-z$^]\\.', '[a\\-z$^]\\.'],
    ['a\\sb', 'a[^\\S\\n]b'],
    ['a\\\\s\\^', 'a\\\\s\\^'],
  ])('%s: %s', (query, plain) => {
    expect(lineScanOf(query)).toEqual({ plain, guarded: plain });
  });

  it('writes ^ and $ as lookaround where the m flag cannot be used', () => {
    expect(lineScanOf('^\\s*-\\S$')).toEqual({ plain: '^[^\\S\\n]*-\\S$', guarded: '(?<![^\\n])[^\\S\\n]*-\\S(?![^\\r\\n])' });
  });

  it.each(['[\\s]', '[^a]', 'a(?=b)', '\\x41', '(a)\\1', '[\\n]', 'a\\Wb', 'x[\u0001-~]y', 'x[\t-\v]y', 'x[\u2000-\u2100]y'])('%j: none', (query) => {
    expect(lineScanOf(query)).toBeUndefined();
  });

  it('counts no line a match across a line break would join (a range typed raw spanning a line feed, a line break escaped)', async () => {
    expect((await compileSearchPattern('x[\u0001-~]y', true)).matcher.countLines?.('x\ny\n') ?? 0).toBe(0);
    for (const lineBreak of ['\n', '\r', '\u2028', '\u2029']) {
      const query = `\\d\\${lineBreak}\\d`;
      expect(lineScanOf(query), JSON.stringify(query)).toBeUndefined();
      const text = `x1${lineBreak}2y\nx1\n2y\nplain\n`;
      const lines = text.split('\n').filter((line) => new RegExp(query).test(line)).length;
      expect((await compileSearchPattern(query, true)).matcher.countLines?.(text) ?? lines, JSON.stringify(query)).toBe(lines);
    }
  });

  it('counts as the lines would beside CRs, and a long run of lone CRs costs one pass', async () => {
    for (const [query, text, lines] of [
      ['o\\s', 'oo\r\nx o y\n', 1],
      ['\\B', 'a\r\nab\n', 1],
      ['^\\s*-', ' -\r\n\r -\nx -', 2],
      ['a$', 'a\rb\na\r\n', 1],
      ['^b|a$', 'a\u2028b\nb\u2029a\n', 1],
    ] as const)
      expect((await compileSearchPattern(query, true)).matcher.countLines?.(text), query).toBe(lines);
    // With the m flag, ^ after each of these CRs would let \s* run to the end each time: 10^10 steps.
    expect((await compileSearchPattern('^\\s*-', true)).matcher.countLines?.(`${'\r'.repeat(100_000)}x\n`)).toBe(0);
  });
});

describe('requiredLiterals: literals of which every match holds one', () => {
  it.each([
    ['std::vector<\\w+>', ['std::vector<']],
    ['^## Example', ['## Example']],
    ['ab*cdef', ['cdef']],
    ['hello?world', ['world']],
    ['pre\\.fix', ['pre.fix']],
    ['(?<=abc)defg', ['defg']],
    ['x[a)b]yzw', ['yzw']],
    ['(a(b)[)]c)dddd', ['dddd']],
    ['\\bC[0-9]{4}\\b', undefined],
    ['ab{2}cd', undefined],
    ['ab{2,}cdef', ['cdef']],
    ['\\w\\d\\sabc\\1', ['abc']],
    // Alternatives each give theirs; one without any leaves none.
    ['abcd|efgh', ['abcd', 'efgh']],
    ['abcd|e.g', undefined],
    ['abcd|abcd', ['abcd']],
    // A group (not repeated, not lookaround) whose alternatives all give literals, when its shortest beats the runs.
    ['(?:note|other)(?:\\.md)?[\\]|#]', ['note', 'other']],
    ['xy(?<name>alpha|beta)z', ['alpha', 'beta']],
    ['(note|other)s', ['note', 'other']],
    ['longer-run(?:ab|cd)', ['longer-run']],
    ['(?:note|other)*xyz', ['xyz']],
    ['(?:note|other){2}', undefined],
    ['(?=note)x', undefined],
    ['(?:ab|cdef)', undefined],
    ['(?:(?:(?:(?:(?:abcd))))|efgh)', undefined],
    ['(?:(?:(?:abcd))|efgh)', ['abcd', 'efgh']],
    // An escape that names a character or class is passed over whole, never read as literal text.
    ['\\x41bcd', ['bcd']],
    ['caf\\u00e9s', ['caf']],
    ['\\u{1F600}', undefined],
    ['\\p{Letter}', undefined],
    ['\\P{Script=Greek}xyz', ['xyz']],
    ['(?<nam>.)\\k<nam>', undefined],
    ['\\cJabc', ['abc']],
    ['\\101bcd', ['bcd']],
    ['(?:\\x41bc|\\x42bc)', undefined],
  ])('%s holds one of %j', (query, literals) => {
    expect(requiredLiterals(query)).toEqual(literals);
  });

  it('every match of each regex holds one of its literals', () => {
    const cases: [string, string[]][] = [
      ['(?:note|other)(?:\\.md)?[\\]|#]', ['[[note]]', '[[other.md#x]]', 'other|']],
      ['abcd|efgh', ['xxabcd', 'efghyy']],
      ['xy(?<name>alpha|beta)z', ['xyalphaz', 'xybetaz']],
    ];
    for (const [query, lines] of cases) {
      const literals = requiredLiterals(query)!;
      for (const line of lines) {
        const match = new RegExp(query).exec(line)![0];
        expect(literals.some((literal) => match.includes(literal))).toBe(true);
      }
    }
  });

  it('over random regexes, every line a regex matches holds one of its literals', () => {
    let seed = 3;
    const random = (count: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % count;
    };
    const tokens = [
      'abc',
      'xyz',
      'é',
      'K',
      'ſ',
      '|',
      '(',
      ')',
      '(?:',
      '(?<n>',
      '\\k<n>',
      '\\1',
      '?',
      '*',
      '{0}',
      '{0,2}',
      '??',
      '.',
      '[a|)]',
      '\\x41',
      '\\u0062',
      '\\u{63}',
      '\\p{L}',
      '\\cJ',
      '\\d',
      '\\b',
      '\\.',
      '^',
      '$',
      '(?=a)',
      '(?<!b)',
    ];
    const lines = ['abc', 'Abcxyz', 'ABC', 'xyzabc', 'é', 'K', 'ſ', 'a.b', 'Ab', 'bc', '\n', 'a|)', '', 'abcabc', 'xyzxyz'];
    let checked = 0;
    for (let round = 0; round < 20_000; round += 1) {
      const query = Array.from({ length: 1 + random(6) }, () => tokens[random(tokens.length)]).join('');
      let regex: RegExp;
      try {
        regex = new RegExp(query, 'iu');
      } catch {
        continue;
      }
      const literals = requiredLiterals(query);
      if (literals === undefined) continue;
      const holds = new RegExp(literals.map((literal) => literal.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')).join('|'), 'iu');
      for (const line of lines) {
        if (regex.test(line)) {
          expect(holds.test(line), `${query} matches ${JSON.stringify(line)}, literals ${JSON.stringify(literals)}`).toBe(true);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('a deeply nested regex is read without recursion past a few levels', () => {
    const deep = `${'('.repeat(4000)}abcd${')'.repeat(4000)}`;
    expect(requiredLiterals(deep)).toBeUndefined();
  });
});

describe('checkSearchQuery', () => {
  it('refuses what compileSearchPattern refuses and settles smart case, leaving the matcher to where the search runs', async () => {
    for (const [query, regex] of [
      ['', false],
      ['(unclosed', true],
      ['(a+)+\\1', true],
      ['x'.repeat(10_001), false],
    ] as const) {
      const refused = await compileSearchPattern(query, regex).catch((error: unknown) => error);
      await expect(checkSearchQuery(query, regex), query.slice(0, 20)).rejects.toEqual(refused);
    }
    const checked = await checkSearchQuery('Apple|pear', true);
    expect({ query: checked.query, regex: checked.regex, caseSensitive: checked.caseSensitive }).toEqual({
      query: 'Apple|pear',
      regex: true,
      caseSensitive: true,
    });
    expect((await checkSearchQuery('Apple', false, { caseSensitive: false })).caseSensitive).toBe(false);
    // Compiled here as the main thread's search compiles it: on RE2 (no mayMatch) for a regex RE2 runs.
    const here = await checked.compileHere();
    expect([here.test('an Apple'), here.test('apple'), here.mayMatch]).toEqual([true, false, undefined]);
  });
});

describe('ranges of a line whose matches may be empty', () => {
  it('stop after 100 empty matches on a line of 20,000 characters (each look may scan to the line end), the line still found', async () => {
    for (const query of ['x?', '(?:x|)', 'x?y?']) {
      const { matcher } = await compileSearchPattern(query, true);
      expect(matcher.ranges(`${'.'.repeat(10)}x`, Number.POSITIVE_INFINITY), query).toEqual([{ start: 10, end: 11 }]);
      const long = `${'.'.repeat(20_000)}x`;
      expect(matcher.ranges(long, Number.POSITIVE_INFINITY), query).toEqual([]);
      expect(matcher.test(long), query).toBe(true);
    }
  });
});
