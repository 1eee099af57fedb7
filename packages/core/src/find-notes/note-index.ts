import type { AnalyzedNote } from './analyze-note.js';
import { type Averages, averagesDrift, averagesOf, formImpact, impactAverages } from './score-note.js';

/** Where a note's pairs for one word are: `pairs[from ... to)` (`NoteTerms`' layout), set by `NoteIndex.pairsOf`. */
export interface PairsAt {
  pairs: Uint32Array;
  from: number;
  to: number;
}

/** What `NoteIndex.scan` adds a word form's postings to: per note position, its mark, and the sum of its forms' impacts (`formImpact`). */
export interface PostingScan {
  /** A note's position in the notes ranked, by its number in the index (-1: not ranked). */
  positionOf: Int32Array;
  /** Set to `stamp` for a note found, whose `impact` then starts at 0 and which joins `holders`. */
  marks: Int32Array;
  stamp: number;
  impact: Float64Array;
  /** The notes found, `holders[0 ... held)`, each once (room for every note ranked). */
  holders: Int32Array;
  held: number;
}

/**
 * The inverted index of the notes a cache keeps: for each word, the notes that hold it, each with
 * its (slot, count) pairs in `NoteTerms`' layout and its impact (`formImpact`: what the word weighs
 * at most in the note, which does not depend on the query), so a query reads the postings of its own
 * words and nothing else, and bounds each note's score with a sum over them. A note added is numbered
 * at once and waits to join the postings in a batch (`merge`): until then it keeps its own packed
 * terms (`AnalyzedNote.terms`) and impacts, found through a small map of the waiting notes' words;
 * once merged its terms live here only. A removed note's number belongs to no note: its postings are
 * skipped until the next merge drops them. Impacts are computed under `averages`, those of the
 * notes at a merge (again when they move by a tenth); a query under other averages scales them (`averagesDrift`).
 */
export interface NoteIndex {
  /** Takes a note with its terms (and numbers it); merges when enough notes wait. */
  add(note: AnalyzedNote): void;
  /** Lets a note go: its number is dead until the next merge (a waiting note keeps its own terms). */
  remove(note: AnalyzedNote): void;
  /** Merges the waiting notes now, when any wait: after a batch of notes read (start-up, a checkout), so queries read merged postings only. */
  settle(): void;
  /** Adds `weight` times the impact of each posting of the word whose note is ranked (`PostingScan`); gives the postings read. */
  scan(term: number, weight: number, into: PostingScan): number;
  /** Sets `at` to a merged note's pairs for the word (a binary search in the word's postings); false when it lacks it. */
  pairsOf(note: AnalyzedNote, term: number, at: PairsAt): boolean;
  /** The averages the impacts were computed under. */
  readonly averages: Averages;
  /** One more than the largest note number in use. */
  readonly ordinals: number;
  /** Counts adds and removals: equal, every note has the number it had. */
  readonly changes: number;
}

/** The merged postings: per word number t, postings `starts[t] ... starts[t + 1]`, each a note number, an impact, and its pairs `pairs[pairStarts[p] ... pairStarts[p + 1])`. */
interface Postings {
  starts: Uint32Array;
  notes: Uint32Array;
  impacts: Float32Array;
  pairStarts: Uint32Array;
  pairs: Uint32Array;
}

/** Notes that wait to be merged, at most: a fixed few, and an eighth of the merged ones (so merges cost a bounded share of the adds). */
const mergeWaiting = (merged: number) => 128 + (merged >>> 3);

const ones = (): Averages => ({ fields: [1, 1, 1, 1], heading: 1, body: 1, noteBody: 1 });

