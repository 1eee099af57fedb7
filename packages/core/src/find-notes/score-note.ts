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
 * Where a query's words occur in the note being scored, one entry per word form it holds, the first
 * `count`: the query word, the form's weight, and its (slot, count) pairs, `pairs[from ... to)`
 * (`NoteTerms`' layout). Parallel arrays, grown as needed and used again by the next note (ranking
 * is synchronous): a note holds at most one entry per form of the query (1,344).
 */
export interface Hits {
  count: number;
  word: Int32Array;
  weight: Float64Array;
  from: Int32Array;
  to: Int32Array;
  pairs: Uint32Array[];
}

export function createHits(): Hits {
  const size = 64;
  return { count: 0, word: new Int32Array(size), weight: new Float64Array(size), from: new Int32Array(size), to: new Int32Array(size), pairs: [] };
}

/** Adds a hit, growing the arrays when full. */
export function addHit(hits: Hits, word: number, weight: number, pairs: Uint32Array, from: number, to: number) {
  if (hits.count === hits.word.length) {
    const grow = <T extends Int32Array | Float64Array>(array: T): T => {
      const grown = new (array.constructor as new (size: number) => T)(array.length * 2);
      grown.set(array);
      return grown;
    };
    [hits.word, hits.from, hits.to] = [grow(hits.word), grow(hits.from), grow(hits.to)];
    hits.weight = grow(hits.weight);
  }
  const at = hits.count++;
  hits.word[at] = word;
  hits.weight[at] = weight;
  hits.pairs[at] = pairs;
  hits.from[at] = from;
  hits.to[at] = to;
}

/** What a word of this idf adds to a score at this weight (BM25's saturation): at most `idf * (k1 + 1)`, its limit. */
export const saturated = (idf: number, weight: number) => (idf * weight * (k1 + 1)) / (k1 + weight);

const normalised = (count: number, length: number, average: number, b: number) => (average > 0 ? count / (1 - b + (b * length) / average) : count);

/**
 * Scores notes by their hits, with scratch space shared between notes (a query scores thousands):
 * BM25F by section, a note's score its best section's. Per query word, its counts in the note's own
 * fields and whole body are shared by every section, and its counts in a section's heading path and
 * body are that section's own; each word's weights are joined before saturation, then summed by idf.
 */
export function createNoteScorer(words: number, idf: readonly number[], averages: Averages) {
  const fields = new Float64Array(words * noteFields.length);
  const noteBody = new Float64Array(words);
  const shared = new Float64Array(words);
  // Per touched word, what it adds to a section that lacks it: its shared weight alone, saturated.
  const alone = new Float64Array(words);
  const seen = new Uint8Array(words);
  const touched: number[] = [];
  const slots = createSectionSlots(words);
  const clear = () => {
    for (const word of touched) {
      fields.fill(0, word * noteFields.length, (word + 1) * noteFields.length);
      noteBody[word] = 0;
      shared[word] = 0;
      seen[word] = 0;
    }
    touched.length = 0;
    slots.clear();
  };
  // Kept in query order as words are touched (a note touches a few): the sums below run in that order.
  const touch = (word: number) => {
    if (seen[word] === 1) return;
    seen[word] = 1;
    let at = touched.push(word) - 1;
    for (; at > 0 && touched[at - 1]! > word; at -= 1) touched[at] = touched[at - 1]!;
    touched[at] = word;
  };
  /** Adds one hit's pairs. */
  const add = (hits: Hits, hit: number) => {
    // Plain variables, no destructuring: it runs for every pair of every note scored.
    const word = hits.word[hit]!;
    const weight = hits.weight[hit]!;
    const pairs = hits.pairs[hit]!;
    touch(word);
    for (let at = hits.from[hit]!; at < hits.to[hit]!; at += 2) {
      const slot = pairs[at]!;
      const count = weight * pairs[at + 1]!;
      if (slot < noteFields.length) {
        fields[word * noteFields.length + slot]! += count;
        continue;
      }
      const inBody = (slot - noteFields.length) % 2;
      // The slot first: taking it may grow the counts, so they are asked for after.
      const cell = slots.slotOf((slot - noteFields.length) >>> 1) * 2 * words + inBody * words + word;
      slots.own()[cell]! += count;
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
      alone[word] = saturated(idf[word]!, shared[word]!);
    }
  };
  /** The note's score and best section, from its hits (`hits.count` of them). */
  const score = (note: AnalyzedNote, hits: Hits): { score: number; section: number } => {
    clear();
    for (let hit = 0; hit < hits.count; hit += 1) add(hits, hit);
    share(note);
    // Words the note lacks add nothing: the sums run over the note's words, in query order (as a sum over every word would).
    const own = slots.own();
    const sectionScore = (section: number, slot: number | undefined) => {
      let score = 0;
      if (slot === undefined) {
        for (const word of touched) score += alone[word]!;
        return score;
      }
      const { headingLength, bodyLength } = note.sections[section]!;
      for (const word of touched) {
        const heading = own[slot * 2 * words + word]!;
        const body = own[slot * 2 * words + words + word]!;
        // A word the section lacks weighs 0 in it (0 over a positive length norm), so it adds exactly what it adds alone.
        if (heading === 0 && body === 0) {
          score += alone[word]!;
          continue;
        }
        const inSection = headingWeight * normalised(heading, headingLength, averages.heading, fieldB) + normalised(body, bodyLength, averages.body, bodyB);
        score += saturated(idf[word]!, shared[word]! + inSection);
      }
      return score;
    };
    // The first section always competes; then those holding a word; equal scores go to the earlier section.
    const best = { score: sectionScore(0, slots.slotIf(0)), section: 0 };
    const { sections } = slots;
    for (let slot = 0; slot < sections.length; slot += 1) {
      const section = sections[slot]!;
      if (section === 0) continue;
      const score = sectionScore(section, slot);
      if (score > best.score || (score === best.score && section < best.section)) [best.score, best.section] = [score, section];
    }
    return best;
  };
  return { score };
}

