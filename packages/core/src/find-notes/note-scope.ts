import type { AnalyzedNote } from './analyze-note.js';
import type { NoteIndex, PairsAt, PostingScan } from './note-index.js';
import { termIndex } from './note-terms.js';
import { type Averages, averagesDrift, averagesOf, formImpact } from './score-note.js';

/** What ranking needs of a list of notes besides the query: their average lengths, and where to find each note's words. */
export interface Scope {
  averages: Averages;
  /** A note's position in the list, by its number in the index (-1: not in the list). */
  positionOf: Int32Array;
  /** The positions of the notes the index does not hold, looked up by their own terms. */
  ownTerms: number[];
  /** How much the index's impacts are scaled up to bound weights under these averages (`averagesDrift`). */
  drift: number;
  /** The index's `changes` it was made at. */
  changes: number;
}

/** Scopes made, by list of notes: a server ranks the same list again while nothing changes (`readNotes`). */
const scopes = new WeakMap<readonly AnalyzedNote[], Scope>();

export function scopeOf(notes: readonly AnalyzedNote[], index: NoteIndex | undefined): Scope {
  const changes = index?.changes ?? 0;
  const kept = scopes.get(notes);
  if (kept?.changes === changes) return kept;
  const averages = averagesOf(notes);
  const drift = index ? averagesDrift(averages, index.averages) : 1;
  const scope: Scope = { averages, positionOf: new Int32Array(index?.ordinals ?? 0).fill(-1), ownTerms: [], drift, changes };
  for (let position = 0; position < notes.length; position += 1) {
    const note = notes[position]!;
    if (index && note.ordinal !== undefined && note.ordinal < scope.positionOf.length) scope.positionOf[note.ordinal] = position;
    else if (note.terms) scope.ownTerms.push(position);
  }
  scopes.set(notes, scope);
  return scope;
}

/**
 * Adds a word form's postings among `notes` to `into` (`NoteIndex.scan`): the index's, then the
 * notes it does not hold, by their own terms (their impacts computed now). Gives the postings read.
 */
export function scanForm(notes: readonly AnalyzedNote[], index: NoteIndex | undefined, scope: Scope, term: number, weight: number, into: PostingScan): number {
  let read = index?.scan(term, weight, into) ?? 0;
  if (scope.ownTerms.length === 0) return read;
  const at: PairsAt = { pairs: new Uint32Array(0), from: 0, to: 0 };
  for (const position of scope.ownTerms) {
    const note = notes[position]!;
    if (!pairsOf(note, term, at, undefined)) continue;
    read += 1;
    if (into.marks[position] !== into.stamp) {
      into.marks[position] = into.stamp;
      into.impact[position] = 0;
      into.holders[into.held++] = position;
    }
    into.impact[position]! += weight * formImpact(note, at.pairs, at.from, at.to, scope.averages);
  }
  return read;
}

/** Sets `at` to the note's pairs for the word, from its own terms or the index; false when it lacks the word. */
export function pairsOf(note: AnalyzedNote, term: number, at: PairsAt, index: NoteIndex | undefined): boolean {
  if (!note.terms) return index?.pairsOf(note, term, at) ?? false;
  const found = termIndex(note.terms, term);
  if (found === undefined) return false;
  [at.pairs, at.from, at.to] = [note.terms.counts, note.terms.offsets[found]!, note.terms.offsets[found + 1]!];
  return true;
}
