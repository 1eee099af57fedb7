import type { AnalyzedNote } from './analyze-note.js';
import type { NoteIndex } from './note-index.js';
import { noteFields, termIndex } from './note-terms.js';
import type { FindQuery } from './parse-find-query.js';
import { type Averages, addHit, createHits, createNoteScorer, type Hits, maxHits, maxWordScore } from './score-note.js';
import type { TermDictionary } from './term-dictionary.js';

/** A note that matched, its score, and its best section (an index into its sections). */
export interface RankedNote {
  note: AnalyzedNote;
  score: number;
  section: number;
}

/** What `rankNotes` found: the notes ranked (all, or the best asked for), and how many match. */
export interface Ranking {
  notes: RankedNote[];
  total: number;
}

/**
 * The notes that match `query` (its tags carried, no excluded word or tag, every word of its
 * phrases present, at least one of its words when it has any), best first, ties by path; each
 * scored BM25F-style by its best section (`createNoteScorer`). Phrases and excluded phrases of
 * several words are checked against the text afterwards (`matchesPhrases`), as counts of words
 * cannot tell their order. `notes` must be sorted by path; those in `index` are found through its
 * postings, the others through their own terms, so only the notes holding a query word are looked
 * at. With `best`, only that many notes are given (and `total` counts them all), and a note is
 * scored only when the most its words could add (each word's saturation limit) reaches the
 * `best`-th score found: the others cannot be among them.
 */
export function rankNotes(
  query: FindQuery,
  notes: readonly AnalyzedNote[],
  dictionary: TermDictionary,
  { index, best }: { index?: NoteIndex | undefined; best?: number | undefined } = {},
): Ranking {
  const forms = query.words.map((word) => wordForms(word, dictionary));
  const mustHave = [...new Set(query.phrases.flat())].map((word) => dictionary.get(word));
  const mustLack = query.excluded.filter((phrase) => phrase.length === 1).map(([word]) => dictionary.get(word!));
  if (mustHave.includes(undefined)) return { notes: [], total: 0 };
  const visit = occurrencesIn(notes, index);
  const { hits, documentFrequency } = collectHits(forms, visit, notes.length);
  const holding = (id: number | undefined) => {
    const positions = new Set<number>();
    if (id !== undefined) visit(id, (position) => positions.add(position));
    return positions;
  };
  const required = mustHave.map(holding);
  const excluded = mustLack.map(holding);
  const passes = (position: number) =>
    carriesTags(query, notes[position]!) && required.every((set) => set.has(position)) && !excluded.some((set) => set.has(position));
  const idf = documentFrequency.map((df) => Math.log(1 + (notes.length - df + 0.5) / (df + 0.5)));
  const score = createNoteScorer(forms.length, idf, scopeOf(notes, index).averages);
  const { starts, order } = hitsByPosition(hits, notes.length);
  const candidates: number[] = [];
  for (let position = 0; position < notes.length; position += 1) {
    // A note with no query word is a candidate only when the query has no word (tags alone).
    if ((starts[position] !== starts[position + 1] || forms.length === 0) && passes(position)) candidates.push(position);
  }
  const scoreAt = (position: number): RankedNote => ({
    note: notes[position]!,
    ...score(notes[position]!, hits, order, starts[position]!, starts[position + 1]!),
  });
  const scored = best === undefined ? candidates : likelyBest(candidates, boundsOf(hits, idf, notes.length), best, scoreAt);
  // Stable, from path order: equal scores stay in path order.
  const ranked = scored.map(scoreAt).sort((a, b) => b.score - a.score);
  // The arrays of pairs found are let go: an index's merged postings must not outlive it here.
  hits.pairs.length = 0;
  return { notes: best === undefined ? ranked : ranked.slice(0, best), total: candidates.length };
}

/** Per note (by position), the most its words could add to its score: each word it holds at its saturation's limit. */
function boundsOf(hits: Hits, idf: readonly number[], notes: number): Float64Array {
  const bound = new Float64Array(notes);
  const lastWord = new Int32Array(notes).fill(-1);
  // Hits come word by word: a note counts each word once.
  for (let hit = 0; hit < hits.count; hit += 1) {
    const [position, word] = [hits.position[hit]!, hits.word[hit]!];
    if (lastWord[position] === word) continue;
    lastWord[position] = word;
    bound[position]! += maxWordScore(idf[word]!);
  }
  return bound;
}

/**
 * The candidates (in path order) that may be among the `best` highest scores: the `best` of the
 * highest bounds are scored, and then every other whose bound reaches the `best`-th score among them.
 */
function likelyBest(candidates: readonly number[], bound: Float64Array, best: number, scoreAt: (position: number) => RankedNote): number[] {
  if (candidates.length <= best) return [...candidates];
  const bounds = Float64Array.from(candidates, (position) => bound[position]!).sort();
  const cut = bounds[bounds.length - best]!;
  const first = candidates.filter((position) => bound[position]! >= cut);
  const threshold = first.map((position) => scoreAt(position).score).sort((a, b) => b - a)[best - 1]!;
  return candidates.filter((position) => bound[position]! >= cut || bound[position]! >= threshold);
}

