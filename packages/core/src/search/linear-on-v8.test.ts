import { describe, expect, it } from 'vitest';
import { leastMatch } from './least-match.js';
import { linearOnV8, squareAtMostOnV8, takesSomethingEach } from './linear-on-v8.js';
import { compileSearchPattern } from './search-pattern.js';

describe('a least match V8 runs in linear time', () => {
  it('takes a sequence whose varying repeats each follow a character they do not take', () => {
    const taken = [
      '\\w+\\.\\w+\\(',
      '\\w+->\\w+',
      '\\w+\\s*=\\s*\\w+',
      '[a-z]+\\.[a-z]+\\.\\w+',
      '\\w+::\\w+\\(',
      '\\bvoid\\s+\\w+\\(',
      '\\.\\w+\\s+x',
      '\\d+\\.\\d+',
      '\\w{3}\\.\\w{2,16}\\(',
      `${' a+'.repeat(15)}X`,
    ];
    for (const query of taken) expect(linearOnV8(leastMatch(query), 'iu'), query).toBe(true);
    // Classes of ASCII characters apart, heeding case only (ignoring it, [A-Z] takes U+212A, which [a-z] takes too).
    expect(linearOnV8(leastMatch('[A-Z][a-z]+[A-Z][a-z]+'), 'u')).toBe(true);
    expect(linearOnV8(leastMatch('[A-Z][a-z]+[A-Z][a-z]+'), 'iu')).toBe(false);
  });

  it('takes a first repeat whose tries start apart: at the line start, or at a word start, taking word characters only', () => {
    const taken = [
      '^#+ ',
      '^\\s*-',
      '^\\w+',
      '^\\s*\\d+\\.\\s',
      '^\\s*[-*+]\\s+\\w+',
      '\\b[A-Z]{3,}\\b',
      '\\bget\\w*\\(',
      '\\b[a-z]+_t\\b',
      '\\b\\w{2}\\d+x',
      '\\bk\\w+\\.',
    ];
    for (const flags of ['u', 'iu']) for (const source of taken) expect(linearOnV8(source, flags), `${source} ${flags}`).toBe(true);
    const refused = [
      '^\\s*\\w+\\s*\\w+x',
      '\\s*\\d+\\.\\s',
      '\\B\\w+x',
      '\\b[.a-z]+x',
      '\\b\\s+x',
      '\\b.+x',
      '\\b[^a]+x',
      '\\b\\w+\\w+x',
      'a^\\w+x',
      '\\b\\.\\w+\\w+',
      '^\\w+\\w+x',
      '\\b[a-z.]\\w+x',
    ];
    for (const flags of ['u', 'iu']) for (const source of refused) expect(linearOnV8(source, flags), `${source} ${flags}`).toBe(false);
  });

  it('refuses a repeat after a character it may take, after another repeat, at the start, or in a group', () => {
    const refused = [
      '[a-z]\\w+\\(\\w',
      '[A-Z]\\w+::\\w',
      'a\\w+b',
      '\\w+',
      '\\.\\s*\\w+',
      'a\\s*\\w+',
      '\\.\\w+\\w+',
      '\\.\\w+\\s*\\w+',
      '(ab)+c',
      'a|b+c',
      '\\.\\w+?\\(',
      '\\.\\w*+',
      '\\.\\n+a',
      '\\.é+a',
      '\\.[\\w.]+a',
      '\\.\\S+\\s',
      // A large count: V8 tries its atom that many times at each count of the repeat before it it backs off through.
      '\\.\\w+\\w{1000}\\s+x',
      '\\w{1000}\\.\\w+\\s+x',
      '\\.\\w+\\w{2,17}\\s+x',
      // A long regex: the bound's constant is its size (V8 took seconds on a 100,000-character line where RE2 took none).
      `\\.\\w+${'\\w{16}'.repeat(63)}\\s+x`,
      `${' a+'.repeat(3300)}X`,
      `${' a+'.repeat(17)}X`,
      `\\.\\w+${'\\w{16}'.repeat(4)}\\s+x`,
    ];
    for (const source of refused) expect(linearOnV8(source, 'u'), source).toBe(false);
    // Ignoring case, `k` matches U+212A, which `\\w` takes too: apart only if the class does not take `k` itself.
    expect(linearOnV8('k[^k]+', 'iu')).toBe(true);
    expect(linearOnV8('k[^a]+', 'iu')).toBe(false);
    expect(linearOnV8('k\\W+', 'iu')).toBe(true);
  });

  it('takes as at most quadratic a sequence whose varying repeats but the last go on only from their whole run; not two going on from each count, nor a group', () => {
    const taken = [
      '[A-Z]\\w+::\\w',
      '[a-z]\\w*\\(',
      'a{2,}b{16}',
      '\\w\\s*=',
      '[A-Z]\\w+::\\w+',
      '\\[[^\\]]*\\]\\([^)]*\\)',
      '\\s*\\d+\\.\\s',
      'a*b+c{2,5}d\\w+',
    ];
    for (const source of taken) expect(squareAtMostOnV8(source, 'iu'), source).toBe(true);
    const refused = [
      '\\w+\\s*=',
      '\\w+\\w+x',
      'a*b*',
      '\\[[^\\]]*[^)]*\\)',
      '\\[[^\\]]*\\]?\\([^)]*\\)',
      '(\\w+)\\(',
      '(a|aa)+b',
      'a\\w{17}+',
      `a+${'b'.repeat(40)}`.repeat(2),
    ];
    for (const source of refused) expect(squareAtMostOnV8(source, 'iu'), source).toBe(false);
    // Ignoring case, `[^a]` does not take `A`, heeding it, it does.
    expect(squareAtMostOnV8('[^a]*A\\w+', 'iu')).toBe(true);
    expect(squareAtMostOnV8('[^a]*A\\w+', 'u')).toBe(false);
  });

  it('tells a least match whose every atom takes a character, counts read as numbers (`{00,}` may take none)', () => {
    for (const source of ['\\w\\.\\w+\\(', '\\bvoid\\s+\\w', 'a{1,}b', 'a{01}b']) expect(takesSomethingEach(source), source).toBe(true);
    for (const source of ['\\w\\s*=', 'a?b', 'a{0,2}b', '\\w\\s{00,}=', '(a)+']) expect(takesSomethingEach(source), source).toBe(false);
  });

  it('answers hostile lines of 400,000 characters (quadratic, a start at each character would scan the line to its end: minutes)', async () => {
    const long = 400_000;
    const cases: [string, string][] = [
      ['\\w+\\.\\w+\\(', `a.${'a'.repeat(long)}\nb.b(\n`],
      ['\\w+\\.\\w+\\(', `${'a.'.repeat(long / 2)}\n`],
      ['\\w+\\s*=\\s*\\w+', `a${' '.repeat(long)}=${' '.repeat(long)}\n${'a ='.repeat(long / 3)}\n`],
      ['\\w+\\s*=\\s*\\w+', `${'= a '.repeat(long / 4)}\n${'a'.repeat(long)} ${'='.repeat(long)}\n`],
      ['[a-z]+\\.[a-z]+\\.\\w+', `a.${'a'.repeat(long)}\n${'a.'.repeat(long / 2)}\n`],
      ['\\w+::\\w+\\(', `a::${'a'.repeat(long)}\n${'a::'.repeat(long / 3)}\n`],
      ['\\w+->\\w+', `${'a-'.repeat(long / 2)}\n`],
      ['\\bvoid\\s+\\w+\\(', `void${' '.repeat(long)}a\n${'void a'.repeat(long / 6)}\nvoid\ta(\n`],
    ];
    // Shapes refused stay on RE2, where such lines cost as much: on V8, a start at each letter scans the run (`[a-z]\\w+\\(`), or at each `x` (`x\\s*\\w+`).
    cases.push(['[a-z]\\w+\\(\\w+', `a(a ${'a'.repeat(long)}\nab(b\n`], ['x\\s*\\w+\\(\\w+', `${'x'.repeat(long)}\nx a(b\n`]);
    // First repeats whose tries start apart (at the line start, at a word start).
    cases.push(
      ['^#+ ', `${'#'.repeat(long)}\n${'#'.repeat(long)} \n`],
      ['^\\s*-', `${' '.repeat(long)}\n${' '.repeat(long)}-\n`],
      ['\\b[A-Z]{3,}\\b', `${'A'.repeat(long)}a\n${'AB '.repeat(long / 3)}\n`],
      ['\\bget\\w*\\(', `get${'a'.repeat(long)}\n${'get'.repeat(long / 3)}(\n`],
      ['\\b[a-z]+_t\\b', `${'a'.repeat(long)}_x\n${'a_'.repeat(long / 2)}t\n`],
      ['^\\s*\\d+\\.\\s', `${' '.repeat(long)}1\n${'1'.repeat(long)}\n ${'1'.repeat(long)}. x\n`],
    );
    // A least match of one repeat V8 cannot vouch for (`[A-Z]\\w+::\\w`): its long lines go to RE2.
    cases.push(['[A-Z]\\w+::\\w+', `::${'A'.repeat(long)}\nAb::c ${'A'.repeat(long)}\n`]);
    // Long regexes stay on RE2 (a review's: seconds on V8 for a line of 100,000 characters).
    cases.push([`${' a+'.repeat(3300)}X`, `${' a'.repeat(long / 2)}\n`], [`\\.\\w+${'\\w{16}'.repeat(63)}\\s+x`, `.${'a'.repeat(long / 4)}\n`]);
    for (const [query, text] of cases) {
      const { matcher } = await compileSearchPattern(query, true);
      const reference = (await compileSearchPattern(query, true, { linear: true })).matcher;
      const lines = text.split('\n').slice(0, -1);
      expect(matcher.countLines!(text), query).toBe(lines.filter((line) => reference.test(line)).length);
      for (const line of lines) expect(matcher.test(line), query).toBe(reference.test(line));
    }
  });

  it('answers many hostile lines just under the long-line bound as RE2 does (runs V8 scans from each letter, 2 to 4 s a megabyte: V8 put out by its budget)', async () => {
    const lines = (line: string) => `${line}\n`.repeat(Math.floor(1_000_000 / (line.length + 1)));
    const cases: [string, string][] = [
      ['[a-z]\\w*\\(', lines('a'.repeat(999))],
      ['[A-Za-z_]\\w*\\(', `${lines(`${'a'.repeat(500)}(`)}${lines('b'.repeat(999))}`],
      ['[A-Z]\\w+::\\w+', lines(`::${'A'.repeat(997)}`)],
      ['x\\s*\\w+\\(\\w+', lines(`x(a ${'x'.repeat(990)}`)],
      ['(\\w+)\\(', `${lines('a'.repeat(999))}${lines('ab(c')}`],
      ['\\[[^\\]]*\\]\\([^)]*\\)', `${lines('['.repeat(999))}${lines(`[a](${'('.repeat(990)}`)}${lines('[a](b)')}`],
    ];
    for (const [query, text] of cases) {
      const { matcher } = await compileSearchPattern(query, true);
      const reference = (await compileSearchPattern(query, true, { linear: true })).matcher;
      const all = text.split('\n').slice(0, -1);
      const distinct = [...new Set(all)];
      const expected = all.filter((line) => reference.test(line)).length;
      if (matcher.countLines) expect(matcher.countLines(text), query).toBe(expected);
      for (const line of distinct) expect(matcher.test(line), query).toBe(reference.test(line));
    }
  });
});
