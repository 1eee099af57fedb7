import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AnalyzedNote, analyzeNote } from './analyze-note.js';
import { createNoteIndex } from './note-index.js';
import { parseFindQuery } from './parse-find-query.js';
import { rankNotes } from './rank-notes.js';
import { createTermDictionary } from './term-dictionary.js';

const vocabulary = [
  'index',
  'indexing',
  'indexer',
  'plan',
  'planning',
  'zebra',
  'linux',
  'setup',
  'café',
  'cafe',
  'week',
  'note',
  'notes',
  'al',
  'alpha',
  'how',
  'the',
];
const word = fc.constantFrom(...vocabulary);
const words = (most: number) => fc.array(word, { minLength: 1, maxLength: most }).map((picked) => picked.join(' '));

/** A note's text: maybe front matter tags, then sections of a heading (any level) and lines of words. */
const noteText = fc
  .record({
    tags: fc.array(word, { maxLength: 2 }),
    sections: fc.array(fc.record({ level: fc.integer({ min: 1, max: 3 }), heading: words(3), lines: fc.array(words(8), { maxLength: 4 }) }), { maxLength: 5 }),
    before: fc.array(words(6), { maxLength: 2 }),
  })
  .map(({ tags, sections, before }) =>
    [
      ...(tags.length > 0 ? [`---\ntags: [${tags.join(', ')}]\n---`] : []),
      ...before,
      ...sections.flatMap(({ level, heading, lines }) => [`${'#'.repeat(level)} ${heading}`, ...lines]),
    ].join('\n'),
  );

// Stop words (`how`, `the`) and words with an ending whose stem finds other forms (`notes`, `indexing`, `planned`) among them.
const queryWord = fc.constantFrom(
  'index',
  'ind',
  'plan',
  'zebra',
  'linux',
  'cafe',
  'note',
  'al',
  'alpha',
  'week',
  'setup',
  'missing',
  'how',
  'the',
  'notes',
  'indexing',
  'planned',
);
const query = fc
  .tuple(fc.array(queryWord, { minLength: 1, maxLength: 4 }), fc.constantFrom('', ' -linux', ' tag:note', ' -tag:zebra', ' "plan week"'))
  .map(([picked, extra]) => `${picked.join(' ')}${extra}`);

/** A vault's history: notes written, the index settled after some of them, then some changed and some removed. */
const history = fc.record({
  notes: fc.array(fc.tuple(fc.constantFrom('a', 'b', 'a/c'), noteText), { minLength: 1, maxLength: 40 }),
  settleAfter: fc.integer({ min: 0, max: 40 }),
  changed: fc.array(fc.tuple(fc.nat(), noteText), { maxLength: 8 }),
  removed: fc.array(fc.nat(), { maxLength: 6 }),
  scope: fc.constantFrom('', 'a/', 'b/'),
  best: fc.constantFrom(1, 3, 10),
});

describe('the fast ranking', () => {
  it('gives the best notes, their scores and sections, and the count of the plain ranking (every note scored, no index), on random vaults', () => {
    fc.assert(
      fc.property(history, fc.array(query, { minLength: 1, maxLength: 4 }), ({ notes, settleAfter, changed, removed, scope, best }, queries) => {
        const dictionary = createTermDictionary();
        const index = createNoteIndex();
        const texts = new Map(notes.map(([folder, text], at) => [`${folder}/n${String(at).padStart(2, '0')}.md`, text]));
        const kept = new Map<string, AnalyzedNote>();
        const write = (path: string, text: string) => {
          const old = kept.get(path);
          if (old) index.remove(old);
          texts.set(path, text);
          kept.set(path, analyzeNote(path, text, dictionary));
          index.add(kept.get(path)!);
        };
        [...texts].forEach(([path, text], at) => {
          write(path, text);
          if (at + 1 === settleAfter) index.settle();
        });
        const paths = [...texts.keys()];
        for (const [at, text] of changed) write(paths[at % paths.length]!, text);
        for (const at of removed) {
          const path = paths[at % paths.length]!;
          if (kept.has(path)) index.remove(kept.get(path)!);
          kept.delete(path);
        }
        const inScope = [...kept.keys()].filter((path) => path.startsWith(scope)).sort();
        const indexed = inScope.map((path) => kept.get(path)!);
        const plain = inScope.map((path) => analyzeNote(path, texts.get(path)!, dictionary));
        for (const text of queries) {
          const parsed = parseFindQuery(text);
          const expected = rankNotes(parsed, plain, dictionary);
          const found = rankNotes(parsed, indexed, dictionary, { index, best });
          expect(found.total, text).toBe(expected.total);
          const shown = (ranking: typeof found) => ranking.notes.map(({ note, section }) => [note.path, section]);
          expect(shown(found), text).toEqual(shown(expected).slice(0, best));
          for (const [at, { score }] of found.notes.entries()) expect(Math.abs(score - expected.notes[at]!.score)).toBeLessThanOrEqual(1e-9 * score);
        }
      }),
      { numRuns: 300 },
    );
  });
});
