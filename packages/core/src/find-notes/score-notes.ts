import type { AnalyzedNote } from './analyze-note.js';
import type { WordForm } from './match-words.js';
import type { PairsAt } from './note-index.js';
import { addHit, createHits } from './score-note.js';

/** A note scored, with its position in the notes ranked (ties go by it: path order). */
export interface ScoredNote {
  note: AnalyzedNote;
  position: number;
  score: number;
  section: number;
}

/** What scoring one note needs: its pairs for a word form (`pairsOf`), and the scorer of the query (`createNoteScorer`). */
export interface NoteScoring {
  forms: readonly (readonly WordForm[])[];
  pairsOf(note: AnalyzedNote, term: number, at: PairsAt): boolean;
  scorer: { score(note: AnalyzedNote, hits: ReturnType<typeof createHits>): { score: number; section: number } };
}

/** The hits of the last note scored, made once: their arrays are used again (ranking is synchronous). */
const scratchHits = createHits();
const scratchPairs: PairsAt = { pairs: new Uint32Array(0), from: 0, to: 0 };

/** One note scored: its pairs for each form of each query word found (in query order), then scored. */
export function scoreNote(notes: readonly AnalyzedNote[], position: number, { forms, pairsOf, scorer }: NoteScoring): ScoredNote {
  const note = notes[position]!;
  const hits = scratchHits;
  hits.count = 0;
  for (let word = 0; word < forms.length; word += 1) {
    for (const { id, weight } of forms[word]!)
      if (pairsOf(note, id, scratchPairs)) addHit(hits, word, weight, scratchPairs.pairs, scratchPairs.from, scratchPairs.to);
  }
  const { score, section } = scorer.score(note, hits);
  // The arrays of pairs found are let go: an index's merged postings must not outlive it here.
  hits.pairs.length = 0;
  return { note, position, score, section };
}

/**
 * The notes among `candidates` that may be among the `best`, scored: highest bound first, and a
 * note only while its bound reaches the `best`-th score so far (MaxScore's idea: a note whose bound
 * is below cannot be among them). The few highest bounds are found in one pass and scored first,
 * which sets the threshold; the rest are taken only when their bound reaches it.
 */
export function scoreBest(candidates: ArrayLike<number>, bound: Float64Array, best: number, score: (position: number) => ScoredNote): ScoredNote[] {
  const top = createTopScores(best);
  const scored: ScoredNote[] = [];
  // A bound may round below the score it bounds: a note within a billionth of the threshold is scored.
  const reaches = (position: number) => bound[position]! * (1 + 1e-9) >= top.threshold();
  const take = (position: number) => {
    if (!reaches(position)) return;
    const note = score(position);
    scored.push(note);
    top.add(note.score);
  };
  const first = highestBounds(candidates, bound, Math.min(candidates.length, 4 * best));
  first.forEach(take);
  const last = first.at(-1)!;
  const rest: number[] = [];
  // The threshold read once, a hair lower than `reaches` (which decides), for the many candidates below it.
  const floor = top.threshold() / (1 + 2e-9);
  // The others are below `last` by bound: when it is below the floor, so are they all (the usual case), and none is looked at.
  for (let at = 0; bound[last]! >= floor && at < candidates.length; at += 1) {
    const position = candidates[at]!;
    if (bound[position]! >= floor && isBelow(bound, position, last) && reaches(position)) rest.push(position);
  }
  rest.sort((a, b) => (isBelow(bound, a, b) ? 1 : -1)).forEach(take);
  return scored;
}

/** Whether `position` comes after `than` by bound (lower, or equal and later in path order). */
const isBelow = (bound: Float64Array, position: number, than: number) =>
  bound[position]! < bound[than]! || (bound[position] === bound[than] && position > than);

let heap = new Int32Array(64);

/**
 * The `count` candidates of highest bound (ties by position), highest first: one pass, through a
 * heap of `count` whose root is the lowest kept (a candidate below it is passed over at one comparison).
 */
export function highestBounds(candidates: ArrayLike<number>, bound: Float64Array, count: number): number[] {
  if (heap.length < count) heap = new Int32Array(2 * count);
  let size = 0;
  for (let candidate = 0; candidate < candidates.length; candidate += 1) {
    const position = candidates[candidate]!;
    if (size < count) {
      let at = size++;
      // Up: a parent below its child moves down.
      while (at > 0 && isBelow(bound, position, heap[(at - 1) >>> 1]!)) {
        heap[at] = heap[(at - 1) >>> 1]!;
        at = (at - 1) >>> 1;
      }
      heap[at] = position;
    } else if (isBelow(bound, heap[0]!, position)) siftDown(bound, position, size);
  }
  return Array.from(heap.subarray(0, size)).sort((a, b) => (isBelow(bound, a, b) ? 1 : -1));
}

/** Puts `position` at the heap's root, then moves it down below the lower of its children while it is above them. */
function siftDown(bound: Float64Array, position: number, size: number) {
  let at = 0;
  for (;;) {
    let child = 2 * at + 1;
    if (child >= size) break;
    if (child + 1 < size && isBelow(bound, heap[child + 1]!, heap[child]!)) child += 1;
    if (!isBelow(bound, heap[child]!, position)) break;
    heap[at] = heap[child]!;
    at = child;
  }
  heap[at] = position;
}

/** The `best` highest scores seen, and the lowest of them: the threshold a note must reach to be among them (0 until there are `best`). */
interface TopScores {
  threshold(): number;
  add(score: number): void;
}

function createTopScores(best: number): TopScores {
  const scores: number[] = [];
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
