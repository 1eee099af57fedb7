import { describe, expect, it } from 'vitest';
import { seenJson, seenLines, seenLinesByFile, seenPaths, seenText } from './seen-lines.js';

const lines = (entries: [number, string, boolean][]) => new Map(entries.map(([number, text, match]) => [number, { text, match }]));

describe('seenLinesByFile', () => {
  it('reads numbered lines from text, under the path line above them', () => {
    const seen = 'a/x.md\n1- before\n2: hit\n--\nb/y.md:\n5: other\n[2 matching lines in 2 files]';
    expect(seenLinesByFile(seen)).toEqual(
      new Map([
        [
          'a/x.md',
          lines([
            [1, 'before', false],
            [2, 'hit', true],
          ]),
        ],
        ['b/y.md', lines([[5, 'other', true]])],
      ]),
    );
  });

  it('reads numbered lines from JSON objects under the nearest path', () => {
    const seen = JSON.stringify({
      files: [
        {
          path: 'a/x.md',
          lines: [
            { number: 1, text: 'before', match: false },
            { number: 2, text: '3: hit' },
          ],
        },
      ],
    });
    expect(seenLinesByFile(seen)).toEqual(
      new Map([
        [
          'a/x.md',
          lines([
            [1, 'before', false],
            [2, '3: hit', true],
          ]),
        ],
      ]),
    );
  });
});

describe('seenLines', () => {
  it('keeps empty lines and leaves out the metadata line', () => {
    expect(seenLines('10: a\n11: \n[x.md | totalLines: 11]')).toEqual(
      lines([
        [10, 'a', true],
        [11, '', true],
      ]),
    );
  });
});

describe('seenText and seenJson', () => {
  it('gives the strings of JSON, and text as it is', () => {
    expect(seenText('{"content":"raw\\ntext","count":2}')).toBe('raw\ntext');
    expect(seenText('{ not JSON')).toBe('{ not JSON');
    expect(seenJson('3 files')).toBeUndefined();
  });
});

describe('seenPaths', () => {
  it('finds .md paths and names in text and in JSON strings', () => {
    expect(seenPaths('a/x.md: 2\n[FILE] y.md\nz.md 1019')).toEqual(['a/x.md', 'y.md', 'z.md']);
    expect(seenPaths('{"files":[{"path":"a/x.md","matches":1}]}')).toEqual(['a/x.md']);
  });
});
