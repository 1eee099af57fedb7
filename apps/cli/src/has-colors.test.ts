import { WriteStream } from 'node:tty';
import { describe, expect, it } from 'vitest';
import { hasColors } from './has-colors.js';

// Node's own colour detection of a terminal, on a plain object: what a terminal's WriteStream does.
const terminal = { isTTY: true, hasColors: WriteStream.prototype.hasColors, getColorDepth: WriteStream.prototype.getColorDepth };
const pipe = { isTTY: false };
const term = 'xterm-256color';

describe('hasColors', () => {
  it.each([
    ['a terminal', terminal, { TERM: term }, true],
    ['a terminal with an empty NO_COLOR', terminal, { TERM: term, NO_COLOR: '' }, true],
    ['a terminal with an empty CI (Node 22 reads a CI variable as set even when empty)', terminal, { TERM: term, CI: '' }, true],
    ['a terminal with NO_COLOR=1', terminal, { TERM: term, NO_COLOR: '1' }, false],
    ['a dumb terminal', terminal, { TERM: 'dumb' }, false],
    ['a terminal with an empty FORCE_COLOR and NO_COLOR=1', terminal, { TERM: term, FORCE_COLOR: '', NO_COLOR: '1' }, false],
    ['a terminal with FORCE_COLOR=0', terminal, { TERM: term, FORCE_COLOR: '0' }, false],
    ['a terminal with FORCE_COLOR=false', terminal, { TERM: term, FORCE_COLOR: 'false' }, false],
    ['a pipe', pipe, { TERM: term, CI: 'true' }, false],
    ['a pipe with an empty FORCE_COLOR', pipe, { TERM: term, FORCE_COLOR: '' }, false],
    ['a pipe with FORCE_COLOR=1', pipe, { FORCE_COLOR: '1', NO_COLOR: '1' }, true],
  ])('%s: %s', (_, stream, env, expected) => {
    expect(hasColors(stream, env)).toBe(expected);
  });
});
