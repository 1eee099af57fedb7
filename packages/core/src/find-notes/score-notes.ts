import type { AnalyzedNote } from './analyze-note.js';
import type { WordForm } from './match-words.js';
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

/** Scores one note from its hits `hits[order[first ... last)]` (`createNoteScorer`). */
type NoteScorer = (note: AnalyzedNote, hits: Hits, order: Int32Array, first: number, last: number) => { score: number; section: number };

/** The hits of the last notes scored, made once: their arrays are used again (ranking is synchronous). */
const scratchHits = createHits();

/**
 * The notes at `positions` scored: the postings of the query's forms are read again, and the hits
 * of these notes alone gathered (so a note left out costs a look at its number, nothing more), then
 * ordered by note (a counting sort over these notes) and scored.
 */
export function scoreNotes(
  positions: readonly number[],
  notes: readonly AnalyzedNote[],
  forms: readonly WordForm[][],
  visit: Occurrences,
  score: NoteScorer,
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
  const scored = positions.map((position, slot) => ({
    note: notes[position]!,
    position,
    ...score(notes[position]!, hits, order, starts[slot]!, starts[slot + 1]!),
  }));
  // The arrays of pairs found are let go: an index's merged postings must not outlive it here.
  hits.pairs.length = 0;
  return scored;
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
