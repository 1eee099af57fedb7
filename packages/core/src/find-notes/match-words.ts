import { VaultError } from '../vault/vault-error.js';
import type { PostingScan } from './note-index.js';
import { noteScratch } from './note-scratch.js';
import { saturated } from './score-note.js';

/** A form of a query word: a word of the dictionary, and what it counts for (1 for the word itself). */
export interface WordForm {
  id: number;
  weight: number;
}

/** What one pass over the postings of a query's words found, before any note is scored. */
export interface MatchedWords {
  /** Per query word, the forms looked up (longer forms yield past half the postings budget). */
  forms: WordForm[][];
  /** Per query word, its idf over the notes ranked: from how many notes hold any of its forms. */
  idf: number[];
  /** The positions of the notes holding at least one query word, in the order found (a view of scratch space, valid until the next query). */
  positions: Int32Array;
  /** By position (valid for those in `positions`), at least its score: per word, the saturation of the sum of its forms' impacts. */
  bound: Float64Array;
}

/** Most postings one query may read: the 500 queries of the relevance bench read at most 101,206 on its 9,746 notes; longer forms stop at half. */
export const maxPostings = 2 ** 21;

/** The error of a query whose words occur more than `maxPostings` times. */
export function tooManyPostings(): VaultError {
  return new VaultError(
    'INVALID_ARGUMENT',
    `The query's words occur more than ${maxPostings.toLocaleString('en-US')} times in the notes searched. Use fewer or rarer words, or narrow it with \`directoryPath\` or \`filePattern\`.`,
  );
}

/** Reads a word form's postings into a scan (`scanForm`), giving the postings read. */
export type ScanForm = (term: number, weight: number, into: PostingScan) => number;

/**
 * One pass over the postings of every form of the query's words (term at a time, into arrays kept
 * from query to query): how many notes hold each word (a note counts once per word, whatever its
 * forms), which notes hold any, and each note's bound, the sum over its words of idf times the
 * saturation of its forms' impacts (scaled by `drift`, and a hair for the impacts' float32 rounding).
 * A query reads at most `maxPostings` postings; the longer forms a word begins are read only while
 * half of that is left, so a query of common words is answered from the words themselves.
 */
export function matchWords(words: readonly WordForm[][], scan: ScanForm, positionOf: Int32Array, notes: number, drift: number): MatchedWords {
  const scratch = noteScratch(notes);
  const queryStamp = scratch.stamp();
  const into: PostingScan = { positionOf, marks: scratch.word, stamp: 0, impact: scratch.impact, holders: scratch.holders, held: 0 };
  const matched: Omit<MatchedWords, 'positions'> = { forms: [], idf: [], bound: scratch.bound };
  const { seen, bound, impact, holders, positions } = scratch;
  const scale = drift * (1 + 2 ** -20);
  let [read, found] = [0, 0];
  for (const forms of words) {
    into.stamp = scratch.stamp();
    into.held = 0;
    const used: WordForm[] = [];
    for (const form of forms) {
      if (form.weight !== 1 && read >= maxPostings / 2) continue;
      used.push(form);
      read += scan(form.id, form.weight, into);
      if (read > maxPostings) throw tooManyPostings();
    }
    const idf = Math.log(1 + (notes - into.held + 0.5) / (into.held + 0.5));
    matched.forms.push(used);
    matched.idf.push(idf);
    for (let at = 0; at < into.held; at += 1) {
      const position = holders[at]!;
      if (seen[position] !== queryStamp) {
        seen[position] = queryStamp;
        bound[position] = 0;
        positions[found++] = position;
      }
      bound[position]! += saturated(idf, impact[position]! * scale);
    }
  }
  return { forms: matched.forms, idf: matched.idf, positions: positions.subarray(0, found), bound: matched.bound };
}
