import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AnalyzedNote, analyzeNote } from './analyze-note.js';
import { termCounts, termIndex } from './note-terms.js';
import { addHit, type Averages, createHits, createNoteScorer, formImpact, saturated } from './score-note.js';
import { createTermDictionary } from './term-dictionary.js';

describe('the hits of a note', () => {
  it('grow as found, past their first size', () => {
    const hits = createHits();
    for (let hit = 0; hit < 3000; hit += 1) addHit(hits, hit, 0.5, new Uint32Array(2), 0, 2);
    expect([hits.count, hits.word[2999], hits.weight[2999], hits.to[2999]]).toEqual([3000, 2999, 0.5, 2]);
  });
});

describe('the note scorer', () => {
  it('scores a note the same on its first call, while its scratch space grows, as on the next', () => {
    const dictionary = createTermDictionary();
    // Five sections hold the word: the fifth, three times, is the best; the scratch space starts with room for four.
    const text = ['# one\nzebra', '# two\nzebra', '# three\nzebra', '# four\nzebra', '# five\nzebra zebra zebra'].join('\n');
    const note = analyzeNote('n.md', `${text}\n`, dictionary);
    const terms = note.terms!;
    const at = termIndex(terms, dictionary.get('zebra')!)!;
    const hits = createHits();
    addHit(hits, 0, 1, terms.counts, terms.offsets[at]!, terms.offsets[at + 1]!);
    const averages = { fields: [1, 1, 1, 1], heading: 1, body: 1, noteBody: 8 };
    const scorer = createNoteScorer(1, [1], averages);
    const first = scorer.score(note, hits);
    expect(note.sections[first.section]!.heading).toBe('# five');
    expect(scorer.score(note, hits)).toEqual(first);
    // Its impact bounds its score, and is its weight when one word sits in one section apart from the rest.
    const impact = formImpact(note, terms.counts, terms.offsets[at]!, terms.offsets[at + 1]!, averages);
    expect(saturated(1, impact)).toBeGreaterThanOrEqual(first.score);
    expect(saturated(1, impact)).toBeCloseTo(first.score, 12);
  });
});

/**
 * BM25F by section written out plainly (decision 0017): per query word, its forms' counts (times
 * their weights) in the note's fields, whole body, and each section's heading path and body; a
 * section's score the sum over the words the note holds, in query order, of idf times the
 * saturation of the word's field and whole-body weight plus its weight in that section; the best
 * section the highest, the earlier on a tie, the first section always competing.
 */
function plainScore(note: AnalyzedNote, words: { id: number; weight: number }[][], idf: number[], averages: Averages) {
  const normalised = (count: number, length: number, average: number, b: number) => (average > 0 ? count / (1 - b + (b * length) / average) : count);
  const fieldWeights = [4, 1, 4, 3];
  const held = words.map((forms) => {
    const fields = [0, 0, 0, 0];
    const sections = new Map<number, [number, number]>();
    let body = 0;
    let holds = false;
    for (const { id, weight } of forms) {
      const counts = termCounts(note.terms!, id);
      if (!counts) continue;
      holds = true;
      counts.fields.forEach((count, field) => {
        fields[field]! += weight * count;
      });
      for (const [section, heading, inBody] of counts.sections) {
        const [h, b] = sections.get(section) ?? [0, 0];
        sections.set(section, [h + weight * heading, b + weight * inBody]);
        body += weight * inBody;
      }
    }
    let shared = 0;
    fields.forEach((count, field) => {
      if (count > 0) shared += fieldWeights[field]! * normalised(count, note.fieldLengths[field]!, averages.fields[field]!, 0.5);
    });
    return { holds, sections, shared: shared + 0.5 * normalised(body, note.bodyLength, averages.noteBody, 0.75) };
  });
  const sectionScore = (section: number) =>
    held.reduce((score, { holds, sections, shared }, word) => {
      if (!holds) return score;
      const [heading, body] = sections.get(section) ?? [0, 0];
      const { headingLength, bodyLength } = note.sections[section]!;
      const inSection = 2 * normalised(heading, headingLength, averages.heading, 0.5) + normalised(body, bodyLength, averages.body, 0.75);
      return score + saturated(idf[word]!, shared + inSection);
    }, 0);
  const touched = [0, ...new Set(held.flatMap(({ sections }) => [...sections.keys()]))].sort((a, b) => a - b);
  let best = { score: sectionScore(0), section: 0 };
  for (const section of touched) if (sectionScore(section) > best.score) best = { score: sectionScore(section), section };
  return best;
}

describe('the note scorer, against BM25F by section written out plainly', () => {
  const vocabulary = ['index', 'indexing', 'plan', 'zebra', 'linux', 'setup', 'week', 'note'];
  const line = fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 6 }).map((picked) => picked.join(' '));
  const text = fc
    .record({
      title: fc.option(line, { nil: undefined }),
      sections: fc.array(fc.record({ level: fc.integer({ min: 2, max: 3 }), heading: line, lines: fc.array(line, { maxLength: 4 }) }), { maxLength: 8 }),
      before: fc.array(line, { maxLength: 3 }),
    })
    .map(({ title, sections, before }) =>
      [
        ...(title === undefined ? [] : [`# ${title}`]),
        ...before,
        ...sections.flatMap(({ level, heading, lines }) => [`${'#'.repeat(level)} ${heading}`, ...lines]),
      ].join('\n'),
    );
  // Per query word, its forms: a word of the vocabulary at weight 1 or 0.5; a word may have none the note holds.
  const query = fc.array(
    fc.array(fc.record({ word: fc.constantFrom(...vocabulary, 'missing'), weight: fc.constantFrom(1, 0.5) }), { minLength: 1, maxLength: 3 }),
    {
      minLength: 1,
      maxLength: 5,
    },
  );
  const average = fc.double({ min: 0.5, max: 20, noNaN: true });
  const averages = fc.record({ fields: fc.array(average, { minLength: 4, maxLength: 4 }), heading: average, body: average, noteBody: average });

  it('gives the same score, to the last bit, and the same best section, on random notes and queries', () => {
    fc.assert(
      fc.property(
        text,
        query,
        averages,
        fc.array(fc.double({ min: 0.01, max: 8, noNaN: true }), { minLength: 5, maxLength: 5 }),
        (noteText, picked, averagesNow, idf) => {
          const dictionary = createTermDictionary();
          const note = analyzeNote('n.md', noteText, dictionary);
          const words = picked.map((forms) => forms.map(({ word, weight }) => ({ id: dictionary.add(word), weight })));
          const hits = createHits();
          words.forEach((forms, word) => {
            for (const { id, weight } of forms) {
              const at = termIndex(note.terms!, id);
              if (at !== undefined) addHit(hits, word, weight, note.terms!.counts, note.terms!.offsets[at]!, note.terms!.offsets[at + 1]!);
            }
          });
          const found = createNoteScorer(words.length, idf, averagesNow).score(note, hits);
          const expected = plainScore(note, words, idf, averagesNow);
          expect(found.section).toBe(expected.section);
          expect(found.score).toBe(expected.score);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
