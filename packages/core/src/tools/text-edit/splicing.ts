import { findAll } from '../../text/find-all.js';
import type { NormalizedText } from '../../text/line-endings.js';
import type { Change } from './change-of.js';
import { occurrencesPerTurn } from './next-turn.js';

/** An edit's new text as the strings that make it up in a row (slices of the original, and what was inserted), and where the change is in it. */
export interface SplicedText {
  chunks: string[];
  startOffset: number;
  endOffset: number;
}

/**
 * The new text of `original` with `change` applied at the occurrence of `needle` at `first` (an
 * offset in `normalized.text`), and with `all` at every later non-overlapping occurrence that ends by `to`. Between
 * occurrences the original is copied as it is, line endings and all. Yields after every
 * `occurrencesPerTurn` occurrences (millions take seconds) so that a caller can give other calls a
 * turn; returns the new text in pieces (UTF-16 offsets, `endOffset` exclusive).
 */
export function* splicing(
  original: string,
  normalized: NormalizedText,
  needle: string,
  change: Change,
  { first, all, to = normalized.text.length }: { first: number; all: boolean; to?: number },
): Generator<void, SplicedText, void> {
  // Pieces are joined into strings of at most about a megabyte (or 65,536 pieces): one string or
  // array of pieces per occurrence could outgrow what V8 can hold for millions of them, and
  // concatenating piece by piece makes a garbage string per occurrence.
  const chunks: string[] = [];
  let pieces: string[] = [];
  let piecesLength = 0;
  let cursor = 0;
  let startOffset = -1;
  let written = 0;
  let replaced = 0;
  const positions = all ? findAll(normalized.text, needle, { overlapping: false, from: first }) : [first];
  const flush = () => {
    chunks.push(pieces.join(''));
    pieces = [];
    piecesLength = 0;
  };
  for (const position of positions) {
    if (position + needle.length > to) break;
    const before = original.slice(normalized.toOriginal(cursor), normalized.toOriginal(position + change.prefix));
    // A long stretch of the original is kept as it is: a slice of it, never copied.
    const long = before.length >= 1 << 20;
    if (long) {
      flush();
      chunks.push(before);
    } else if (before !== '') pieces.push(before);
    if (change.inserted !== '') pieces.push(change.inserted);
    piecesLength += (long ? 0 : before.length) + change.inserted.length;
    if (piecesLength >= 1 << 20 || pieces.length >= 1 << 16) flush();
    if (startOffset === -1) startOffset = written + before.length;
    written += before.length + change.inserted.length;
    cursor = position + needle.length - change.suffix;
    if (++replaced % occurrencesPerTurn === 0) yield;
  }
  chunks.push(pieces.join(''), original.slice(normalized.toOriginal(cursor)));
  return { chunks, startOffset, endOffset: written };
}
