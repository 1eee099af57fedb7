/** A run of letters, digits and marks: a word, or a run of a script written without spaces (segmented further). */
const wordRun = /[\p{L}\p{N}\p{M}]+/gu;
/** Scripts written without spaces between words: a run in one of them is cut into words by `Intl.Segmenter`. */
export const unspacedScript = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** Scripts whose accents are folded away (`Café` is `cafe`); elsewhere a mark is part of the letter (Devanagari, Thai vowels). */
const foldedScripts = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}\p{M}]+$/u;
const asciiOnly = /^[\x20-\x7e]*$/;
const combiningMarks = /\p{M}/gu;
/** Longest word kept: longer runs (a base64 blob, a hash) are cut, so no word costs more than this in an index. */
export const maxWordLength = 64;

let segmenter: Intl.Segmenter | undefined;

/**
 * The words of `text` as FindNotes compares them: split at anything that is not a letter, digit or
 * mark (so `std::vector`, `_MSC_VER` and `don't` are two words each), folded (case; accents in
 * Latin, Greek and Cyrillic), runs of Chinese, Japanese, Thai, Lao, Khmer and Burmese cut into words
 * by the Unicode word rules. Words are kept whole: no stemming (decision 0017); a query word also
 * finds the longer words it begins, at ranking (`rankNotes`).
 */
export function noteWords(text: string): string[] {
  const words: string[] = [];
  for (const [run] of text.matchAll(wordRun)) {
    if (asciiOnly.test(run)) words.push(foldedWord(run));
    else if (unspacedScript.test(run)) for (const part of segmentRun(run)) words.push(foldedWord(part.segment));
    else words.push(foldedWord(run));
  }
  return words;
}

/** The words of `text` as `noteWords` gives them, each with where it starts in `text`. */
export function* wordsWithOffsets(text: string): Generator<{ word: string; start: number }> {
  for (const { 0: run, index } of text.matchAll(wordRun)) {
    if (asciiOnly.test(run) || !unspacedScript.test(run)) yield { word: foldedWord(run), start: index };
    else for (const part of segmentRun(run)) yield { word: foldedWord(part.segment), start: index + part.index };
  }
}

/** One word folded, as `noteWords` gives it. */
export function foldedWord(word: string): string {
  let folded: string;
  if (asciiOnly.test(word)) folded = word.toLowerCase();
  else if (foldedScripts.test(word)) folded = word.normalize('NFKD').replace(combiningMarks, '').toLowerCase();
  else folded = word.normalize('NFKC').toLowerCase();
  return folded.length > maxWordLength ? Array.from(folded).slice(0, maxWordLength).join('') : folded;
}

function segmentRun(run: string): { segment: string; index: number }[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  return [...segmenter.segment(run)].filter((part) => part.isWordLike);
}
