import type { AnalyzedNote } from './analyze-note.js';

/**
 * The inverted index of the notes a cache keeps: for each word, the notes that hold it, each with
 * its (slot, count) pairs in `NoteTerms`' layout, so a query reads the postings of its own words
 * and nothing else. A note added joins the postings in a batch (`merge`): until then it keeps its
 * own packed terms (`AnalyzedNote.terms`) and the ranker looks it up by itself; once merged its
 * terms live here only. A removed note's postings are skipped (its number belongs to no note)
 * until the next merge drops them.
 */
export interface NoteIndex {
  /** Takes a note with its terms; merges when enough notes wait. */
  add(note: AnalyzedNote): void;
  /** Lets a note go: merged, its postings are dead until the next merge; else it is dropped from those waiting. */
  remove(note: AnalyzedNote): void;
  /** Calls `visit` with each merged note's number and its pairs for the word, `pairs[from ... to)`. */
  visit(term: number, visit: (ordinal: number, pairs: Uint32Array, from: number, to: number) => void): void;
  /** One more than the largest note number in use. */
  readonly ordinals: number;
  /** Numbers the postings hold, dead ones included (4 bytes each). */
  readonly numbers: number;
  /** Counts adds and removals: equal, every note has the number it had. */
  readonly changes: number;
}

/** Notes that wait to be merged, at most: a fixed few, and an eighth of the merged ones (so merges cost a bounded share of the adds). */
const mergeWaiting = (merged: number) => 128 + (merged >>> 3);

export function createNoteIndex(): NoteIndex {
  // Per word number t, its postings are entries[starts[t] ... starts[t + 1]): [note number, pairs length, ...pairs] repeated.
  let starts = new Uint32Array(1);
  let entries = new Uint32Array(0);
  // The merged notes by number; undefined once removed.
  let merged: (AnalyzedNote | undefined)[] = [];
  let dead = 0;
  const waiting = new Set<AnalyzedNote>();
  let changes = 0;
  const mergeIfDue = () => {
    changes += 1;
    const live = merged.length - dead;
    if (waiting.size > mergeWaiting(live) || dead > 64 + (live >>> 2)) {
      ({ starts, entries, merged } = mergePostings(starts, entries, merged, [...waiting]));
      dead = 0;
      waiting.clear();
    }
  };
  return {
    add(note) {
      waiting.add(note);
      mergeIfDue();
    },
    remove(note) {
      if (waiting.delete(note)) {
        changes += 1;
        return;
      }
      if (note.ordinal === undefined || merged[note.ordinal] !== note) return;
      merged[note.ordinal] = undefined;
      note.ordinal = undefined;
      dead += 1;
      mergeIfDue();
    },
    visit(term, visit) {
      if (term + 1 >= starts.length) return;
      for (let at = starts[term]!, end = starts[term + 1]!; at < end; at += 2 + entries[at + 1]!)
        visit(entries[at]!, entries, at + 2, at + 2 + entries[at + 1]!);
    },
    get ordinals() {
      return merged.length;
    },
    get numbers() {
      return entries.length + starts.length;
    },
    get changes() {
      return changes;
    },
  };
}

/** New postings: the live merged notes' (numbered again from 0) and then the waiting notes', whose own terms are let go. */
function mergePostings(starts: Uint32Array, entries: Uint32Array, merged: readonly (AnalyzedNote | undefined)[], waiting: readonly AnalyzedNote[]) {
  const notes = merged.filter((note) => note !== undefined);
  const renumbered = new Int32Array(merged.length).fill(-1);
  notes.forEach((note, ordinal) => {
    renumbered[note.ordinal!] = ordinal;
  });
  let terms = starts.length - 1;
  for (const note of waiting) terms = Math.max(terms, (note.terms!.termIds.at(-1) ?? -1) + 1);
  const sizes = new Uint32Array(terms + 1);
  for (let term = 0; term + 1 < starts.length; term += 1) {
    for (let at = starts[term]!; at < starts[term + 1]!; at += 2 + entries[at + 1]!) if (renumbered[entries[at]!]! >= 0) sizes[term]! += 2 + entries[at + 1]!;
  }
  for (const { terms: own } of waiting) {
    own!.termIds.forEach((term, index) => {
      sizes[term]! += 2 + own!.offsets[index + 1]! - own!.offsets[index]!;
    });
  }
  const newStarts = new Uint32Array(terms + 1);
  for (let term = 0; term < terms; term += 1) newStarts[term + 1] = newStarts[term]! + sizes[term]!;
  const newEntries = new Uint32Array(newStarts[terms]!);
  const cursor = newStarts.slice(0, terms);
  for (let term = 0; term + 1 < starts.length; term += 1) {
    for (let at = starts[term]!; at < starts[term + 1]!; at += 2 + entries[at + 1]!) {
      const ordinal = renumbered[entries[at]!]!;
      if (ordinal < 0) continue;
      const length = 2 + entries[at + 1]!;
      newEntries.set(entries.subarray(at, at + length), cursor[term]);
      newEntries[cursor[term]!] = ordinal;
      cursor[term]! += length;
    }
  }
  for (const note of waiting) {
    const { termIds, offsets, counts } = note.terms!;
    const ordinal = notes.push(note) - 1;
    termIds.forEach((term, index) => {
      const pairs = counts.subarray(offsets[index]!, offsets[index + 1]!);
      newEntries[cursor[term]!] = ordinal;
      newEntries[cursor[term]! + 1] = pairs.length;
      newEntries.set(pairs, cursor[term]! + 2);
      cursor[term]! += 2 + pairs.length;
    });
    note.terms = undefined;
  }
  notes.forEach((note, ordinal) => {
    note.ordinal = ordinal;
  });
  return { starts: newStarts, entries: newEntries, merged: notes };
}
