import { describe, expect, it } from 'vitest';
import { findQueryText, parseFindQuery } from './parse-find-query.js';

describe('parseFindQuery', () => {
  it('reads words, phrases, exclusions and tags, folded as notes are', () => {
    expect(parseFindQuery('Indexing "Release Process" -draft -"old plan" tag:Project/Alpha -tag:#archive')).toEqual({
      words: ['indexing', 'release', 'process'],
      phrases: [['release', 'process']],
      excluded: [['draft'], ['old', 'plan']],
      tags: ['project/alpha'],
      excludedTags: ['archive'],
    });
  });

  it('reads an unclosed quote as a phrase to the end, a quoted word as a word that must be there, and punctuation as a separator', () => {
    expect(parseFindQuery('buddy "new hire')).toMatchObject({ words: ['buddy', 'new', 'hire'], phrases: [['new', 'hire']] });
    expect(parseFindQuery('"buddy"')).toMatchObject({ words: ['buddy'], phrases: [['buddy']] });
    expect(parseFindQuery('^(std::vector|a+)$ - --')).toMatchObject({ words: ['std', 'vector', 'a'], phrases: [], excluded: [] });
    expect(parseFindQuery('tag:people')).toMatchObject({ words: [], tags: ['people'] });
  });

  it('refuses nothing to find, only exclusions, an empty tag, and queries too long, with INVALID_ARGUMENT and the syntax', () => {
    for (const query of ['', '   ', '\u0000\u0007', '-draft', '-"old plan" -tag:x', '"" ++']) {
      expect(() => parseFindQuery(query), query).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('"quoted phrases"') }),
      );
    }
    expect(() => parseFindQuery('a tag:')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('tag:NAME') }));
    expect(() => parseFindQuery('tag:///')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => parseFindQuery('word '.repeat(10_000))).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('over 1000') }),
    );
    expect(() => parseFindQuery('a '.repeat(65))).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: 'The query holds 65 words, over 64. Keep the few that matter (words, "quoted phrases", -excluded words and tag:NAME).',
      }),
    );
    expect(parseFindQuery('a '.repeat(64)).words).toEqual(['a']);
  });

  it('leaves out the stop words of a question while another word ranks, and keeps them in names, in quotes, and when they are all there is', () => {
    expect(parseFindQuery('How do I configure the linker?').words).toEqual(['configure', 'linker']);
    expect(parseFindQuery("what's new in my notes").words).toEqual(['new', 'notes']);
    expect(parseFindQuery("what doesn't work").words).toEqual(['work']);
    expect(parseFindQuery('What do my notes say about onboarding? What does LNK2019 mean?').words).toEqual(['notes', 'onboarding', 'lnk2019']);
    // All stop words: the thing asked.
    expect(parseFindQuery('The Who').words).toEqual(['the', 'who']);
    expect(parseFindQuery('what is it?').words).toEqual(['what', 'is', 'it']);
    // Parts of a name, not prose.
    expect(parseFindQuery('vprintf_s is_pointer I/O').words).toEqual(['vprintf', 's', 'is', 'pointer', 'i', 'o']);
    // Quoted: asked for as written.
    expect(parseFindQuery('"the who" band')).toMatchObject({ words: ['the', 'who', 'band'], phrases: [['the', 'who']] });
    expect(parseFindQuery('"how" to')).toMatchObject({ words: ['how'], phrases: [['how']] });
    // Still counted against the bound.
    expect(() => parseFindQuery(`${'the '.repeat(64)}zebra`)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});

describe('findQueryText: what a query asks for, to embed', () => {
  it('keeps its words and phrases as written, and leaves out every excluded word or phrase and every tag', () => {
    expect(findQueryText('car -"is red"')).toBe('car');
    expect(findQueryText('"red car" -draft tag:project -tag:old Bread')).toBe('red car Bread');
    expect(findQueryText('-"a b c" "tag:x" -"unclosed car')).toBe('tag:x');
  });
});
