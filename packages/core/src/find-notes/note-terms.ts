import { VaultError } from '../vault/vault-error.js';

/** The fields of a note as a whole, in the order `NoteTerms` counts them. */
export const noteFields = ['name', 'folders', 'title', 'tags'] as const;
export type NoteField = (typeof noteFields)[number];

/**
 * How often each word occurs in each field of a note, packed for memory: for the word numbered
 * `termIds[i]` (ascending), `counts[offsets[i] ...offsets[i + 1])` holds pairs (slot, count) for
 * the places it occurs, and no pair where it does not. Slots 0-3 are the note fields (name,
 * folders, title, tags and aliases); slot 4 + 2s is section s's heading path, 5 + 2s its body.
 */
export interface NoteTerms {
  termIds: Uint32Array;
  offsets: Uint32Array;
  counts: Uint32Array;
}

/** Where one word sits in a note, read from `NoteTerms`. */
export interface TermCounts {
  fields: readonly number[];
  /** Each section the word is in: [section, heading count, body count], by section. */
  sections: [number, number, number][];
}

const sectionSlot = (section: number, part: 'heading' | 'body') => noteFields.length + 2 * section + (part === 'heading' ? 0 : 1);

/**
 * Most distinct words a note may hold to be ranked: notes of prose hold a few thousand (the corpus's
 * largest, 3,316); a log of unique ids or a hash list holds millions, and would cost seconds and
 * hundreds of MiB at every analysis. Past it the analysis stops: the note is skipped as too large to rank.
 */
export const maxNoteWords = 65_536;

/** Collects a note's words field by field, then packs them (`NoteTerms`); throws `FILE_TOO_LARGE` at the distinct word past `maxNoteWords`. */
export function createTermCollector() {
  const byTerm = new Map<number, number[]>();
  const add = (term: number, slot: number) => {
    const pairs = byTerm.get(term);
    if (!pairs && byTerm.size >= maxNoteWords)
      throw new VaultError('FILE_TOO_LARGE', `The note holds more than ${maxNoteWords} distinct words: too many to rank.`);
    if (!pairs) {
      byTerm.set(term, [slot, 1]);
      return;
    }
    // Sections come in order, so a section's slot is the last pair's or new; a note field's is searched (four at most).
    let at = pairs.length - 2;
    if (slot < noteFields.length) while (at >= 0 && pairs[at] !== slot) at -= 2;
    if (at >= 0 && pairs[at] === slot) pairs[at + 1]! += 1;
    else pairs.push(slot, 1);
  };
  return {
    addToField: (term: number, field: NoteField) => add(term, noteFields.indexOf(field)),
    addToSection: (term: number, section: number, part: 'heading' | 'body') => add(term, sectionSlot(section, part)),
    pack(): NoteTerms {
      const termIds = Uint32Array.from([...byTerm.keys()].sort((a, b) => a - b));
      const offsets = new Uint32Array(termIds.length + 1);
      let size = 0;
      for (const [index, term] of termIds.entries()) {
        offsets[index] = size;
        size += byTerm.get(term)!.length;
      }
      offsets[termIds.length] = size;
      const counts = new Uint32Array(size);
      for (const [index, term] of termIds.entries()) counts.set(byTerm.get(term)!, offsets[index]);
      return { termIds, offsets, counts };
    },
  };
}

/** Where the word numbered `term` sits in the note, or undefined when the note lacks it. */
export function termCounts(terms: NoteTerms, term: number): TermCounts | undefined {
  const at = termIndex(terms, term);
  return at === undefined ? undefined : decode(terms.counts.subarray(terms.offsets[at]!, terms.offsets[at + 1]!));
}

/** The index of the word numbered `term` among the note's (a binary search): its pairs are `counts[offsets[i] ... offsets[i + 1])`. */
export function termIndex({ termIds }: NoteTerms, term: number): number | undefined {
  let low = 0;
  let high = termIds.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = termIds[middle]!;
    if (found === term) return middle;
    if (found < term) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

function decode(pairs: Uint32Array): TermCounts {
  const fields = noteFields.map(() => 0);
  const sections: [number, number, number][] = [];
  for (let at = 0; at < pairs.length; at += 2) {
    const [slot, count] = [pairs[at]!, pairs[at + 1]!];
    if (slot < noteFields.length) {
      fields[slot] = count;
      continue;
    }
    const section = (slot - noteFields.length) >>> 1;
    if (sections.at(-1)?.[0] !== section) sections.push([section, 0, 0]);
    sections.at(-1)![(slot - noteFields.length) % 2 === 0 ? 1 : 2] = count;
  }
  return { fields, sections };
}
