import { describe, expect, it } from 'vitest';
import { headingPaths } from './heading-paths.js';

/** The heading path of each line of `text` named by its 1-based number. */
const pathsAt = (text: string, ...numbers: number[]) =>
  headingPaths(
    text.split('\n'),
    numbers.map((number) => number - 1),
  );

describe('headingPaths', () => {
  const note = [
    'intro',
    '## Setup',
    'about',
    '### Linux',
    'apt install',
    '### Windows',
    'winget',
    '## Use',
    'run it',
    '# Appendix',
    'more',
    '## Notes',
    'last',
  ].join('\n');

  it('gives each line the headings it sits under, outermost first, and nothing above the first', () => {
    expect(pathsAt(note, 1, 3, 5, 7, 9, 11, 13)).toEqual([
      undefined,
      '## Setup',
      '## Setup > ### Linux',
      '## Setup > ### Windows',
      '## Use',
      '# Appendix',
      '# Appendix > ## Notes',
    ]);
  });

  it('puts a heading line under its parents, not under itself or its siblings', () => {
    expect(pathsAt(note, 2, 4, 6, 8, 12)).toEqual([undefined, '## Setup', '## Setup', undefined, '# Appendix']);
  });

  it("leaves out the title: a # heading that is the note's first heading, not a later one", () => {
    const titled = ['# Guide', 'about', '## Setup', 'apt', '# Appendix', 'more'].join('\n');
    expect(pathsAt(titled, 1, 2, 4, 5, 6)).toEqual([undefined, undefined, '## Setup', undefined, '# Appendix']);
    expect(pathsAt('## First\n# Not a title\nx', 3)).toEqual(['# Not a title']);
  });

  it('lets a deeper heading follow a shallower one without the levels between', () => {
    expect(pathsAt('## A\n#### B\nx\n### C\ny', 3, 5)).toEqual(['## A > #### B', '## A > ### C']);
  });

  it('reads ATX headings as CommonMark does: up to three spaces, a space after the #s, closing #s dropped', () => {
    const text = [
      '   ## Indented ##',
      'a',
      '#NoSpace',
      'b',
      '    ## four spaces is code',
      'c',
      '####### seven',
      'd',
      '##\tTab #not closing',
      'e',
      '###',
      'f',
    ].join('\n');
    expect(pathsAt(text, 2, 4, 6, 8, 10, 12)).toEqual([
      '## Indented',
      '## Indented',
      '## Indented',
      '## Indented',
      '## Tab #not closing',
      '## Tab #not closing > ###',
    ]);
  });

  it('ignores # lines inside code fences (``` and ~~~, closed only by the same marker, at least as long) and front matter', () => {
    const text = [
      '---',
      '## yaml comment',
      '---',
      'top',
      '```sh',
      '## a shell comment',
      '~~~',
      '```',
      'after',
      '~~~~',
      '## inside',
      '~~~',
      '```',
      '~~~~',
      '## Real',
      'x',
    ].join('\n');
    expect(pathsAt(text, 4, 9, 11, 16)).toEqual([undefined, undefined, undefined, '## Real']);
  });

  it('takes a backtick line with a backtick after it as inline code, not a fence', () => {
    expect(pathsAt('```code``` here\n## H\nx', 3)).toEqual(['## H']);
  });

  it('cuts a heading past 60 characters, never inside an astral character', () => {
    expect(pathsAt(`## ${'a'.repeat(59)}😀${'b'.repeat(100)}\nx`, 2)).toEqual([`## ${'a'.repeat(59)}…`]);
    expect(pathsAt(`## ${'c'.repeat(61)}\nx`, 2)).toEqual([`## ${'c'.repeat(60)}…`]);
    expect(pathsAt(`## ${'d'.repeat(60)}\nx`, 2)).toEqual([`## ${'d'.repeat(60)}`]);
  });

  it('reads hostile lines of a million spaces or backticks in linear time', () => {
    // The backtick line opens a fence (its info string holds no backtick): what follows is code under `## x`.
    const lines = [`##${' '.repeat(1_000_000)}x`, `${'`'.repeat(1_000_000)}\r!`, 'y', '## not a heading', 'z'];
    expect(headingPaths(lines, [2, 4])).toEqual(['## x', '## x']);
  });
});
