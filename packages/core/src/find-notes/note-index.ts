import type { AnalyzedNote } from './analyze-note.js';

/**
 * The inverted index of the notes a cache keeps: for each word, the notes that hold it, each with
 * its (slot, count) pairs in `NoteTerms`' layout, so a query reads the postings of its own words
 * and nothing else. A note added is numbered at once and waits to join the postings in a batch
 * (`merge`): until then it keeps its own packed terms (`AnalyzedNote.terms`), found through a small
 * map of the waiting notes' words; once merged its terms live here only. A removed note's number
 * belongs to no note: its postings are skipped until the next merge drops them.
 */
export interface NoteIndex {
  /** Takes a note with its terms (and numbers it); merges when enough notes wait. */
  add(note: AnalyzedNote): void;
  /** Lets a note go: its number is dead until the next merge (a waiting note keeps its own terms). */
  remove(note: AnalyzedNote): void;
  /** Calls `visit` with the number of each note holding the word and its pairs for it, `pairs[from ... to)`. */
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
  // The notes by number, undefined once removed: the merged ones (numbers below `mergedCount`), then those waiting.
  let numbered: (AnalyzedNote | undefined)[] = [];
  let mergedCount = 0;
  let dead = 0;
  let waiting = 0;
  // Per word, the waiting notes holding it: (note number, the word's index among the note's terms) pairs.
  let waitingTerms = new Map<number, number[]>();
  let changes = 0;
  const mergeIfDue = () => {
    changes += 1;
    const live = mergedCount - dead;
    if (waiting > mergeWaiting(live) || dead > 64 + (live >>> 2)) {
      ({ starts, entries, numbered } = mergePostings(starts, entries, numbered, mergedCount));
      mergedCount = numbered.length;
      [dead, waiting] = [0, 0];
      waitingTerms = new Map();
    }
  };
  return {
    add(note) {
      const ordinal = numbered.push(note) - 1;
      note.ordinal = ordinal;
      waiting += 1;
      note.terms!.termIds.forEach((term, at) => {
        const holding = waitingTerms.get(term);
        if (holding) holding.push(ordinal, at);
        else waitingTerms.set(term, [ordinal, at]);
      });
      mergeIfDue();
    },
    remove(note) {
      if (note.ordinal === undefined || numbered[note.ordinal] !== note) return;
      numbered[note.ordinal] = undefined;
      if (note.ordinal < mergedCount) dead += 1;
      else waiting -= 1;
      note.ordinal = undefined;
      mergeIfDue();
    },
    visit(term, visit) {
      if (term + 1 < starts.length) {
        for (let at = starts[term]!, end = starts[term + 1]!; at < end; at += 2 + entries[at + 1]!)
          visit(entries[at]!, entries, at + 2, at + 2 + entries[at + 1]!);
      }
      const holding = waitingTerms.get(term);
      if (!holding) return;
      for (let at = 0; at < holding.length; at += 2) {
        const terms = numbered[holding[at]!]?.terms;
        if (terms) visit(holding[at]!, terms.counts, terms.offsets[holding[at + 1]!]!, terms.offsets[holding[at + 1]! + 1]!);
      }
    },
    get ordinals() {
      return numbered.length;
    },
    get numbers() {
      return entries.length + starts.length;
    },
    get changes() {
      return changes;
    },
  };
}

/** New postings: the live notes numbered again from 0, the merged ones' postings copied, then the waiting ones' from their own terms (let go). */
function mergePostings(starts: Uint32Array, entries: Uint32Array, numbered: readonly (AnalyzedNote | undefined)[], mergedCount: number) {
  const notes = numbered.filter((note) => note !== undefined);
  const waiting = notes.filter((note) => note.ordinal! >= mergedCount);
  const renumbered = new Int32Array(numbered.length).fill(-1);
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
    const ordinal = renumbered[note.ordinal!]!;
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
  return { starts: newStarts, entries: newEntries, numbered: notes };
}
