import type { AnalyzedNote } from './analyze-note.js';
import type { MatchedWords } from './match-words.js';
import type { Occurrences } from './note-scope.js';
import { noteScratch } from './note-scratch.js';
import { addHit, createHits, type Hits } from './score-note.js';

/** A note scored, with its position in the notes ranked (ties go by it: path order). */
export interface ScoredNote {
  note: AnalyzedNote;
  position: number;
  score: number;
  section: number;
}

/** Scores one note from its hits `hits[order[first ... last)]`, or bounds its score for less (`createNoteScorer`). */
interface NoteScorer {
  score(note: AnalyzedNote, hits: Hits, order: Int32Array, first: number, last: number): { score: number; section: number };
  bound(note: AnalyzedNote, hits: Hits, order: Int32Array, first: number, last: number): number;
}

/** The hits of the last notes scored, made once: their arrays are used again (ranking is synchronous). */
const scratchHits = createHits();

/**
 * The notes at `positions` scored: the postings of the query's forms are read again, and the hits
 * of these notes alone gathered (so a note left out costs a look at its number, nothing more), then
 * ordered by note (a counting sort over these notes) and scored, in the order given. With `top`, a
 * note is scored only when its bounds reach the threshold so far (its words' limits, then the bound
 * read from its counts: a note left out cannot be among the best), and its score raises it.
 */
export function scoreNotes(
  positions: readonly number[],
  notes: readonly AnalyzedNote[],
  { forms, bound }: Pick<MatchedWords, 'forms' | 'bound'>,
  visit: Occurrences,
  scorer: NoteScorer,
  top?: TopScores,
): ScoredNote[] {
  if (positions.length === 0) return [];
  const scratch = noteScratch(notes.length);
  const stamp = scratch.stamp();
  positions.forEach((position, slot) => {
    scratch.want[position] = stamp;
    scratch.slot[position] = slot;
  });
  const hits = scratchHits;
  hits.count = 0;
  forms.forEach((wordForms, word) => {
    for (const { id, weight } of wordForms) {
      visit(id, (position, pairs, from, to) => {
        if (scratch.want[position] === stamp) addHit(hits, scratch.slot[position]!, word, weight, pairs, from, to);
      });
    }
  });
  const { starts, order } = hitsBySlot(hits, positions.length);
  const scored: ScoredNote[] = [];
  positions.forEach((position, slot) => {
    const [note, first, last] = [notes[position]!, starts[slot]!, starts[slot + 1]!];
    if (top && bound[position]! < top.threshold()) return;
    // A bound may round below the score it bounds: a note within a billionth of the threshold is scored.
    if (top && scorer.bound(note, hits, order, first, last) * (1 + 1e-9) < top.threshold()) return;
    scored.push({ note, position, ...scorer.score(note, hits, order, first, last) });
    top?.add(scored.at(-1)!.score);
  });
  // The arrays of pairs found are let go: an index's merged postings must not outlive it here.
  hits.pairs.length = 0;
  return scored;
}

/** The `best` highest scores seen, and the lowest of them: the threshold a note must reach to be among them (0 until there are `best`). */
export interface TopScores {
  threshold(): number;
  add(score: number): void;
}

export function createTopScores(best: number, scored: readonly ScoredNote[]): TopScores {
  const scores = scored
    .map((note) => note.score)
    .sort((a, b) => b - a)
    .slice(0, best);
  return {
    threshold: () => (scores.length < best ? 0 : scores[best - 1]!),
    add(score) {
      if (scores.length === best && score <= scores[best - 1]!) return;
      const at = scores.findIndex((kept) => kept < score);
      scores.splice(at === -1 ? scores.length : at, 0, score);
      scores.length = Math.min(scores.length, best);
    },
  };
}

/** The hits ordered by slot (a counting sort): slot s's are `order[starts[s] ... starts[s + 1])`, in the order found. */
function hitsBySlot(hits: Hits, slots: number): { starts: Int32Array; order: Int32Array } {
  const starts = new Int32Array(slots + 1);
  for (let hit = 0; hit < hits.count; hit += 1) starts[hits.position[hit]! + 1]! += 1;
  for (let slot = 0; slot < slots; slot += 1) starts[slot + 1]! += starts[slot]!;
  const next = starts.slice(0, slots);
  const order = new Int32Array(hits.count);
  for (let hit = 0; hit < hits.count; hit += 1) order[next[hits.position[hit]!]!++] = hit;
  return { starts, order };
}