export function createNoteIndex(): NoteIndex {
  let postings: Postings = {
    starts: new Uint32Array(1),
    notes: new Uint32Array(0),
    impacts: new Float32Array(0),
    pairStarts: new Uint32Array(1),
    pairs: new Uint32Array(0),
  };
  let averages = ones();
  // The notes by number, undefined once removed: the merged ones (numbers below `mergedCount`), then those waiting.
  let numbered: (AnalyzedNote | undefined)[] = [];
  let mergedCount = 0;
  let dead = 0;
  let waiting = 0;
  // Per word, the waiting notes holding it: (note number, the word's index among the note's terms) pairs.
  let waitingTerms = new Map<number, number[]>();
  let changes = 0;
  const merge = () => {
    ({ postings, numbered, averages } = mergePostings(postings, numbered, mergedCount, averages));
    mergedCount = numbered.length;
    [dead, waiting] = [0, 0];
    waitingTerms = new Map();
  };
  const mergeIfDue = () => {
    changes += 1;
    const live = mergedCount - dead;
    if (waiting > mergeWaiting(live) || dead > 64 + (live >>> 2)) merge();
  };
  return {
    add(note) {
      const ordinal = numbered.push(note) - 1;
      note.ordinal = ordinal;
      waiting += 1;
      const { termIds, offsets, counts } = note.terms!;
      note.impacts = new Float32Array(termIds.length);
      for (let at = 0; at < termIds.length; at += 1) note.impacts[at] = formImpact(note, counts, offsets[at]!, offsets[at + 1]!, averages);
      termIds.forEach((term, at) => {
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
    settle() {
      if (waiting > 0) merge();
    },
    scan(term, weight, into) {
      let read = 0;
      if (term + 1 < postings.starts.length) read += scanMerged(postings, term, weight, into);
      const holding = waitingTerms.get(term);
      return holding ? read + scanWaiting(holding, numbered, weight, into) : read;
    },
    pairsOf(note, term, at) {
      if (note.ordinal === undefined || note.ordinal >= mergedCount) return false;
      const posting = term + 1 < postings.starts.length ? findPosting(postings, term, note.ordinal!) : -1;
      if (posting < 0) return false;
      at.pairs = postings.pairs;
      at.from = postings.pairStarts[posting]!;
      at.to = postings.pairStarts[posting + 1]!;
      return true;
    },
    get averages() {
      return averages;
    },
    get ordinals() {
      return numbered.length;
    },
    get changes() {
      return changes;
    },
  };
}

/** The loop every query runs over its words' postings: typed arrays only. */
function scanMerged({ starts, notes, impacts }: Postings, term: number, weight: number, into: PostingScan): number {
  const { positionOf, marks, stamp, impact, holders } = into;
  let held = into.held;
  const [first, end] = [starts[term]!, starts[term + 1]!];
  for (let posting = first; posting < end; posting += 1) {
    const position = positionOf[notes[posting]!]!;
    if (position < 0) continue;
    if (marks[position] !== stamp) {
      marks[position] = stamp;
      impact[position] = 0;
      holders[held++] = position;
    }
    impact[position]! += weight * impacts[posting]!;
  }
  into.held = held;
  return end - first;
}

/** The same for the waiting notes holding a word: (note number, the word's index among its terms) pairs. */
function scanWaiting(holding: readonly number[], numbered: readonly (AnalyzedNote | undefined)[], weight: number, into: PostingScan): number {
  let read = 0;
  for (let at = 0; at < holding.length; at += 2) {
    const position = into.positionOf[holding[at]!]!;
    const note = numbered[holding[at]!];
    if (position < 0 || !note?.impacts) continue;
    read += 1;
    if (into.marks[position] !== into.stamp) {
      into.marks[position] = into.stamp;
      into.impact[position] = 0;
      into.holders[into.held++] = position;
    }
    into.impact[position]! += weight * note.impacts[holding[at + 1]!]!;
  }
  return read;
}

/** The posting of note number `ordinal` among the word's (sorted by note number), or -1. */
function findPosting({ starts, notes }: Postings, term: number, ordinal: number): number {
  let [low, high] = [starts[term]!, starts[term + 1]! - 1];
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = notes[middle]!;
    if (found === ordinal) return middle;
    if (found < ordinal) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * New postings: the live notes numbered again from 0 (in their order, so each word's postings stay
 * sorted by note number), the merged ones' postings copied, then the waiting ones' from their own
 * terms (let go); the impacts kept, or computed again when the averages moved (`fillPostings`).
 */
function mergePostings(old: Postings, numbered: readonly (AnalyzedNote | undefined)[], mergedCount: number, averages: Averages) {
  const notes = numbered.filter((note) => note !== undefined);
  const renumbered = new Int32Array(numbered.length).fill(-1);
  notes.forEach((note, ordinal) => {
    renumbered[note.ordinal!] = ordinal;
  });
  let terms = old.starts.length - 1;
  for (const note of notes) terms = Math.max(terms, (note.terms?.termIds.at(-1) ?? -1) + 1);
  // Per word, its postings and pairs; then the word's start.
  const [counts, pairCounts] = [new Uint32Array(terms + 1), new Uint32Array(terms + 1)];
  const oldTerms = old.starts.length - 1;
  const each: EachPosting = (visit) => {
    for (let term = 0; term < oldTerms; term += 1) {
      for (let posting = old.starts[term]!; posting < old.starts[term + 1]!; posting += 1) {
        const ordinal = renumbered[old.notes[posting]!]!;
        if (ordinal >= 0) visit(term, ordinal, old.pairs, old.pairStarts[posting]!, old.pairStarts[posting + 1]!, old.impacts[posting]!);
      }
    }
    for (const note of notes) {
      if (note.ordinal! < mergedCount) continue;
      const { termIds, offsets, counts: own } = note.terms!;
      const ordinal = renumbered[note.ordinal!]!;
      for (let at = 0; at < termIds.length; at += 1) visit(termIds[at]!, ordinal, own, offsets[at]!, offsets[at + 1]!, note.impacts![at]!);
    }
  };
  each((term, _ordinal, _pairs, from, to) => {
    counts[term]! += 1;
    pairCounts[term]! += to - from;
  });
  return { ...fillPostings(notes, averages, terms, counts, pairCounts, each), numbered: notes };
}

/** Visits every posting a merge keeps, with the note's new number. */
type EachPosting = (visit: (term: number, ordinal: number, pairs: Uint32Array, from: number, to: number, impact: number) => void) => void;

/**
 * The postings laid out word by word, in the order `each` visits them, with their impacts (computed
 * under `then`): kept when the notes' averages now are within a tenth of those, else computed again
 * under them (impacts too low would bound loosely after the scaling up, too high loosely anyway).
 */
function fillPostings(
  notes: AnalyzedNote[],
  then: Averages,
  terms: number,
  counts: Uint32Array,
  pairCounts: Uint32Array,
  each: EachPosting,
): { postings: Postings; averages: Averages } {
  const now = impactAverages(averagesOf(notes));
  const keep = averagesDrift(now, then) <= 1.1 && averagesDrift(then, now) <= 1.1;
  const averages = keep ? then : now;
  const starts = new Uint32Array(terms + 1);
  const pairBase = new Uint32Array(terms + 1);
  for (let term = 0; term < terms; term += 1) [starts[term + 1], pairBase[term + 1]] = [starts[term]! + counts[term]!, pairBase[term]! + pairCounts[term]!];
  const total = starts[terms]!;
  const postings: Postings = {
    starts,
    notes: new Uint32Array(total),
    impacts: new Float32Array(total),
    pairStarts: new Uint32Array(total + 1),
    pairs: new Uint32Array(pairBase[terms]!),
  };
  const [cursor, pairCursor] = [starts.slice(0, terms), pairBase.slice(0, terms)];
  each((term, ordinal, pairs, from, to, impact) => {
    const posting = cursor[term]!++;
    postings.notes[posting] = ordinal;
    postings.impacts[posting] = keep ? impact : formImpact(notes[ordinal]!, pairs, from, to, averages);
    let at = pairCursor[term]!;
    postings.pairStarts[posting] = at;
    // A plain copy: a posting holds a few numbers, fewer than a view of them costs to make.
    for (let pair = from; pair < to; pair += 1) postings.pairs[at++] = pairs[pair]!;
    pairCursor[term] = at;
  });
  // A word's pairs follow the previous word's, so each posting's end is the next one's start.
  postings.pairStarts[total] = pairBase[terms]!;
  for (const note of notes) [note.terms, note.impacts] = [undefined, undefined];
  notes.forEach((note, ordinal) => {
    note.ordinal = ordinal;
  });
  return { postings, averages };
}
