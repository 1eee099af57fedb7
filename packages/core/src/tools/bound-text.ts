import { firstCharacters } from '../text/character-boundary.js';

/** The smallest answer bound a vault accepts: room for a note and a line of metadata. */
export const minOutputBound = 4096;

/** What every answer cut at its bound says to do: ask for less, or raise the bound. */
export const askForLess = 'Ask for less (offset and limit, maxResults, a narrower folder or pattern), or raise the bound (maxOutput, vault-mcp --max-output).';

/**
 * `text` cut to at most `max` characters (UTF-16 code units), the safety net behind every answer:
 * the head, cut at a line break, then a note saying what was cut and how to see it, then the last
 * line (the tools end their answers with a summary or metadata line) when it takes at most half the bound.
 */
export function boundText(text: string, max: number): string {
  if (text.length <= max) return text;
  const lastLine = text.slice(text.lastIndexOf('\n') + 1);
  const tail = lastLine.length < text.length && lastLine.length <= max / 2 ? `\n${lastLine}` : '';
  const note = (cut: number) => `[… ${cut} characters cut: the answer is over its bound of ${max} characters. ${askForLess}]`;
  const room = max - note(text.length).length - tail.length - 1;
  let head = firstCharacters(text, Math.max(0, room));
  const lineBreak = head.lastIndexOf('\n');
  if (lineBreak > room / 2) head = head.slice(0, lineBreak);
  return `${head}\n${note(text.length - head.length - tail.length)}${tail}`;
}