/** Per section, its slot and the mark of the note that gave it one; kept from query to query (ranking is synchronous). */
let slotAt = new Int32Array(64);
let slotMark = new Int32Array(64);
let lastMark = 0;
let sectionCounts = new Float64Array(1024);

/**
 * The sections a note's hits touch, each with a slot of counts (heading counts of every word, then
 * body counts), in the order touched; arrays kept from note to note and query to query (a mark per
 * section says which note set its slot).
 */
function createSectionSlots(words: number) {
  const sections: number[] = [];
  let mark = 0;
  return {
    sections,
    own: () => sectionCounts,
    /** The section's slot, or undefined when no hit touched it. */
    slotIf: (section: number) => (section < slotMark.length && slotMark[section] === mark ? slotAt[section]! : undefined),
    /** The section's slot, given one (its counts zeroed) when it has none. */
    slotOf(section: number): number {
      if (section >= slotAt.length) [slotAt, slotMark] = [grownTo(slotAt, section), grownTo(slotMark, section)];
      if (slotMark[section] === mark) return slotAt[section]!;
      const slot = sections.push(section) - 1;
      slotMark[section] = mark;
      slotAt[section] = slot;
      if ((slot + 1) * 2 * words > sectionCounts.length) {
        const grown = new Float64Array(Math.max(sectionCounts.length * 2, (slot + 1) * 2 * words));
        grown.set(sectionCounts);
        sectionCounts = grown;
      }
      sectionCounts.fill(0, slot * 2 * words, (slot + 1) * 2 * words);
      return slot;
    },
    clear() {
      sections.length = 0;
      if (lastMark === 2 ** 31 - 1) [lastMark, slotMark] = [0, new Int32Array(slotMark.length)];
      lastMark += 1;
      mark = lastMark;
    },
  };
}

/** An Int32Array grown to hold index `at` (doubled), its values kept. */
function grownTo(array: Int32Array, at: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(Math.max(2 * array.length, at + 1));
  grown.set(array);
  return grown;
}

/**
 * A word form's impact in a note: its weight in the note's fields and whole body, plus its weight in
 * its best section (heading path and body), as the scorer weighs them with `averages`. It does not
 * depend on the query: a word's weight in any section is at most the sum of its forms' impacts (each
 * times its form's weight), so `saturated(idf, that sum)` bounds what the word adds to the note's score.
 */
export function formImpact(note: AnalyzedNote, pairs: Uint32Array, from: number, to: number, averages: Averages): number {
  // Plain variables, no destructuring: it runs once per posting at every merge.
  let fields = 0;
  let noteBody = 0;
  let best = 0;
  let section = -1;
  let inSection = 0;
  for (let at = from; at < to; at += 2) {
    const slot = pairs[at]!;
    const count = pairs[at + 1]!;
    if (slot < noteFields.length) {
      fields += fieldWeights[slot]! * normalised(count, note.fieldLengths[slot]!, averages.fields[slot]!, fieldB);
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
      noteBody += count;
    }
  }
  return fields + noteBodyWeight * normalised(noteBody, note.bodyLength, averages.noteBody, bodyB) + Math.max(best, inSection);
}

/** The average length of each field over `notes`, and of a section's heading path and body. */
export function averagesOf(notes: readonly AnalyzedNote[]): Averages {
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

/**
 * How much more than its impact under `reference` a word form may weigh under `now` (at least 1): a
 * weight `count / (1 - b + b * length / average)` grows with the average, at most in its proportion.
 * Impacts computed under averages floored at 1 (`impactAverages`), so the proportion is finite.
 */
export function averagesDrift(now: Averages, reference: Averages): number {
  const pairs: [number, number][] = [...now.fields.map((field, at) => [field, reference.fields[at]!] as [number, number])];
  pairs.push([now.heading, reference.heading], [now.body, reference.body], [now.noteBody, reference.noteBody]);
  return Math.max(1, ...pairs.map(([current, then]) => current / then));
}

/** Averages to compute impacts under: each at least 1, so that `averagesDrift` stays finite. */
export function impactAverages(averages: Averages): Averages {
  const floor = (value: number) => Math.max(value, 1);
  return { fields: averages.fields.map(floor), heading: floor(averages.heading), body: floor(averages.body), noteBody: floor(averages.noteBody) };
}
