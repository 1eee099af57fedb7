import type { AnalyzedNote } from './analyze-note.js';
import type { NoteIndex } from './note-index.js';
import { noteFields, type TermCounts, termIndex } from './note-terms.js';
import type { FindQuery } from './parse-find-query.js';
import type { TermDictionary } from './term-dictionary.js';

/** A note that matched, its score, and its best section (an index into its sections). */
export interface RankedNote {
  note: AnalyzedNote;
  score: number;
  section: number;
}

/** BM25's saturation: how soon more occurrences of a word stop adding to a score. */
const k1 = 1.2;
/** Each field's weight and length normalisation (b): a word in a note's name or title says more than one in its body. */
const fieldWeights = { name: 4, folders: 1, title: 4, tags: 3 } as const satisfies Record<(typeof noteFields)[number], number>;
const headingWeight = 2;
const noteBodyWeight = 0.5;
const fieldB = 0.5;
const bodyB = 0.75;

/**
 * The notes that match `query` (its tags carried, no excluded word or tag, every word of its
 * phrases present, at least one of its words when it has any), best first, ties by path; each
 * scored BM25F-style by its best section: a section's words weigh with the note's name, folders,
 * title, tags and aliases, its heading path, its body, and the note's whole body. Phrases and
 * excluded phrases of several words are checked against the text afterwards (`matchesPhrases`), as
 * counts of words cannot tell their order. `notes` must be sorted by path; those in `index` are
 * found through its postings, the others through their own terms, so only the notes holding a
 * query word are scored.
 */
