import { noteScratch } from './note-scratch.js';
import type { Occurrences } from './note-scope.js';
import { maxHits, maxWordScore, tooManyHits } from './score-note.js';

/** A form of a query word: a word of the dictionary, and what it counts for (1 for the word itself). */
export interface WordForm {
  id: number;
  weight: number;
}

/** What one pass over the postings of a query's words found, before any note is scored. */
export interface MatchedWords {
  /** Per query word, the forms looked up (longer forms yield past half the hit budget). */
  forms: WordForm[][];
  /** Per query word, its idf over the notes ranked: from how many notes hold any of its forms. */
  idf: number[];
  /** The positions of the notes holding at least one query word, in the order found. */
  positions: number[];
  /** By position (valid for those in `positions`), the most its words could add to its score: each at its saturation's limit. */
  bound: Float64Array;
}

/**
 * One pass over the postings of every form of the query's words that reads note numbers only: how
 * many notes hold each word (a note counts once per word, whatever its forms), which notes hold
 * any, and each note's bound. A query reads at most `maxHits` postings; the longer forms a word
 * begins are read only while half of that is left, so a query of common words is answered from the
 * words themselves.
 */
export function matchWords(words: readonly WordForm[][], visit: Occurrences, notes: number): MatchedWords {
  const scratch = noteScratch(notes);
  const queryStamp = scratch.stamp();
  const matched: MatchedWords = { forms: [], idf: [], positions: [], bound: scratch.bound };
  const holders: number[] = [];
  let read = 0;
  for (const forms of words) {
    const wordStamp = scratch.stamp();
    holders.length = 0;
    const used: WordForm[] = [];
    for (const form of forms) {
      if (form.weight !== 1 && read >= maxHits / 2) continue;
      used.push(form);
      visit(form.id, (position) => {
        if (++read > maxHits) throw tooManyHits();
        if (scratch.word[position] === wordStamp) return;
        scratch.word[position] = wordStamp;
        holders.push(position);
      });
    }
    const idf = Math.log(1 + (notes - holders.length + 0.5) / (holders.length + 0.5));
    matched.forms.push(used);
    matched.idf.push(idf);
    for (const position of holders) {
      if (scratch.seen[position] !== queryStamp) {
        scratch.seen[position] = queryStamp;
        scratch.bound[position] = 0;
        matched.positions.push(position);
      }
      scratch.bound[position]! += maxWordScore(idf);
    }
  }
  return matched;
}
