import { describe, expect, it } from 'vitest';
import { analyzeNote } from './analyze-note.js';
import { termCounts } from './note-terms.js';
import { createTermDictionary } from './term-dictionary.js';

function analyze(path: string, text: string) {
  const dictionary = createTermDictionary();
  const note = analyzeNote(path, text, dictionary);
  const counts = (word: string) => {
    const id = dictionary.get(word);
    return id === undefined ? undefined : termCounts(note.terms!, id);
  };
  return { note, counts };
}

describe('analyzeNote', () => {
  const text = [
    '---', // 1
    'title: Team Handbook',
    'tags: [people, "#process/hiring"]',
    'aliases: handbook',
    'description: How we work',
    '---', // 6
    '# Handbook', // 7
    'Intro with #inline-tag.',
    '## Setup', // 9
    '```',
    '# not a heading #nottag',
    '```',
    '### Linux', // 13
    'apt install work',
  ].join('\n');

  it('reads the fields: name, folders, title and tags from front matter, other values as body, sections by heading with their heading paths', () => {
    const { note, counts } = analyze('docs/guides/team-handbook.md', text);
    expect(note.title).toBe('Team Handbook');
    expect(note.tags.sort()).toEqual(['inline-tag', 'people', 'process/hiring']);
    expect(note.sections).toEqual([
      { heading: undefined, start: 1, end: 6, offset: 0, headingLength: 0, bodyLength: 3 },
      { heading: undefined, start: 7, end: 8, offset: text.indexOf('# Handbook'), headingLength: 0, bodyLength: 4 },
      { heading: '## Setup', start: 9, end: 12, offset: text.indexOf('## Setup'), headingLength: 1, bodyLength: 4 },
      { heading: '## Setup > ### Linux', start: 13, end: 14, offset: text.indexOf('### Linux'), headingLength: 2, bodyLength: 3 },
    ]);
    expect(note.textLength).toBe(text.length);
    // [name, folders, title, tags] then [section, heading, body] per section.
    expect(counts('handbook')).toEqual({ fields: [1, 0, 1, 1], sections: [] });
    expect(counts('guides')).toEqual({ fields: [0, 1, 0, 0], sections: [] });
    expect(counts('work')).toEqual({
      fields: [0, 0, 0, 0],
      sections: [
        [0, 0, 1],
        [3, 0, 1],
      ],
    });
    expect(counts('setup')).toEqual({
      fields: [0, 0, 0, 0],
      sections: [
        [2, 1, 0],
        [3, 1, 0],
      ],
    });
    expect(counts('heading')).toEqual({ fields: [0, 0, 0, 0], sections: [[2, 0, 1]] });
    expect(counts('hiring')).toEqual({ fields: [0, 0, 0, 1], sections: [] });
  });

  it('reads a malformed front matter block as body text, and takes the first # heading as the title', () => {
    const { note, counts } = analyze('a.md', '---\ntitle: [unclosed\n---\n# Real Title\nbody\n');
    expect(note.title).toBe('Real Title');
    expect(note.sections[0]).toEqual({ heading: undefined, start: 1, end: 3, offset: 0, headingLength: 0, bodyLength: 2 });
    expect(counts('unclosed')).toEqual({ fields: [0, 0, 0, 0], sections: [[0, 0, 1]] });
  });

  it('reads an empty note, a note of one long line, and CRLF line endings', () => {
    expect(analyze('e.md', '').note.sections).toEqual([{ heading: undefined, start: 1, end: 1, offset: 0, headingLength: 0, bodyLength: 0 }]);
    expect(analyze('l.md', 'word '.repeat(100_000)).note.bodyLength).toBe(100_000);
    expect(analyze('c.md', '# T\r\n## S\r\nx\r\n').note.sections.map((section) => [section.heading, section.start, section.end, section.offset])).toEqual([
      [undefined, 1, 1, 0],
      ['## S', 2, 3, 5],
    ]);
  });
});
