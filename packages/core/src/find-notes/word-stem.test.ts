import { describe, expect, it } from 'vitest';
import { wordStem } from './word-stem.js';

describe('wordStem', () => {
  it('cuts one English ending, so that the forms of a word share a stem', () => {
    const stems = (words: string) => words.split(' ').map((word) => wordStem(word) ?? '-');
    expect(stems('configuring configured configures configure configuration configurations')).toEqual([
      'configur',
      'configur',
      'configur',
      'configur',
      'configur',
      'configur',
    ]);
    expect(stems('libraries processes matches boxes headers debugging mapped installed uses')).toEqual([
      'librar',
      'process',
      'match',
      'box',
      'header',
      'debug',
      'map',
      'install',
      'use',
    ]);
  });

  it('leaves words with no such ending, stems too short to say much, and words not of a-z', () => {
    const stems = (words: string) => words.split(' ').map((word) => wordStem(word) ?? '-');
    expect(stems('status analysis class pointer use using used type ring need std café x64 its abs')).toEqual('- - - - - - - - - - - - - - -'.split(' '));
  });
});
