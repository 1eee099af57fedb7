import { VaultError } from '../vault/vault-error.js';
import type { AnalyzedNote } from './analyze-note.js';
import { type NoteField, noteFields } from './note-terms.js';

/** BM25's saturation: how soon more occurrences of a word stop adding to a score. */
const k1 = 1.2;
/** Each field's weight and length normalisation (b): a word in a note's name or title says more than one in its body. */
const fieldWeightOf: Record<NoteField, number> = { name: 4, folders: 1, title: 4, tags: 3 };
const fieldWeights = noteFields.map((field) => fieldWeightOf[field]);
const headingWeight = 2;
const noteBodyWeight = 0.5;
const fieldB = 0.5;
const bodyB = 0.75;

/** The average length of each note field over the notes ranked, and of a section's heading path and body, and of a note's body. */
export interface Averages {
  fields: number[];
  heading: number;
  body: number;
  noteBody: number;
}

/**
 * Where a query's words occur in the notes scored, one entry per (note, word form), the first
 * `count`: the note's slot among the notes scored together, the query word, the form's weight, and its (slot, count) pairs,
 * `pairs[from ... to)` (`NoteTerms`' layout). Parallel arrays, grown as needed and used again by the
 * next query (ranking is synchronous): a query may find hundreds of thousands.
 */
export interface Hits {
  count: number;
  position: Int32Array;
  word: Int32Array;
  weight: Float64Array;
  from: Int32Array;
  to: Int32Array;
  pairs: Uint32Array[];
}

/** Most postings one query may read (and hits gather, 32 bytes each, 64 MiB): the 500 queries of the relevance bench read at most 101,206 on its 9,746 notes; longer forms stop at half (`matchWords`). */
export const maxHits = 2 ** 21;

export function createHits(): Hits {
  const size = 1024;
  return {
    count: 0,
    position: new Int32Array(size),
    word: new Int32Array(size),
    weight: new Float64Array(size),
    from: new Int32Array(size),
    to: new Int32Array(size),
    pairs: [],
  };
}

/** The error of a query whose words occur more than `maxHits` times. */
export function tooManyHits(): VaultError {
  return new VaultError(
    'INVALID_ARGUMENT',
    `The query's words occur more than ${maxHits.toLocaleString('en-US')} times in the notes searched. Use fewer or rarer words, or narrow it with \`directoryPath\` or \`filePattern\`.`,
  );
}

/** Adds a hit, growing the arrays when full. */
export function addHit(hits: Hits, position: number, word: number, weight: number, pairs: Uint32Array, from: number, to: number) {
  if (hits.count === maxHits) throw tooManyHits();
  if (hits.count === hits.position.length) {
    const grow = <T extends Int32Array | Float64Array>(array: T): T => {
      const grown = new (array.constructor as new (size: number) => T)(array.length * 2);
      grown.set(array);
      return grown;
    };
    [hits.position, hits.word, hits.from, hits.to] = [grow(hits.position), grow(hits.word), grow(hits.from), grow(hits.to)];
    hits.weight = grow(hits.weight);
  }
  const at = hits.count++;
  hits.position[at] = position;
  hits.word[at] = word;
  hits.weight[at] = weight;
  hits.pairs[at] = pairs;
  hits.from[at] = from;
  hits.to[at] = to;
}

/** The most a word of this idf can add to a note's score: the saturation's limit. */
export const maxWordScore = (idf: number) => idf * (k1 + 1);

const normalised = (count: number, length: number, average: number, b: number) => (average > 0 ? count / (1 - b + (b * length) / average) : count);

/**
 * Scores notes by their hits, with scratch space shared between notes (a query scores thousands):
 * BM25F by section, a note's score its best section's. Per query word, its counts in the note's own
 * fields and whole body are shared by every section, and its counts in a section's heading path and
 * body are that section's own; each word's weights are joined before saturation, then summed by idf.
 * `bound` gives at least a note's score for less: each word (and each of its forms) in its own best
 * section, so no sum over the note's sections is made per section.
 */
