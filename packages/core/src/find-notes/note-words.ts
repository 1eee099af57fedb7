/** A run of letters, digits and marks: a word, or a run of a script written without spaces (segmented further). */
const wordRun = /[\p{L}\p{N}\p{M}]+/gu;
/** Scripts written without spaces between words: a run in one of them is cut into words by `Intl.Segmenter`. */
export const unspacedScript = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** Letters whose case folding is not their lower case (`foldedWord`). */
const caseFolded = /[ßς]/g;
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

/** Case folding beyond lower case, of a text in lower case: `ß` (and `ẞ`) is `ss`, as `STRASSE` is written; a final `ς` is `σ`, as in `ΣΟΦΟΣ`'s other forms. */
export function foldBeyondLowerCase(lowerCase: string): string {
  return lowerCase.replace(caseFolded, (letter) => (letter === 'ß' ? 'ss' : 'σ'));
}

/** One word folded, as `noteWords` gives it. */
export function foldedWord(word: string): string {
  let folded: string;
  if (asciiOnly.test(word)) folded = word.toLowerCase();
  else if (foldedScripts.test(word)) folded = word.normalize('NFKD').replace(combiningMarks, '').toLowerCase();
  else folded = word.normalize('NFKC').toLowerCase();
  if (!asciiOnly.test(word)) folded = foldBeyondLowerCase(folded);
  return folded.length > maxWordLength ? Array.from(folded).slice(0, maxWordLength).join('') : folded;
}

/**
 * Longest piece of a run given to `Intl.Segmenter` at once. Node 20's segmenter costs the square of
 * the text's length (a run of 85,000 Chinese characters ran it out of memory), so a longer run is
 * cut into pieces of at most this many UTF-16 units, each segmented alone: a piece costs at most a
 * few milliseconds on Node 20. A run holds no space or punctuation (they end runs), so the cut is
 * at a fixed length, moved back to a character's start: never inside a surrogate pair, never
 * between a letter and its marks. What it costs: a word across a cut is two words, one at most
 * every 1,000 characters of an unbroken run; runs shorter than this are segmented exactly as before.
 */
export const segmentedPieceLength = 1000;
const mark = /^\p{M}$/u;

/** The words of one run of a script written without spaces, each with where it starts in the run. */
function* segmentRun(run: string): Generator<{ segment: string; index: number }> {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  for (let start = 0; start < run.length; ) {
    const end = pieceEnd(run, start);
    for (const part of segmenter.segment(run.slice(start, end))) if (part.isWordLike) yield { segment: part.segment, index: start + part.index };
    start = end;
  }
}

/** Where the piece of `run` starting at `start` ends: `segmentedPieceLength` on, moved back to a character's start. */
function pieceEnd(run: string, start: number): number {
  const longest = start + segmentedPieceLength;
  if (longest >= run.length) return run.length;
  for (let end = longest; end > start; end -= 1) if (!continuesCharacter(run, end)) return end;
  // A piece of marks only: cut where it does not split a surrogate pair.
  return isLowSurrogate(run.charCodeAt(longest)) ? longest - 1 : longest;
}

/** Whether `text[at]` cannot start a piece: the low half of a surrogate pair, or a mark (it belongs to the letter before it). */
function continuesCharacter(text: string, at: number): boolean {
  return isLowSurrogate(text.charCodeAt(at)) || mark.test(String.fromCodePoint(text.codePointAt(at)!));
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
