import { codeBlockCloser } from './code-block-closer.js';
import { frontMatterLines, readAtxHeading } from './heading-paths.js';

/** A heading of a note: its 1-based line, where that line starts (a UTF-16 offset), its level and whole text. */
export interface NoteHeading {
  line: number;
  start: number;
  level: number;
  text: string;
}

/**
 * The ATX headings of a markdown text, in order: none inside code fences, math blocks or YAML front
 * matter (the rules of `headingPaths`). One pass over the lines; `lineCount` is how many lines the
 * text has as TextRead counts them (a final line break ends the last line, it starts none).
 */
export function noteHeadings(text: string): { headings: NoteHeading[]; lineCount: number } {
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  if (text === '' || text.endsWith('\n')) lines.pop();
  const headings: NoteHeading[] = [];
  let start = 0;
  let closing: ((line: string) => boolean) | undefined;
  const skipped = frontMatterLines(lines);
  for (const [index, line] of lines.entries()) {
    const lineStart = start;
    start = text.indexOf('\n', start) + 1;
    if (index < skipped) continue;
    if (closing) {
      if (closing(line)) closing = undefined;
      continue;
    }
    closing = codeBlockCloser(line);
    const heading = closing ? undefined : readAtxHeading(line);
    if (heading) headings.push({ line: index + 1, start: lineStart, ...heading });
  }
  return { headings, lineCount: lines.length };
}
