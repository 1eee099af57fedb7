/** The words an index has seen, each with a number: notes keep numbers, not strings (memory). */
export interface TermDictionary {
  /** The word's number, given it now if it has none. */
  add(word: string): number;
  /** The word's number, or undefined when no note seen holds it. */
  get(word: string): number | undefined;
  readonly size: number;
}

export function createTermDictionary(): TermDictionary {
  const ids = new Map<string, number>();
  return {
    add(word) {
      let id = ids.get(word);
      if (id === undefined) {
        id = ids.size;
        ids.set(word, id);
      }
      return id;
    },
    get: (word) => ids.get(word),
    get size() {
      return ids.size;
    },
  };
}
