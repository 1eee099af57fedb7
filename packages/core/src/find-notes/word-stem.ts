/**
 * The part of an English word its other forms share, found by cutting one ending (`configuring`,
 * `configured`, `configures` and `configuration` give `configur`; `libraries` gives `librar`;
 * `debugging` gives `debug`), or undefined when the word has none of these endings or what is left
 * is too short to say much. A query word also finds the words its stem begins (`rankNotes`).
 */
export function wordStem(word: string): string | undefined {
  if (!/^[a-z]+$/.test(word)) return undefined;
  const cut = (ending: string, shortest: number) =>
    word.endsWith(ending) && word.length - ending.length >= shortest ? word.slice(0, -ending.length) : undefined;
  // `configures` as `configure`: past a plural's `s`, a final `e` goes too while four letters stay.
  const withoutE = (stem: string | undefined) => (stem?.endsWith('e') && stem.length > 4 ? stem.slice(0, -1) : stem);
  const undoubled = (stem: string | undefined) => (stem !== undefined && /([^aeioulsz])\1$/.test(stem) ? stem.slice(0, -1) : stem);
  return (
    cut('ations', 4) ??
    cut('ation', 4) ??
    cut('ies', 4) ??
    (/(?:ss|x|ch|sh|z)es$/.test(word) ? cut('es', 3) : undefined) ??
    (/[^sui]s$/.test(word) ? withoutE(cut('s', 3)) : undefined) ??
    undoubled(cut('ing', 4)) ??
    undoubled(cut('ed', 4)) ??
    cut('e', 4)
  );
}
