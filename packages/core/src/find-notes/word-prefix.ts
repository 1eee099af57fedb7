import { unspacedScript } from './note-words.js';
import { ordinalNumber } from './ordinal-number.js';
import { stopWords } from './stop-words.js';
import { wordStem } from './word-stem.js';

/** Shortest query word that also finds longer words: three letters, or two of a script written without spaces (`東京` finds `東京タワー`, one word to the segmenter). */
const minPrefixLength = 3;
const minUnspacedPrefixLength = 2;

/**
 * What the other words a query word finds begin with: its stem when it has an English ending
 * (`papers` finds `paper` and `papered`: `wordStem`), else the word itself (`index` finds
 * `indexing`). Undefined for a word that finds itself only: one shorter than `minPrefixLength`, a stop
 * word (`the` is not `theme`), an ordinal of digits (`20th` finds its number, `ordinalNumber`).
 */
export function wordPrefix(word: string): string | undefined {
  if (word.length < (unspacedScript.test(word) ? minUnspacedPrefixLength : minPrefixLength) || stopWords.has(word) || ordinalNumber(word) !== undefined)
    return undefined;
  return wordStem(word) ?? word;
}
