/** The fields of a note as a whole, in the order `NoteTerms` counts them. */
export const noteFields = ['name', 'folders', 'title', 'tags'] as const;
export type NoteField = (typeof noteFields)[number];

/**
 * How often each word occurs in each field of a note, packed: for the word numbered `termIds[i]`
 * (ascending), `counts[offsets[i] ...offsets[i + 1])` holds its count in each note field (name,
 * folders, title, tags and aliases), then for each section it occurs in: the section's index, the
 * count in its heading path, the count in its body.
 */
export interface NoteTerms {
  termIds: Uint32Array;
  offsets: Uint32Array;
  counts: Uint32Array;
}

/** Where one word sits in a note, read from `NoteTerms`. */
export interface TermCounts {
  fields: readonly number[];
  /** Each section the word is in: [section, heading count, body count]. */
  sections: [number, number, number][];
}

/** Collects a note's words field by field, then packs them (`NoteTerms`). */
export function createTermCollector() {
  const byTerm = new Map<number, number[]>();
  const entry = (term: number) => {
    let counts = byTerm.get(term);
    if (!counts) {
      counts = [0, 0, 0, 0];
      byTerm.set(term, counts);
    }
    return counts;
  };
  return {
    addToField(term: number, field: NoteField) {
      entry(term)[noteFields.indexOf(field)]! += 1;
    },
    addToSection(term: number, section: number, part: 'heading' | 'body') {
      const counts = entry(term);
      // A section's entry is always the last one, as sections come in order.
      if (counts.length === noteFields.length || counts.at(-3) !== section) counts.push(section, 0, 0);
      counts[counts.length - (part === 'heading' ? 2 : 1)]! += 1;
    },
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
      for (const [index, term] of termIds.entries()) counts.set(byTerm.get(term)!, offsets[index]!);
      return { termIds, offsets, counts };
    },
  };
}

/** Where the word numbered `term` sits in the note, or undefined when the note lacks it (a binary search). */
export function termCounts({ termIds, offsets, counts }: NoteTerms, term: number): TermCounts | undefined {
  let low = 0;
  let high = termIds.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = termIds[middle]!;
    if (found === term) {
      const slice = counts.subarray(offsets[middle]!, offsets[middle + 1]!);
      const sections: [number, number, number][] = [];
      for (let at = noteFields.length; at < slice.length; at += 3) sections.push([slice[at]!, slice[at + 1]!, slice[at + 2]!]);
      return { fields: Array.from(slice.subarray(0, noteFields.length)), sections };
    }
    if (found < term) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}
