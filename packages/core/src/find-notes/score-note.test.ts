import { describe, expect, it } from 'vitest';
import { analyzeNote } from './analyze-note.js';
import { termIndex } from './note-terms.js';
import { addHit, createHits, createNoteScorer, formImpact, saturated } from './score-note.js';
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
