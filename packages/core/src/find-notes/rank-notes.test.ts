import { describe, expect, it } from 'vitest';
import { analyzeNote } from './analyze-note.js';
import { parseFindQuery } from './parse-find-query.js';
import { rankNotes } from './rank-notes.js';
import { createTermDictionary } from './term-dictionary.js';

/** Ranks notes given as path -> text (sorted by path, as a walk gives them): their paths, best first, with the best section's first line. */
function rank(query: string, notes: Record<string, string>) {
  const dictionary = createTermDictionary();
  const analyzed = Object.entries(notes)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, text]) => analyzeNote(path, text, dictionary));
  return rankNotes(parseFindQuery(query), analyzed, dictionary).notes.map(({ note, section }) => `${note.path}:${note.sections[section]!.start}`);
}

describe('rankNotes', () => {
  it('puts a word in the name or title above the same word in a body, and a rarer word above a common one', () => {
    expect(rank('budget', { 'a.md': 'the budget is here, with more words around it\n', 'b/budget.md': 'plan\n', 'c.md': '# Budget\nplan\n' })).toEqual([
      'b/budget.md:1',
      'c.md:1',
      'a.md:1',
    ]);
    const common = { 'x.md': 'plan\n', 'y.md': 'plan\n', 'z.md': 'plan\n' };
    expect(rank('plan zebra', { ...common, 'p.md': 'plan plan plan\n', 'q.md': 'zebra\n' })[0]).toBe('q.md:1');
  });

  it('finds longer words a query word begins, below the word itself, and not from a word of two letters', () => {
    const notes = { 'a.md': 'reconfiguration\n', 'b.md': 'reconfig\n', 'c.md': 'unrelated\n' };
    expect(rank('reconfig', notes)).toEqual(['b.md:1', 'a.md:1']);
    expect(rank('re', { 'a.md': 'reconfig\n', 'b.md': 're\n' })).toEqual(['b.md:1']);
  });

  it("ranks a question by its subject: a title's stop words lift nothing, and a question of stop words only ranks by them", () => {
    const notes = { 'how-to-cook.md': '# How to cook\nwhat the pan does\n', 'pointers.md': '# Pointers\nthey point\n', 'band.md': '# The Who\nmusic\n' };
    expect(rank('how do pointers work?', notes)).toEqual(['pointers.md:1']);
    // A stop word finds itself only: not `they` (in pointers.md) for `the`.
    expect(rank('the who', notes)).toEqual(['band.md:1', 'how-to-cook.md:1']);
    // A word no note holds sinks nothing.
    expect(rank('what are quasipointers or pointers', notes)).toEqual(['pointers.md:1']);
  });

  it('finds the other forms of a word with an English ending, through its stem, below the word itself', () => {
    const notes = { 'a.md': 'configure\n', 'b.md': 'configuration\n', 'c.md': 'config\n', 'd.md': 'configuring\n', 'e.md': 'configures\n' };
    expect(rank('configuring', notes)).toEqual(['d.md:1', 'a.md:1', 'b.md:1', 'e.md:1']);
    expect(rank('libraries', { 'a.md': 'library\n', 'b.md': 'libraries\n', 'c.md': 'librarian\n' })).toEqual(['b.md:1', 'a.md:1', 'c.md:1']);
    // The stem itself, when a note holds it.
    expect(rank('pointers', { 'a.md': 'pointer\n', 'b.md': 'pointers\n', 'c.md': 'point\n' })).toEqual(['b.md:1', 'a.md:1']);
    // No ending: the longer words it begins only, as before.
    expect(rank('pointer', { 'a.md': 'pointers\n', 'b.md': 'point\n' })).toEqual(['a.md:1']);
  });

  it("finds a daily note by the date its name says: its month's name, and an ordinal's number", () => {
    const notes = {
      'daily/2026-11-02.md': 'call about the lease\n',
      'daily/2026-11-20.md': 'finished the walls\n',
      'daily/2026-12-20.md': 'rain\n',
      'recipes/loaf.md': 'bake for 20 minutes\n',
    };
    expect(rank('what did I do on the 20th of November', notes)[0]).toBe('daily/2026-11-20.md:1');
    expect(rank('November 2nd', notes)[0]).toBe('daily/2026-11-02.md:1');
    // Without a date, the ordinal finds its number anywhere, below a name that holds it.
    expect(rank('20th', notes)).toEqual(['daily/2026-11-20.md:1', 'daily/2026-12-20.md:1', 'recipes/loaf.md:1']);
  });

  it('names the section that holds the words, and orders equal scores by path', () => {
    expect(rank('linux install', { 'n.md': '# Setup\n## Windows\nclick\n## Linux\nrun the install\n' })).toEqual(['n.md:4']);
    expect(rank('same', { 'b.md': 'same\n', 'a.md': 'same\n', 'c.md': 'same\n' })).toEqual(['a.md:1', 'b.md:1', 'c.md:1']);
  });

  it('needs every word of a phrase, none excluded, and the tags asked for; a tag alone lists its notes by path', () => {
    const notes = { 'a.md': '#work alpha beta\n', 'b.md': '---\ntags: work/sub\n---\nalpha\n', 'c.md': 'beta\n' };
    expect(rank('"alpha beta"', notes)).toEqual(['a.md:1']);
    expect(rank('alpha -beta', notes)).toEqual(['b.md:1']);
    expect(rank('tag:work', notes)).toEqual(['a.md:1', 'b.md:1']);
    expect(rank('tag:work/sub', notes)).toEqual(['b.md:1']);
    expect(rank('beta -tag:work', notes)).toEqual(['c.md:1']);
    expect(rank('"gamma"', notes)).toEqual([]);
  });

  it('[large input] answers a query whose longer forms occur over two million times: those forms yield, the words themselves count', () => {
    const letters = 'abcdefghijklmnopqrst';
    const words = (word: string) => [word, ...[...letters].map((letter) => word + letter)].join(' ');
    const dictionary = createTermDictionary();
    const text = `${words('alpha')} ${words('bravo')}\n`;
    const notes = Array.from({ length: 50_000 }, (_, index) => analyzeNote(`n${String(index).padStart(5, '0')}.md`, text, dictionary));
    const ranking = rankNotes(parseFindQuery('alpha bravo'), notes, dictionary, { best: 3 });
    expect(ranking.total).toBe(50_000);
    expect(ranking.notes.map(({ note }) => note.path)).toEqual(['n00000.md', 'n00001.md', 'n00002.md']);
    // The words themselves past the bound (42 words in each of 50,000 notes): refused, with what to do.
    expect(() => rankNotes(parseFindQuery(`${words('alpha')} ${words('bravo')}`), notes, dictionary, { best: 3 })).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message:
          "The query's words occur more than 2,097,152 times in the notes searched. Use fewer or rarer words, or narrow it with `directoryPath` or `filePattern`.",
      }),
    );
  });

  it('gives the same best notes and count with `best` as the whole ranking, when common and rare words mix over many sections', () => {
    const dictionary = createTermDictionary();
    const words = ['the', 'of', 'widget', 'config', 'configuration', 'rare', 'zebra', 'alpha'];
    let state = 7;
    const pick = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      // Skewed: the first words often, the last seldom.
      return words[Math.min(words.length - 1, Math.floor(-Math.log(1 - (state % 1000) / 1000) * 1.5))]!;
    };
    const notes = Array.from({ length: 400 }, (_, at) => {
      const sections = Array.from({ length: 1 + (at % 9) }, (_, section) => `## ${pick()} ${section}\n${Array.from({ length: 1 + (at % 5) }, pick).join(' ')}`);
      return analyzeNote(`n${String(at).padStart(3, '0')}.md`, `# ${pick()}\n${sections.join('\n')}\n`, dictionary);
    });
    for (const query of ['the zebra', 'of the', 'config widget rare', 'alpha', 'the of widget config zebra alpha rare']) {
      const whole = rankNotes(parseFindQuery(query), notes, dictionary);
      const sameBest = (ranking: typeof whole) => ranking.notes.map(({ note, score, section }) => [note.path, score, section]);
      for (const best of [1, 5, 10]) {
        const ranking = rankNotes(parseFindQuery(query), notes, dictionary, { best });
        expect(sameBest(ranking), `${query}, best ${best}`).toEqual(sameBest(whole).slice(0, best));
        expect(ranking.total).toBe(whole.total);
      }
    }
  });
});