export function createNoteScorer(words: number, idf: readonly number[], averages: Averages) {
  const fields = new Float64Array(words * noteFields.length);
  const noteBody = new Float64Array(words);
  const shared = new Float64Array(words);
  const sectionShare = new Float64Array(words);
  const seen = new Uint8Array(words);
  const touched: number[] = [];
  // Per section hit, its slot: heading counts of every word, then body counts.
  const slots = new Map<number, number>();
  let own = new Float64Array(words * 2 * 4);
  const slotOf = (section: number) => {
    let slot = slots.get(section);
    if (slot !== undefined) return slot;
    slot = slots.size;
    slots.set(section, slot);
    if ((slot + 1) * 2 * words > own.length) {
      const grown = new Float64Array(own.length * 2);
      grown.set(own);
      own = grown;
    }
    own.fill(0, slot * 2 * words, (slot + 1) * 2 * words);
    return slot;
  };
  const clear = () => {
    for (const word of touched) {
      fields.fill(0, word * noteFields.length, (word + 1) * noteFields.length);
      noteBody[word] = 0;
      shared[word] = 0;
      sectionShare[word] = 0;
      seen[word] = 0;
    }
    touched.length = 0;
    slots.clear();
  };
  const touch = (word: number) => {
    if (seen[word] === 1) return;
    seen[word] = 1;
    touched.push(word);
  };
  /** Adds one hit's pairs. */
  const add = (hits: Hits, hit: number) => {
    const [word, weight, pairs] = [hits.word[hit]!, hits.weight[hit]!, hits.pairs[hit]!];
    touch(word);
    for (let at = hits.from[hit]!; at < hits.to[hit]!; at += 2) {
      const [slot, count] = [pairs[at]!, weight * pairs[at + 1]!];
      if (slot < noteFields.length) {
        fields[word * noteFields.length + slot]! += count;
        continue;
      }
      const inBody = (slot - noteFields.length) % 2;
      // The slot first: taking it may grow \`own\`, which \`own[...] +=\` would read before.
      const cell = slotOf((slot - noteFields.length) >>> 1) * 2 * words + inBody * words + word;
      own[cell]! += count;
      if (inBody) noteBody[word]! += count;
    }
  };
  /** Each touched word's weight in the note's own fields and whole body, shared by its sections. */
  const share = (note: AnalyzedNote) => {
    for (const word of touched) {
      let weight = 0;
      for (let field = 0; field < noteFields.length; field += 1) {
        const count = fields[word * noteFields.length + field]!;
        if (count > 0) weight += fieldWeights[field]! * normalised(count, note.fieldLengths[field]!, averages.fields[field]!, fieldB);
      }
      shared[word] = weight + noteBodyWeight * normalised(noteBody[word]!, note.bodyLength, averages.noteBody, bodyB);
    }
  };
  const sectionWeight = (note: AnalyzedNote, section: number, inHeading: number, inBody: number) => {
    const { headingLength, bodyLength } = note.sections[section]!;
    return headingWeight * normalised(inHeading, headingLength, averages.heading, fieldB) + normalised(inBody, bodyLength, averages.body, bodyB);
  };
  const saturated = (word: number, total: number) => (idf[word]! * total * (k1 + 1)) / (k1 + total);
  /** The note's score and best section, from its hits \`hits[order[first ... last)]\`. */
  const score = (note: AnalyzedNote, hits: Hits, order: Int32Array, first: number, last: number): { score: number; section: number } => {
    clear();
    for (let at = first; at < last; at += 1) add(hits, order[at]!);
    share(note);
    // Words the note lacks add nothing: the sums run over the note's words, in query order (as a sum over every word would).
    touched.sort((a, b) => a - b);
    const sectionScore = (section: number, slot: number | undefined) => {
      let score = 0;
      for (const word of touched) {
        const total =
          shared[word]! + (slot === undefined ? 0 : sectionWeight(note, section, own[slot * 2 * words + word]!, own[slot * 2 * words + words + word]!));
        score += saturated(word, total);
      }
      return score;
    };
    // The first section always competes; then those holding a word; equal scores go to the earlier section.
    const best = { score: sectionScore(0, slots.get(0)), section: 0 };
    for (const [section, slot] of slots) {
      if (section === 0) continue;
      const score = sectionScore(section, slot);
      if (score > best.score || (score === best.score && section < best.section)) [best.score, best.section] = [score, section];
    }
    return best;
  };
  /** At least the note's score (rounding aside), read from the same hits in one pass over their pairs. */
  const bound = (note: AnalyzedNote, hits: Hits, order: Int32Array, first: number, last: number): number => {
    clear();
    for (let at = first; at < last; at += 1) {
      const hit = order[at]!;
      const word = hits.word[hit]!;
      touch(word);
      sectionShare[word]! += formBound(note, word, hits.weight[hit]!, hits.pairs[hit]!, hits.from[hit]!, hits.to[hit]!);
    }
    share(note);
    let total = 0;
    for (const word of touched) total += saturated(word, shared[word]! + sectionShare[word]!);
    return total;
  };
  /** Adds a form's counts in the note's fields and whole body, and gives its weight in its best section (its pairs come section by section). */
  const formBound = (note: AnalyzedNote, word: number, weight: number, pairs: Uint32Array, from: number, to: number) => {
    let best = 0;
    let section = -1;
    let inSection = 0;
    for (let at = from; at < to; at += 2) {
      const slot = pairs[at]!;
      const count = weight * pairs[at + 1]!;
      if (slot < noteFields.length) {
        fields[word * noteFields.length + slot]! += count;
        continue;
      }
      const pairSection = (slot - noteFields.length) >>> 1;
      if (pairSection !== section) {
        best = Math.max(best, inSection);
        section = pairSection;
        inSection = 0;
      }
      const { headingLength, bodyLength } = note.sections[section]!;
      if ((slot - noteFields.length) % 2 === 0) inSection += headingWeight * normalised(count, headingLength, averages.heading, fieldB);
      else {
        inSection += normalised(count, bodyLength, averages.body, bodyB);
        noteBody[word]! += count;
      }
    }
    return Math.max(inSection, best);
  };
  return { score, bound };
}
