/**
 * How a tool's `render` marks up the parts of its text. Agents get `plainStyle` (the text as is);
 * a terminal can colour paths, line numbers, search matches and the notes around the content.
 */
export interface TextStyle {
  /** A vault-relative path. */
  path(text: string): string;
  /** A line number. */
  lineNumber(text: string): string;
  /** The part of a line that a search matched. */
  match(text: string): string;
  /** What surrounds the content: metadata lines, summaries. */
  note(text: string): string;
}

const asIs = (text: string) => text;

export const plainStyle: TextStyle = { path: asIs, lineNumber: asIs, match: asIs, note: asIs };
