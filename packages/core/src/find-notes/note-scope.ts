import type { AnalyzedNote } from './analyze-note.js';
import type { NoteIndex } from './note-index.js';
import { noteFields, termIndex } from './note-terms.js';
import type { Averages } from './score-note.js';

/** Calls `found` with the position in `notes` and the (slot, count) pairs of each note holding a word. */
export type Occurrences = (term: number, found: (position: number, pairs: Uint32Array, from: number, to: number) => void) => void;

/** A word's occurrences among `notes`: from the index for the notes it holds, by each note's own terms for the others. */
export function occurrencesIn(notes: readonly AnalyzedNote[], index: NoteIndex | undefined, { positionOf, ownTerms }: Scope): Occurrences {
  return (term, found) => {
    index?.visit(term, (ordinal, pairs, from, to) => {
      const position = positionOf[ordinal]!;
      if (position >= 0) found(position, pairs, from, to);
    });
    for (const position of ownTerms) {
      const terms = notes[position]!.terms!;
      const at = termIndex(terms, term);
      if (at !== undefined) found(position, terms.counts, terms.offsets[at]!, terms.offsets[at + 1]!);
    }
  };
}

/** What ranking needs of a list of notes besides the query: their average lengths, and where to find each note's words. */
export interface Scope {
  averages: Averages;
  /** A note's position in the list, by its number in the index (-1: not in the list). */
  positionOf: Int32Array;
  /** The positions of the notes the index does not hold, looked up by their own terms. */
  ownTerms: number[];
  /** The index's `changes` it was made at. */
  changes: number;
}

/** Scopes made, by list of notes: a server ranks the same list again while nothing changes (`readNotes`). */
const scopes = new WeakMap<readonly AnalyzedNote[], Scope>();

export function scopeOf(notes: readonly AnalyzedNote[], index: NoteIndex | undefined): Scope {
  const changes = index?.changes ?? 0;
  const kept = scopes.get(notes);
  if (kept?.changes === changes) return kept;
  const scope: Scope = { averages: averagesOf(notes), positionOf: new Int32Array(index?.ordinals ?? 0).fill(-1), ownTerms: [], changes };
  for (let position = 0; position < notes.length; position += 1) {
    const note = notes[position]!;
    if (index && note.ordinal !== undefined && note.ordinal < scope.positionOf.length) scope.positionOf[note.ordinal] = position;
    else if (note.terms) scope.ownTerms.push(position);
  }
  scopes.set(notes, scope);
  return scope;
}

/** The average length of each field over `notes`, and of a section's heading path and body. */
function averagesOf(notes: readonly AnalyzedNote[]): Averages {
  const lengths = { fields: noteFields.map(() => 0), heading: 0, noteBody: 0, sections: 0 };
  for (const note of notes) {
    for (let field = 0; field < noteFields.length; field += 1) lengths.fields[field]! += note.fieldLengths[field]!;
    lengths.noteBody += note.bodyLength;
    lengths.heading += note.headingLength;
    lengths.sections += note.sections.length;
  }
  return {
    fields: lengths.fields.map((length) => length / Math.max(notes.length, 1)),
    heading: lengths.heading / Math.max(lengths.sections, 1),
    body: lengths.noteBody / Math.max(lengths.sections, 1),
    noteBody: lengths.noteBody / Math.max(notes.length, 1),
  };
}
