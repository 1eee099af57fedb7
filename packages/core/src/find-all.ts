/** Needles longer than this are searched with KMP: V8's `indexOf` is superlinear on periodic long needles ("a" x 2000 + "b" + "a" x 2000 in 4 MB of "a": 4 s). */
const longNeedle = 32;

/**
 * The start offsets of `needle` in `text`, from `from` on, left to right: every occurrence
 * (overlapping ones too) or only non-overlapping ones. Linear in the text whatever the needle:
 * `indexOf` for short needles, Knuth-Morris-Pratt for long ones.
 */
export function* findAll(text: string, needle: string, { overlapping, from = 0 }: { overlapping: boolean; from?: number }): Generator<number> {
  if (needle.length <= longNeedle) {
    const step = overlapping ? 1 : needle.length;
    for (let index = text.indexOf(needle, from); index !== -1; index = text.indexOf(needle, index + step)) yield index;
    return;
  }
  const fallback = failureTable(needle);
  let matched = 0;
  for (let index = from; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    while (matched > 0 && needle.charCodeAt(matched) !== code) matched = fallback[matched - 1]!;
    if (needle.charCodeAt(matched) === code) matched += 1;
    if (matched === needle.length) {
      yield index - needle.length + 1;
      matched = overlapping ? fallback[matched - 1]! : 0;
    }
  }
}

/** The first offset of `needle` in `text` at or after `from`, or -1: `findAll`'s first, linear too. */
export function indexOfLinear(text: string, needle: string, from = 0): number {
  for (const index of findAll(text, needle, { overlapping: true, from })) return index;
  return -1;
}

/** KMP's table: for each prefix of the needle, the length of its longest proper prefix that is also its suffix. */
function failureTable(needle: string): Int32Array {
  const table = new Int32Array(needle.length);
  for (let index = 1, length = 0; index < needle.length; ) {
    if (needle.charCodeAt(index) === needle.charCodeAt(length)) table[index++] = ++length;
    else if (length > 0) length = table[length - 1]!;
    else table[index++] = 0;
  }
  return table;
}
