/**
 * Where the first line of `text` from `from` (a line's start) on that is longer than `longest` characters
 * starts (line feeds apart), or -1: from each line's start, the last line feed within `longest` characters
 * ends a line no longer (and every line before it), so a text of short lines is crossed in about
 * `text.length / longest` backward searches, each a few characters long.
 */
export function nextLongLine(text: string, from: number, longest: number): number {
  let start = from;
  while (text.length - start > longest) {
    const lineFeed = text.lastIndexOf('\n', start + longest);
    if (lineFeed < start) return start;
    start = lineFeed + 1;
  }
  return -1;
}
