import type { AnalyzedNote } from './analyze-note.js';
import { cosine } from './embeddings.js';
import type { RankedNote, Ranking } from './rank-notes.js';
import type { SectionVectors } from './section-vectors.js';

/** Reciprocal rank fusion's constant: a note's share from a list is 1 / (k + its rank there). */
const fusionK = 60;
/** Notes the ranking by meaning gives to the fusion, at most (the best by their best section's cosine). */
const semanticDepth = 100;
/**
 * A note found by meaning alone (no match by words) is given only when its cosine is at least this
 * share of the query's best cosine: what is nearest, not whatever is not opposite.
 */
export const meaningAloneShare = 0.85;

/** The notes ranked by words and by meaning, fused; how many match; and the sections with a vector, and those the endpoint refused, of those keyed. */
export interface FusedRanking {
  notes: RankedNote[];
  total: number;
  sections: number;
  embedded: number;
  refused: number;
  /** The notes given by meaning alone (they match no word of the query): counted in `total`. */
  meaningAlone: Set<AnalyzedNote>;
}

/**
 * The word ranking (`words`: every note matching, best first) fused by reciprocal rank fusion with
 * the notes ranked by the cosine of their best section's vector with `query` (positive cosines only, the
 * query's filters passed, at most `semanticDepth`); a note not matching the words is given only when
 * its cosine is `meaningAloneShare` of the best or more. A note's section is its best by words, else by
 * meaning. Scores are the fusion's, times 1000; ties by path. A section's vector of another length than
 * the query's (another model behind the same name) makes it a failure, said in a few words: nothing
 * would be found by meaning.
 */
export function fuseSemantic(
  query: Float32Array,
  words: Ranking,
  accepts: (position: number) => boolean,
  notes: readonly AnalyzedNote[],
  vectors: SectionVectors,
): FusedRanking | { failed: string } {
  const meaning: { position: number; cosine: number; section: number }[] = [];
  let [sections, embedded, refused] = [0, 0, 0];
  let otherLength: { sections: number; length: number } | undefined;
  notes.forEach((note, position) => {
    const keys = vectors.keysOf(note);
    if (!keys) return;
    let best: { cosine: number; section: number } | undefined;
    keys.forEach((key, section) => {
      if (key === undefined) return;
      sections += 1;
      const vector = vectors.get(key);
      if (!vector) {
        if (vectors.refused(key)) refused += 1;
        return;
      }
      embedded += 1;
      if (vector.length !== query.length) {
        otherLength = { sections: (otherLength?.sections ?? 0) + 1, length: vector.length };
        return;
      }
      const similarity = cosine(query, vector);
      if (similarity > (best?.cosine ?? 0)) best = { cosine: similarity, section };
    });
    if (best && accepts(position)) meaning.push({ position, ...best });
  });
  if (otherLength) {
    const { sections: count, length } = otherLength;
    return {
      failed: `the query's vector has ${query.length} numbers and ${count} ${count === 1 ? "section's vector has" : "sections' vectors have"} ${length} (another model behind the same name?)`,
    };
  }
  meaning.sort((a, b) => b.cosine - a.cosine || a.position - b.position);
  const fused = new Map<AnalyzedNote, { note: AnalyzedNote; score: number; section: number }>();
  words.notes.forEach(({ note, section }, rank) => {
    fused.set(note, { note, score: 1 / (fusionK + rank + 1), section });
  });
  const meaningAlone = new Set<AnalyzedNote>();
  const floor = (meaning[0]?.cosine ?? 0) * meaningAloneShare;
  meaning.slice(0, semanticDepth).forEach(({ position, cosine, section }, rank) => {
    const note = notes[position]!;
    const share = 1 / (fusionK + rank + 1);
    const byWords = fused.get(note);
    if (byWords) byWords.score += share;
    else if (cosine >= floor) {
      fused.set(note, { note, score: share, section });
      meaningAlone.add(note);
    }
  });
  const positionOf = new Map(notes.map((note, position) => [note, position]));
  const ranked = [...fused.values()].sort((a, b) => b.score - a.score || positionOf.get(a.note)! - positionOf.get(b.note)!);
  return {
    notes: ranked.map(({ note, score, section }) => ({ note, score: score * 1000, section })),
    total: fused.size,
    sections,
    embedded,
    refused,
    meaningAlone,
  };
}
