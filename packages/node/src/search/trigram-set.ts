/**
 * A text's trigrams (three UTF-16 code units in a row, case folded) as a bit set: one bit per trigram,
 * at a hashed place, in two to four bits a code unit (a power of two), so a quarter to a half of an
 * ASCII text's size: few enough set that a literal of a few trigrams is rarely taken for present. A literal whose trigrams are not all set is not in the
 * text; when they are, it may be (a bit shared by several trigrams). A search passes over the files
 * whose sets rule out every literal its matching lines must hold, as codesearch and Zoekt do with
 * their (exact, larger) trigram indexes.
 */
export interface TrigramSet {
  bits: Uint8Array;
  /** log2 of the number of bits. */
  order: number;
}

/**
 * A code unit as the sets see it: ASCII letters in lower case, the two non-ASCII characters that match
 * ASCII letters when case is ignored (U+017F long s, U+212A Kelvin sign) as those letters, and every
 * other non-ASCII code unit as one and the same value: so any two characters a search can take for
 * each other (in JavaScript's case-insensitive matching, Unicode or not) look the same.
 */
function fold(code: number): number {
  if (code < 128) return code >= 65 && code <= 90 ? code + 32 : code;
  if (code === 0x17f) return 115;
  if (code === 0x212a) return 107;
  return 128;
}

/** The place of a trigram of folded code units in a set of 2^order bits. */
function place(a: number, b: number, c: number, order: number): number {
  return Math.imul((a * 129 + b) * 129 + c, 0x9e3779b1) >>> (32 - order);
}

/** log2 of the bits of the set of a text of `length` code units: two to four bits a code unit, at least 64 bits, at most 2^27 (16 MiB). */
function orderOf(length: number): number {
  return Math.max(6, Math.min(27, Math.ceil(Math.log2(Math.max(1, length))) + 1));
}

/** The bytes the trigram set of a text of `length` code units takes. */
export function trigramSetBytes(length: number): number {
  return 2 ** (orderOf(length) - 3);
}

/** The trigram set of `text`. */
export function trigramSet(text: string): TrigramSet {
  const order = orderOf(text.length);
  const bits = new Uint8Array(2 ** (order - 3));
  let a = 0;
  let b = 0;
  for (let index = 0; index < text.length; index += 1) {
    const c = fold(text.charCodeAt(index));
    if (index >= 2) {
      const at = place(a, b, c, order);
      bits[at >>> 3]! |= 1 << (at & 7);
    }
    a = b;
    b = c;
  }
  return { bits, order };
}

/**
 * A test of trigram sets for a query whose matching lines each hold one of `literals`: false when the
 * set rules out every one. Undefined when it can rule out nothing (no literals, or one shorter than 3).
 */
export function trigramTest(literals: readonly string[] | undefined): ((set: TrigramSet) => boolean) | undefined {
  if (literals === undefined || literals.length === 0 || literals.some((literal) => literal.length < 3)) return undefined;
  const folded = literals.map((literal) => Array.from({ length: literal.length }, (_, index) => fold(literal.charCodeAt(index))));
  return ({ bits, order }) =>
    folded.some((codes) => {
      for (let index = 2; index < codes.length; index += 1) {
        const at = place(codes[index - 2]!, codes[index - 1]!, codes[index]!, order);
        if ((bits[at >>> 3]! & (1 << (at & 7))) === 0) return false;
      }
      return true;
    });
}
