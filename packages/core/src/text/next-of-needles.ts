/**
 * Where one of `needles` (none longer than 32 units: V8's `indexOf` is superlinear on long periodic ones, see
 * `findAll`) is next found in `text` at or after a place, or -1, at a place `resume` takes: it gives the place
 * found when taken, else a later place to look from (every place is taken, unless told): each needle's next
 * place is kept, and looked for again only once a place after it is asked for. The places asked for must
 * never go back: each needle's `indexOf` then goes forward through the text once, whatever the number of
 * places asked for.
 */
export function nextOfNeedles(text: string, needles: readonly string[], resume: (at: number, needle: number) => number = (at) => at): (from: number) => number {
  const nextOf = (needle: number, from: number) => {
    const sought = needles[needle]!;
    for (let at = text.indexOf(sought, from); at !== -1; ) {
      const next = resume(at, needle);
      if (next === at) return at;
      at = text.indexOf(sought, next);
    }
    return -1;
  };
  // Each needle's next place at or after the last place asked for (-1: none left).
  const ahead = needles.map((_, needle) => nextOf(needle, 0));
  return (from) => {
    let first = -1;
    for (let needle = 0; needle < needles.length; needle += 1) {
      if (ahead[needle]! !== -1 && ahead[needle]! < from) ahead[needle] = nextOf(needle, from);
      const at = ahead[needle]!;
      if (at !== -1 && (first === -1 || at < first)) first = at;
    }
    return first;
  };
}
