import { describe, expect, it } from 'vitest';
import { classLiterals } from './class-literals.js';

const escaped = (literal: string) => literal.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

describe('classLiterals: strings of three characters one of which every match holds', () => {
  it('reads three atoms in a row taking few characters each, the fewest strings of an alternative', () => {
    const numbered = classLiterals('^\\s*\\d+\\.\\s')!;
    expect(numbered).toHaveLength(10 * 24);
    expect(numbered).toEqual(expect.arrayContaining(['1. ', '9.\t', '0.\u00a0', '3.\u2028']));
    const date = classLiterals('\\d{4}-\\d{2}-\\d{2}')!;
    expect(date).toHaveLength(100);
    expect(date).toContain('26-');
    expect(classLiterals('[ab][-*+][xy]')).toEqual(['a-x', 'a-y', 'a*x', 'a*y', 'a+x', 'a+y', 'b-x', 'b-y', 'b*x', 'b*y', 'b+x', 'b+y']);
    expect(classLiterals('v\\d\\.\\d+|\\d\\d:\\d')).toHaveLength(10 + 100);
    expect(classLiterals('\\bx\\b\\d\\b\\d')).toHaveLength(100);
  });

  it('gives none where an alternative has no three such atoms in a row, or too many strings', () => {
    const none = [
      '\\d\\d?\\d',
      '(\\d)\\d\\d',
      '\\d.\\d',
      '[^a]\\d\\d',
      '\\d\\d\\d',
      '\\w\\w\\w',
      '\\d\\S\\d',
      '\\d\\t\\d',
      '\\x41\\d\\d',
      '\\d\\1\\d',
      '[\\d-z]\\d\\d',
      '[a-é]\\d\\d',
      'é\\d\\d',
      '\\d\\d|\\d\\d-',
      '\\d(?=x)\\d\\d',
      '[a-z][a-z][a-z]',
      '\\d{0,2}\\d\\d',
    ];
    for (const query of none) expect(classLiterals(query), query).toBeUndefined();
  });

  it('over random regexes, every line a regex matches holds one of its strings', () => {
    let seed = 7;
    const random = (count: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % count;
    };
    const tokens = [
      '\\d',
      '\\s',
      '\\w',
      '[0-2]',
      '[-.]',
      '[a-cX]',
      '[\\d.]',
      '[^1]',
      '.',
      '1',
      'a',
      'K',
      '-',
      '\\.',
      '\\b',
      '^',
      '$',
      '?',
      '*',
      '+',
      '{2}',
      '{1,2}',
      '{4}',
      '+?',
      '(',
      ')',
      '(?:',
      '|',
      '(?=1)',
      '\\1',
    ];
    const alphabet = ['1', '2', '0', '9', ' ', '\t', '\u00a0', '\u2028', 'a', 'A', 'b', 'c', 'x', 'X', 'k', 'K', '\u212a', 's', '\u017f', '.', '-', '_'];
    const lines = Array.from({ length: 300 }, () => Array.from({ length: 1 + random(12) }, () => alphabet[random(alphabet.length)]).join(''));
    let checked = 0;
    for (let round = 0; round < 30_000; round += 1) {
      const query = Array.from({ length: 2 + random(7) }, () => tokens[random(tokens.length)]).join('');
      for (const flags of ['', 'i', 'u', 'iu']) {
        let regex: RegExp;
        try {
          regex = new RegExp(query, flags);
        } catch {
          continue;
        }
        const literals = classLiterals(query);
        if (literals === undefined) continue;
        const holds = new RegExp(literals.map(escaped).join('|'), flags.includes('i') ? 'iu' : 'u');
        for (const line of lines) {
          if (!regex.test(line)) continue;
          expect(holds.test(line), `${query} /${flags} matches ${JSON.stringify(line)}`).toBe(true);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(1_000);
  });

  it('reads a long query in one pass (10,000 characters of repeats)', () => {
    expect(classLiterals('\\d+'.repeat(3_330))).toBeUndefined();
    expect(classLiterals(`${'\\d+'.repeat(3_330)}\\.\\s`)).toHaveLength(240);
  });
});
