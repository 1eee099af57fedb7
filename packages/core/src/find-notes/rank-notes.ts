import type { AnalyzedNote } from './analyze-note.js';
import { noteFields, type TermCounts, termCounts } from './note-terms.js';
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
 * counts of words cannot tell their order. `notes` must be sorted by path.
 */
export function rankNotes(query: FindQuery, notes: readonly AnalyzedNote[], dictionary: TermDictionary): RankedNote[] {
  const forms = query.words.map((word) => wordForms(word, dictionary));
  const mustHave = [...new Set(query.phrases.flat())].map((word) => dictionary.get(word));
  const mustLack = query.excluded.filter((phrase) => phrase.length === 1).map(([word]) => dictionary.get(word!));
  if (mustHave.includes(undefined)) return [];
  const candidates: { note: AnalyzedNote; counts: (TermCounts | undefined)[] }[] = [];
  const documentFrequency = forms.map(() => 0);
  const lengths = { fields: noteFields.map(() => 0), heading: 0, body: 0, noteBody: 0, sections: 0 };
  for (const note of notes) {
    for (const [field, length] of note.fieldLengths.entries()) lengths.fields[field]! += length;
    lengths.noteBody += note.bodyLength;
    lengths.sections += note.sections.length;
    for (const section of note.sections) {
      lengths.heading += section.headingLength;
      lengths.body += section.bodyLength;
    }
    const counts = forms.map((wordForms) => formCounts(note, wordForms));
    counts.forEach((found, word) => {
      if (found) documentFrequency[word]! += 1;
    });
    if (!passesFilters(query, note, mustHave as number[], mustLack)) continue;
    if (forms.length > 0 && counts.every((found) => found === undefined)) continue;
    candidates.push({ note, counts });
  }
  const averages = {
    fields: lengths.fields.map((length) => length / Math.max(notes.length, 1)),
    heading: lengths.heading / Math.max(lengths.sections, 1),
    body: lengths.body / Math.max(lengths.sections, 1),
    noteBody: lengths.noteBody / Math.max(notes.length, 1),
  };
  const idf = documentFrequency.map((df) => Math.log(1 + (notes.length - df + 0.5) / (df + 0.5)));
  const ranked = candidates.map(({ note, counts }) => scoreNote(note, counts, idf, averages));
  // Stable: notes come sorted by path, so equal scores stay in path order.
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

/** A query word's counts in a note, its forms' counts joined by their weights; undefined when the note has none. */
function formCounts(note: AnalyzedNote, forms: readonly { id: number; weight: number }[]): TermCounts | undefined {
  let joined: { fields: number[]; sections: Map<number, [number, number, number]> } | undefined;
  for (const { id, weight } of forms) {
    const found = termCounts(note.terms, id);
    if (!found) continue;
    joined ??= { fields: noteFields.map(() => 0), sections: new Map() };
    found.fields.forEach((count, field) => {
      joined!.fields[field]! += weight * count;
    });
    for (const [section, inHeading, inBody] of found.sections) {
      const entry = joined.sections.get(section) ?? [section, 0, 0];
      entry[1] += weight * inHeading;
      entry[2] += weight * inBody;
      joined.sections.set(section, entry);
    }
  }
  return joined && { fields: joined.fields, sections: [...joined.sections.values()].sort((a, b) => a[0] - b[0]) };
}

function passesFilters(query: FindQuery, note: AnalyzedNote, mustHave: readonly number[], mustLack: readonly (number | undefined)[]): boolean {
  const carries = (tag: string) => note.tags.some((own) => own === tag || own.startsWith(`${tag}/`));
  if (!query.tags.every(carries) || query.excludedTags.some(carries)) return false;
  if (mustHave.some((id) => termCounts(note.terms, id) === undefined)) return false;
  return !mustLack.some((id) => id !== undefined && termCounts(note.terms, id) !== undefined);
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
