/**
 * Whether a line of `text` (line feeds apart) is longer than `longest` characters: from each line's
 * start, the last line feed within `longest` characters ends a line no longer (and every line before it),
 * so a text of short lines is crossed in about `text.length / longest` backward searches, each a few
 * characters long.
 */
export function hasLineLongerThan(text: string, longest: number): boolean {
  let start = 0;
  while (text.length - start > longest) {
    const lineFeed = text.lastIndexOf('\n', start + longest);
    if (lineFeed < start) return true;
    start = lineFeed + 1;
  }
  return false;
}
