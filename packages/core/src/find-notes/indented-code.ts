/** A list item's first line: up to three spaces, then `-`, `*`, `+`, or a number and `.` or `)`, then a space or the line's end. */
const listItem = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;

/** What a line outside fenced code is to `createIndentedCode`: a heading, a fence's line (its opening, inside or closing), or other text. */
export type LineKind = 'heading' | 'fence' | 'text';

/**
 * Whether each line, given in order, is in an indented code block as CommonMark reads one: indented
 * by four columns or more (a tab counts to the next multiple of four), not right after a paragraph's
 * line (there it continues the paragraph) and not inside a list (there it is the item's text).
 * Lists are read simply: one starts at a list item's line and ends at the first unindented line
 * after a blank line that starts no item; a block quote's code is not seen.
 */
export function createIndentedCode(): (line: string, kind: LineKind) => boolean {
  let paragraph = false;
  let list = false;
  let afterBlank = true;
  return (line, kind) => {
    const blank = line.trim() === '';
    const code = kind === 'text' && !blank && !paragraph && !list && indentOf(line) >= 4;
    if (kind === 'text' && !blank && !code) {
      if (listItem.test(line)) list = true;
      else if (afterBlank && indentOf(line) === 0) list = false;
    }
    paragraph = kind === 'text' && !blank && !code;
    afterBlank = blank;
    return code;
  };
}

/** The columns of a line's leading spaces and tabs. */
function indentOf(line: string): number {
  let columns = 0;
  for (const char of line) {
    if (char === ' ') columns += 1;
    else if (char === '\t') columns += 4 - (columns % 4);
    else break;
  }
  return columns;
}
