import { foldedUnit } from './trigram-postings.js';

/**
 * A text's quadgram sketch: a bit per hash of each four code units in a row (case folded as the postings
 * fold them, `foldedUnit`), about four bits for each of its distinct trigrams. The postings tell that a
 * file holds every trigram of a word; the sketch, that it may also hold each trigram followed by the
 * word's next character (`mutex` in a file with `mute` and `utex`, not only `mut`, `ute` and `tex` apart).
 * A bit set by another quadgram lets a file through; a quadgram of the text is never missed.
 */
export function quadgramSketchOf(text: string, trigrams: number): Uint8Array {
  const sketch = new Uint8Array(sketchBytes(trigrams));
  const shift = 32 - Math.log2(sketch.length * 8);
  let key = 0;
  for (let index = 0; index < text.length; index += 1) {
    // Three folded units of 129 values each, and the next: at most 129 ** 4, under 2 ** 32.
    key = ((key % 129 ** 3) * 129 + foldedUnit(text.charCodeAt(index))) >>> 0;
    if (index >= 3) setBit(sketch, Math.imul(key, hashFactor) >>> shift);
  }
  return sketch;
}

/** The sketch's size in bytes for a text of `trigrams` distinct trigrams: a power of two, at least 8, at most 64 KiB. */
export function sketchBytes(trigrams: number): number {
  return 2 ** Math.min(16, Math.max(3, Math.ceil(Math.log2(Math.max(1, trigrams) / 2))));
}

/** The quadgram keys of each literal (none for one shorter than four units), for `sketchHolds`. */
export function literalQuadgrams(literals: readonly string[]): Uint32Array[] {
  return literals.map((literal) => {
    const keys: number[] = [];
    let key = 0;
    for (let index = 0; index < literal.length; index += 1) {
      key = ((key % 129 ** 3) * 129 + foldedUnit(literal.charCodeAt(index))) >>> 0;
      if (index >= 3) keys.push(key);
    }
    return Uint32Array.from(keys);
  });
}

/** Whether the sketch has the bit of every key: false means the text holds the quadgrams of no such literal. */
export function sketchHolds(sketch: Uint8Array, keys: Uint32Array): boolean {
  const shift = 32 - Math.log2(sketch.length * 8);
  for (const key of keys) {
    const bit = Math.imul(key, hashFactor) >>> shift;
    if ((sketch[bit >>> 3]! & (1 << (bit & 7))) === 0) return false;
  }
  return true;
}

/** Fibonacci hashing: the key times 2^32 over the golden ratio, its top bits. */
const hashFactor = 0x9e3779b1;

function setBit(sketch: Uint8Array, bit: number) {
  sketch[bit >>> 3]! |= 1 << (bit & 7);
}