/** Longer words a query word also finds (its prefix), at most: the shortest, closest forms. */
export const maxPrefixForms = 20;
/** What a longer word found by prefix counts for, against the word itself. */
const prefixWeight = 0.5;
/** Shortest query word that also finds longer words. */
const minPrefixLength = 3;

/** The words of the dictionary a query word finds: itself (weight 1), and longer words it begins (`index` finds `indexing`). */
function wordForms(word: string, dictionary: TermDictionary): { id: number; weight: number }[] {
  const id = dictionary.get(word);
  const forms = id === undefined ? [] : [{ id, weight: 1 }];
  if (word.length < minPrefixLength) return forms;
  return [...forms, ...dictionary.longerWords(word, maxPrefixForms).map((longer) => ({ id: longer, weight: prefixWeight }))];
}

/** Calls `found` with the position in `notes` and the (slot, count) pairs of each note holding a word. */
type Occurrences = (term: number, found: (position: number, pairs: Uint32Array, from: number, to: number) => void) => void;

/** A word's occurrences among `notes`: from the index's postings for the notes merged there, by each note's own terms for the others. */
function occurrencesIn(notes: readonly AnalyzedNote[], index: NoteIndex | undefined): Occurrences {
  const { positionOf, ownTerms } = scopeOf(notes, index);
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
interface Scope {
  averages: Averages;
  /** A merged note's position in the list, by its number in the index (-1: not in the list). */
  positionOf: Int32Array;
  /** The positions of the notes not merged, looked up by their own terms. */
  ownTerms: number[];
  /** The index's `changes` it was made at. */
  changes: number;
}

/** Scopes made, by list of notes: a server ranks the same list again while nothing changes (`readNotes`). */
const scopes = new WeakMap<readonly AnalyzedNote[], Scope>();

function scopeOf(notes: readonly AnalyzedNote[], index: NoteIndex | undefined): Scope {
  const changes = index?.changes ?? 0;
  const kept = scopes.get(notes);
  if (kept?.changes === changes) return kept;
  const scope: Scope = { averages: averagesOf(notes), positionOf: new Int32Array(index?.ordinals ?? 0).fill(-1), ownTerms: [], changes };
  for (let position = 0; position < notes.length; position += 1) {
    const note = notes[position]!;
    if (note.terms) scope.ownTerms.push(position);
    else if (note.ordinal !== undefined && note.ordinal < scope.positionOf.length) scope.positionOf[note.ordinal] = position;
  }
  scopes.set(notes, scope);
  return scope;
}

/** The hits of the last query, made once: their arrays are used again (ranking is synchronous). */
const scratchHits = createHits();

/** Every occurrence of the query's words' forms in the notes (`Hits`), and how many notes hold each word. */
function collectHits(forms: readonly { id: number; weight: number }[][], visit: Occurrences, notes: number): { hits: Hits; documentFrequency: number[] } {
  const hits = scratchHits;
  hits.count = 0;
  hits.pairs.length = 0;
  const documentFrequency = forms.map(() => 0);
  // The last word each note was counted for: a note counts once per word, whatever its forms.
  const counted = new Int32Array(notes).fill(-1);
  forms.forEach((wordForms, word) => {
    for (const { id, weight } of wordForms) {
      // Longer forms (prefixes) only while half the hits are left: the words' own forms always count.
      if (weight !== 1 && hits.count >= maxHits / 2) continue;
      visit(id, (position, pairs, from, to) => {
        if (counted[position] !== word) {
          counted[position] = word;
          documentFrequency[word]! += 1;
        }
        addHit(hits, position, word, weight, pairs, from, to);
      });
    }
  });
  return { hits, documentFrequency };
}

/** The hits ordered by note (a counting sort): note p's are `order[starts[p] ... starts[p + 1])`, in the order found. */
function hitsByPosition(hits: Hits, notes: number): { starts: Int32Array; order: Int32Array } {
  const starts = new Int32Array(notes + 1);
  for (let hit = 0; hit < hits.count; hit += 1) starts[hits.position[hit]! + 1]! += 1;
  for (let position = 0; position < notes; position += 1) starts[position + 1]! += starts[position]!;
  const next = starts.slice(0, notes);
  const order = new Int32Array(hits.count);
  for (let hit = 0; hit < hits.count; hit += 1) order[next[hits.position[hit]!]!++] = hit;
  return { starts, order };
}

function carriesTags(query: FindQuery, note: AnalyzedNote): boolean {
  const carries = (tag: string) => note.tags.some((own) => own === tag || own.startsWith(`${tag}/`));
  return query.tags.every(carries) && !query.excludedTags.some(carries);
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
