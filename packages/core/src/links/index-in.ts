/** `text.indexOf(needle, from)` that looks no further than `to` (the needle must end by `to`), or -1: the work is bounded by the range. */
export function indexIn(text: string, needle: string, from: number, to: number): number {
  for (let index = from; index + needle.length <= to; index += 1) {
    if (text.startsWith(needle, index)) return index;
  }
  return -1;
}
