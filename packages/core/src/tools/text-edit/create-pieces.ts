import { countOf } from '../../text/line-endings.js';

/** Strings in a row, searched and cut as the one string they make (see `createPieces`). */
export interface Pieces {
  length: number;
  charAt(offset: number): string;
  indexOf(needle: string, from: number): number;
  lastIndexOf(needle: string, from: number): number;
  count(needle: string, from: number, to: number): number;
  slice(from: number, to: number): string;
}

/** Strings in a row, searched and cut as the one string they make, without joining them. */
export function createPieces(chunks: readonly string[]): Pieces {
  const starts: number[] = [];
  let length = 0;
  for (const chunk of chunks) {
    starts.push(length);
    length += chunk.length;
  }
  /** The index of the piece holding `offset` (the last piece for the end). */
  const pieceAt = (offset: number) => {
    let low = 0;
    let high = chunks.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  return {
    length,
    charAt: (offset: number) => chunks[pieceAt(offset)]!.charAt(offset - starts[pieceAt(offset)]!),
    indexOf(needle: string, from: number): number {
      for (let piece = pieceAt(from); piece < chunks.length; piece += 1) {
        const found = chunks[piece]!.indexOf(needle, Math.max(0, from - starts[piece]!));
        if (found !== -1) return starts[piece]! + found;
      }
      return -1;
    },
    lastIndexOf(needle: string, from: number): number {
      for (let piece = pieceAt(from); piece >= 0; piece -= 1) {
        const found = chunks[piece]!.lastIndexOf(needle, from - starts[piece]!);
        if (found !== -1) return starts[piece]! + found;
      }
      return -1;
    },
    count(needle: string, from: number, to: number): number {
      let total = 0;
      for (let piece = pieceAt(from); piece < chunks.length && starts[piece]! < to; piece += 1) {
        total += countOf(chunks[piece]!, needle, Math.max(0, from - starts[piece]!), to - starts[piece]!);
      }
      return total;
    },
    slice: (from: number, to: number) =>
      chunks.map((chunk, piece) => chunk.slice(Math.max(0, from - starts[piece]!), Math.max(0, to - starts[piece]!))).join(''),
  };
}
