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
  forms.forEach((wordForms, word) => {
    for (const { id, weight } of wordForms)
      if (pairsOf(note, id, scratchPairs)) addHit(hits, word, weight, scratchPairs.pairs, scratchPairs.from, scratchPairs.to);
  });
  const scored = { note, position, ...scorer.score(note, hits) };
  // The arrays of pairs found are let go: an index's merged postings must not outlive it here.
  hits.pairs.length = 0;
  return scored;
}

/**
 * The notes among `candidates` that may be among the `best`, scored: highest bound first, and a
 * note only while its bound reaches the `best`-th score so far (MaxScore's idea: a note whose bound
 * is below cannot be among them). The few highest bounds are found in linear time and scored first,
 * which sets the threshold; the rest are taken only when their bound reaches it.
 */
export function scoreBest(candidates: readonly number[], bound: Float64Array, best: number, score: (position: number) => ScoredNote): ScoredNote[] {
  const top = createTopScores(best);
  const scored: ScoredNote[] = [];
  const byBound = (a: number, b: number) => bound[b]! - bound[a]! || a - b;
  // A bound may round below the score it bounds: a note within a billionth of the threshold is scored.
  const reaches = (position: number) => bound[position]! * (1 + 1e-9) >= top.threshold();
  const take = (position: number) => {
    if (!reaches(position)) return;
    scored.push(score(position));
    top.add(scored.at(-1)!.score);
  };
  const cut = largest(candidates, bound, Math.min(candidates.length, 4 * best));
  const [first, rest]: [number[], number[]] = [[], []];
  for (const position of candidates) (bound[position]! >= cut ? first : rest).push(position);
  first.sort(byBound).forEach(take);
  rest.filter(reaches).sort(byBound).forEach(take);
  return scored;
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

let values = new Float64Array(1024);

/** The `count`-th largest bound among the candidates (a quickselect over a copy kept from call to call). */
function largest(candidates: readonly number[], bound: Float64Array, count: number): number {
  if (values.length < candidates.length) values = new Float64Array(2 * candidates.length);
  for (let at = 0; at < candidates.length; at += 1) values[at] = bound[candidates[at]!]!;
  let [low, high] = [0, candidates.length - 1];
  const wanted = count - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1]!;
    let [left, right] = [low, high];
    while (left <= right) {
      while (values[left]! > pivot) left += 1;
      while (values[right]! < pivot) right -= 1;
      if (left <= right) {
        [values[left], values[right]] = [values[right]!, values[left]!];
        [left, right] = [left + 1, right - 1];
      }
    }
    if (wanted <= right) high = right;
    else if (wanted >= left) low = left;
    else break;
  }
  return values[wanted]!;
}
