import { describe, expect, it } from 'vitest';
import { type AnalyzedNote, analyzeNote } from './analyze-note.js';
import { createNoteIndex } from './note-index.js';
import { parseFindQuery } from './parse-find-query.js';
import { rankNotes } from './rank-notes.js';
import { createTermDictionary } from './term-dictionary.js';

const vocabulary = ['index', 'indexing', 'budget', 'plan', 'zebra', 'linux', 'install', 'setup', 'onboarding', 'buddy', 'laptop', 'week', 'café', 'note'];

/** A note made of words picked by a small generator from `seed`: headings, tags and bodies of several sections. */
function noteText(seed: number): string {
  let state = seed * 7919 + 13;
  const word = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return vocabulary[state % vocabulary.length]!;
  };
  const lines = [`---\ntags: [${word()}]\n---`, `# ${word()} ${word()}`];
  for (let section = 0; section < 1 + (seed % 4); section += 1) lines.push(`## ${word()}`, `${word()} ${word()} ${word()} #${word()}`, word());
  return `${lines.join('\n')}\n`;
}

const queries = ['index', 'budget plan', 'zebra -linux', '"linux install"', 'tag:buddy setup', 'cafe week note', 'ind', 'nothing'];

describe('the note index', () => {
  it('ranks as the notes ranked one by one do, after merges, removals and notes analysed again', () => {
    const dictionary = createTermDictionary();
    const paths = Array.from({ length: 600 }, (_, at) => `folder${at % 5}/note${String(at).padStart(4, '0')}.md`).sort();
    const analyse = (path: string, version: number) => analyzeNote(path, noteText(Number(path.slice(-7, -3)) + version * 1000), dictionary);
    const index = createNoteIndex();
    const kept = new Map<string, AnalyzedNote>();
    for (const path of paths) {
      kept.set(path, analyse(path, 0));
      index.add(kept.get(path)!);
    }
    // Every third note changes (removed, analysed again, added); every seventh is removed.
    for (const [at, path] of paths.entries()) {
      if (at % 3 !== 0 && at % 7 !== 0) continue;
      index.remove(kept.get(path)!);
      kept.delete(path);
      if (at % 7 === 0) continue;
      kept.set(path, analyse(path, 1));
      index.add(kept.get(path)!);
    }
    const indexed = [...kept.values()];
    expect(indexed.filter((note) => note.terms === undefined).length).toBeGreaterThan(300);
    const oneByOne = [...kept.keys()].map((path) => analyse(path, paths.indexOf(path) % 3 === 0 ? 1 : 0));
    for (const query of queries) {
      const expected = rankNotes(parseFindQuery(query), oneByOne, dictionary).notes.map(({ note, score, section }) => [note.path, score, section]);
      const found = rankNotes(parseFindQuery(query), indexed, dictionary, { index }).notes.map(({ note, score, section }) => [note.path, score, section]);
      expect(found, query).toEqual(expected);
      // Only the best asked for: the first of the whole ranking (ties by path), and the whole count.
      for (const best of [1, 3, 10]) {
        const ranking = rankNotes(parseFindQuery(query), indexed, dictionary, { index, best });
        expect(
          ranking.notes.map(({ note, score, section }) => [note.path, score, section]),
          `${query}, best ${best}`,
        ).toEqual(expected.slice(0, best));
        expect(ranking.total).toBe(expected.length);
      }
    }
    expect(rankNotes(parseFindQuery('zebra'), indexed, dictionary, { index }).total).toBeGreaterThan(100);
  });

  it('finds a merged note by its words, and no longer once removed', () => {
    const dictionary = createTermDictionary();
    const index = createNoteIndex();
    const notes = Array.from({ length: 200 }, (_, at) =>
      analyzeNote(`n${String(at).padStart(3, '0')}.md`, at === 100 ? '# Zebra\nstripes\n' : 'plain\n', dictionary),
    );
    for (const note of notes) index.add(note);
    expect(notes[100]!.terms).toBeUndefined();
    expect(rankNotes(parseFindQuery('zebra stripes'), notes, dictionary, { index }).notes.map(({ note, section }) => [note.path, section])).toEqual([
      ['n100.md', 0],
    ]);
    index.remove(notes[100]!);
    expect(rankNotes(parseFindQuery('zebra stripes'), notes, dictionary, { index })).toEqual({ notes: [], total: 0 });
    expect(index.ordinals).toBeGreaterThan(0);
  });
});