export function rankNotes(query: FindQuery, notes: readonly AnalyzedNote[], dictionary: TermDictionary, index?: NoteIndex): RankedNote[] {
  const forms = query.words.map((word) => wordForms(word, dictionary));
  const mustHave = [...new Set(query.phrases.flat())].map((word) => dictionary.get(word));
  const mustLack = query.excluded.filter((phrase) => phrase.length === 1).map(([word]) => dictionary.get(word!));
  if (mustHave.includes(undefined)) return [];
  const visit = occurrencesIn(notes, index);
  const found = wordCounts(forms, visit);
  const documentFrequency = forms.map(() => 0);
  for (const counts of found.values()) for (const [word, joined] of counts.entries()) if (joined) documentFrequency[word]! += 1;
  const holding = (id: number | undefined) => {
    const positions = new Set<number>();
    if (id !== undefined) visit(id, (position) => positions.add(position));
    return positions;
  };
  const required = mustHave.map(holding);
  const excluded = mustLack.map(holding);
  const passes = (position: number) =>
    carriesTags(query, notes[position]!) && required.every((set) => set.has(position)) && !excluded.some((set) => set.has(position));
  const positions = forms.length > 0 ? [...found.keys()].sort((a, b) => a - b) : notes.map((_, position) => position);
  const averages = averagesOf(notes);
  const idf = documentFrequency.map((df) => Math.log(1 + (notes.length - df + 0.5) / (df + 0.5)));
  const ranked = positions.filter(passes).map((position) => scoreNote(notes[position]!, countsOf(found.get(position), forms.length), idf, averages));
  // Stable: positions are in path order, so equal scores stay in path order.
  return ranked.sort((a, b) => b.score - a.score);
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
  const positionOf = new Int32Array(index?.ordinals ?? 0).fill(-1);
  const ownTerms: number[] = [];
  notes.forEach((note, position) => {
    if (note.terms) ownTerms.push(position);
    else if (note.ordinal !== undefined && note.ordinal < positionOf.length) positionOf[note.ordinal] = position;
  });
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

/** A query word's counts in one note, its forms' counts joined by their weights. */
interface JoinedCounts {
  fields: number[];
  sections: Map<number, [number, number, number]>;
}

/** For each note (by position) holding a query word: each word's counts there, its forms joined (sparse: a word it lacks is a hole). */
function wordCounts(forms: readonly { id: number; weight: number }[][], visit: Occurrences): Map<number, JoinedCounts[]> {
  const found = new Map<number, JoinedCounts[]>();
  forms.forEach((wordForms, word) => {
    for (const { id, weight } of wordForms) {
      visit(id, (position, pairs, from, to) => {
        let counts = found.get(position);
        if (!counts) {
          counts = new Array<JoinedCounts>(forms.length);
          found.set(position, counts);
        }
        counts[word] ??= { fields: noteFields.map(() => 0), sections: new Map() };
        addPairs(counts[word], pairs, from, to, weight);
      });
    }
  });
  return found;
}

/** Adds (slot, count) pairs (`NoteTerms`' layout), each count times `weight`. */
function addPairs(joined: JoinedCounts, pairs: Uint32Array, from: number, to: number, weight: number) {
  for (let at = from; at < to; at += 2) {
    const [slot, count] = [pairs[at]!, pairs[at + 1]!];
    if (slot < noteFields.length) {
      joined.fields[slot]! += weight * count;
      continue;
    }
    const section = (slot - noteFields.length) >>> 1;
    let entry = joined.sections.get(section);
    if (!entry) {
      entry = [section, 0, 0];
      joined.sections.set(section, entry);
    }
    entry[(slot - noteFields.length) % 2 === 0 ? 1 : 2] += weight * count;
  }
}

/** The joined counts as `scoreNote` takes them: a word per entry, undefined where the note lacks it, sections in order. */
function countsOf(found: readonly JoinedCounts[] | undefined, words: number): (TermCounts | undefined)[] {
  return Array.from({ length: words }, (_, word) => {
    const joined = found?.[word];
    return joined && { fields: joined.fields, sections: [...joined.sections.values()].sort((a, b) => a[0] - b[0]) };
  });
}

function carriesTags(query: FindQuery, note: AnalyzedNote): boolean {
  const carries = (tag: string) => note.tags.some((own) => own === tag || own.startsWith(`${tag}/`));
  return query.tags.every(carries) && !query.excludedTags.some(carries);
}

/** The average length of each field over `notes`, and of a section's heading path and body. */
function averagesOf(notes: readonly AnalyzedNote[]): Averages {
  const lengths = { fields: noteFields.map(() => 0), heading: 0, noteBody: 0, sections: 0 };
  for (const note of notes) {
    for (const [field, length] of note.fieldLengths.entries()) lengths.fields[field]! += length;
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

interface Averages {
  fields: number[];
  heading: number;
  body: number;
  noteBody: number;
}

/** A note's score: its best section's, each word's counts in the section's fields joined as BM25F joins them. */
function scoreNote(note: AnalyzedNote, counts: readonly (TermCounts | undefined)[], idf: readonly number[], averages: Averages): RankedNote {
  const normalised = (count: number, length: number, average: number, b: number) => (average > 0 ? count / (1 - b + (b * length) / average) : count);
  // Per word: its weight in the note's own fields and whole body, shared by every section.
  const shared = counts.map((found) => {
    if (!found) return 0;
    let weight = 0;
    noteFields.forEach((field, index) => {
      weight += fieldWeights[field] * normalised(found.fields[index]!, note.fieldLengths[index]!, averages.fields[index]!, fieldB);
    });
    const inBody = found.sections.reduce((sum, [, , body]) => sum + body, 0);
    return weight + noteBodyWeight * normalised(inBody, note.bodyLength, averages.noteBody, bodyB);
  });
  // Per section: each word's weight in its heading path and body, for the sections holding a word (and the first).
  const own = new Map<number, Float64Array>([[0, new Float64Array(counts.length)]]);
  counts.forEach((found, word) => {
    for (const [section, inHeading, inBody] of found?.sections ?? []) {
      const { headingLength, bodyLength } = note.sections[section]!;
      let weights = own.get(section);
      if (!weights) {
        weights = new Float64Array(counts.length);
        own.set(section, weights);
      }
      weights[word] = headingWeight * normalised(inHeading, headingLength, averages.heading, fieldB) + normalised(inBody, bodyLength, averages.body, bodyB);
    }
  });
  let best: RankedNote = { note, score: -1, section: 0 };
  for (const section of [...own.keys()].sort((a, b) => a - b)) {
    const weights = own.get(section)!;
    let score = 0;
    shared.forEach((weight, word) => {
      const total = weight + weights[word]!;
      score += (idf[word]! * total * (k1 + 1)) / (k1 + total);
    });
    if (score > best.score) best = { note, score, section };
  }
  return best;
}
