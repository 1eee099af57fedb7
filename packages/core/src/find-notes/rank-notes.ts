import type { AnalyzedNote } from './analyze-note.js';
import { matchWords, type ScanForm, type WordForm } from './match-words.js';
import type { NoteIndex, PairsAt, PostingScan } from './note-index.js';
import { pairsOf, scanForm, scopeOf } from './note-scope.js';
import { noteScratch } from './note-scratch.js';
import type { FindQuery } from './parse-find-query.js';
import { createNoteScorer } from './score-note.js';
import { type ScoredNote, scoreBest, scoreNote } from './score-notes.js';
import type { TermDictionary } from './term-dictionary.js';
import { irregularForms } from './irregular-verbs.js';
import { ordinalNumber } from './ordinal-number.js';
import { wordPrefix } from './word-prefix.js';

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
 * scored only when its bound (`matchWords`: from its words' impacts, read with the postings) reaches
 * the `best`-th score found so far (`scoreBest`). The others cannot be among them.
 */
export function rankNotes(
  query: FindQuery,
  notes: readonly AnalyzedNote[],
  dictionary: TermDictionary,
  { index, best }: { index?: NoteIndex | undefined; best?: number | undefined } = {},
): Ranking {
  if (lacksPhraseWords(query, dictionary)) return { notes: [], total: 0 };
  const scope = scopeOf(notes, index);
  const scan: ScanForm = (term, weight, into) => scanForm(notes, index, scope, term, weight, into);
  const matched = matchWords(
    query.words.map((word) => wordForms(word, dictionary)),
    scan,
    scope.positionOf,
    notes.length,
    scope.drift,
  );
  const { passes, filtered } = queryFilter(query, notes, dictionary, scan, scope.positionOf);
  // A note with no query word is a candidate only when the query has no word (tags alone): all score 0, so path order.
  const holders: ArrayLike<number> = query.words.length === 0 ? notes.map((_, position) => position) : matched.positions;
  const candidates = filtered ? Array.prototype.filter.call(holders, passes) : holders;
  const scoring = {
    forms: matched.forms,
    pairsOf: (note: AnalyzedNote, term: number, at: PairsAt) => pairsOf(note, term, at, index),
    scorer: createNoteScorer(matched.forms.length, matched.idf, scope.averages),
  };
  const score = (position: number) => scoreNote(notes, position, scoring);
  let ranked: ScoredNote[];
  if (best === undefined || candidates.length <= best) ranked = Array.from(candidates, score);
  else if (query.words.length === 0) ranked = Array.from({ length: best }, (_, at) => score(candidates[at]!));
  else ranked = scoreBest(candidates, matched.bound, best, score);
  // Equal scores go by position: path order.
  ranked.sort((a, b) => b.score - a.score || a.position - b.position);
  const shown = best === undefined ? ranked : ranked.slice(0, best);
  return { notes: shown.map(({ note, score: noteScore, section }) => ({ note, score: noteScore, section })), total: candidates.length };
}

/**
 * Whether the note at a position of `notes` passes the query's filters (its tags, the words of its
 * phrases, no excluded word or tag), whatever its other words: for the notes found by their meaning.
 */
export function acceptsOf(query: FindQuery, notes: readonly AnalyzedNote[], dictionary: TermDictionary, index?: NoteIndex): (position: number) => boolean {
  if (lacksPhraseWords(query, dictionary)) return () => false;
  const scope = scopeOf(notes, index);
  const scan: ScanForm = (term, weight, into) => scanForm(notes, index, scope, term, weight, into);
  return queryFilter(query, notes, dictionary, scan, scope.positionOf).passes;
}

/** A word of the query's phrases that no note holds: no note matches. */
const lacksPhraseWords = (query: FindQuery, dictionary: TermDictionary) => query.phrases.flat().some((word) => dictionary.get(word) === undefined);

/** The query's filters (`acceptsOf`), and whether it has any (else every note passes). */
function queryFilter(query: FindQuery, notes: readonly AnalyzedNote[], dictionary: TermDictionary, scan: ScanForm, positionOf: Int32Array) {
  const mustHave = [...new Set(query.phrases.flat())].map((word) => dictionary.get(word));
  const mustLack = query.excluded.filter((phrase) => phrase.length === 1).map(([word]) => dictionary.get(word!));
  const holding = (id: number | undefined) => new Set(id === undefined ? [] : holdersOf(scan, positionOf, notes.length, id));
  const required = mustHave.map(holding);
  const excluded = mustLack.map(holding);
  const passes = (position: number) =>
    carriesTags(query, notes[position]!) && required.every((set) => set.has(position)) && !excluded.some((set) => set.has(position));
  return { passes, filtered: query.tags.length + query.excludedTags.length + required.length + excluded.length > 0 };
}

/** The positions of the notes holding a word (any form of it: here, the word alone). */
function holdersOf(scan: ScanForm, positionOf: Int32Array, notes: number, term: number): Int32Array {
  const scratch = noteScratch(notes);
  const into: PostingScan = { positionOf, marks: scratch.word, stamp: scratch.stamp(), impact: scratch.impact, holders: scratch.holders, held: 0 };
  scan(term, 0, into);
  return into.holders.slice(0, into.held);
}

/** Other words a query word also finds (by its prefix or its stem), at most: the shortest, closest forms. */
export const maxPrefixForms = 20;
/** What another form found by prefix or stem counts for, against the word itself. */
const prefixWeight = 0.5;

/**
 * The words of the dictionary a query word finds: itself (weight 1), and the longer words it begins
 * (`index` finds `indexing`), or with an English ending its stem and the words the stem begins
 * (`configuring` finds `configure` and `configuration`: `wordStem`), the shortest first, and an
 * irregular verb's other forms (`irregularForms`). A stop word finds itself only (`the` is not `theme`).
 */
function wordForms(word: string, dictionary: TermDictionary): WordForm[] {
  const id = dictionary.get(word);
  const forms = id === undefined ? [] : [{ id, weight: 1 }];
  // An ordinal of digits finds its number (`20th` finds `20`, as a daily note's name holds it), and no longer numbers.
  const number = ordinalNumber(word);
  const numberId = number === undefined ? undefined : dictionary.get(number);
  if (number !== undefined) return numberId === undefined ? forms : [...forms, { id: numberId, weight: prefixWeight }];
  // An irregular verb's other forms (`send` finds `sent`), then its stem and the words the stem or the word begins.
  const irregular = irregularForms(word).flatMap((form) => dictionary.get(form) ?? []);
  const prefix = wordPrefix(word);
  if (prefix === undefined) return [...forms, ...irregular.map((other) => ({ id: other, weight: prefixWeight }))];
  // A stem is a word of its own too (`paper`); the word itself is among `forms` already.
  const stemId = prefix === word ? undefined : dictionary.get(prefix);
  // Once each (`eaten` is both `eat`'s form and a word `eat` begins).
  const others = [...new Set([...irregular, ...(stemId === undefined ? [] : [stemId]), ...dictionary.longerWords(prefix, maxPrefixForms + 1)])];
  return [
    ...forms,
    ...others
      .filter((other) => other !== id)
      .slice(0, maxPrefixForms)
      .map((other) => ({ id: other, weight: prefixWeight })),
  ];
}

function carriesTags(query: FindQuery, note: AnalyzedNote): boolean {
  const carries = (tag: string) => note.tags.some((own) => own === tag || own.startsWith(`${tag}/`));
  return query.tags.every(carries) && !query.excludedTags.some(carries);
}
