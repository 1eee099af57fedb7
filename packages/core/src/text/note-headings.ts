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

/** The headings whose text is the last segment, under headings whose texts are the others, in order; each with its ancestors. */
export function headingsAt(headings: readonly NoteHeading[], segments: readonly string[]): { heading: NoteHeading; ancestors: NoteHeading[] }[] {
  const found: { heading: NoteHeading; ancestors: NoteHeading[] }[] = [];
  const stack: NoteHeading[] = [];
  for (const heading of headings) {
    while (stack.length > 0 && stack.at(-1)!.level >= heading.level) stack.pop();
    if (headingKey(heading.text) === segments.at(-1) && holdsInOrder(stack, segments.slice(0, -1))) found.push({ heading, ancestors: [...stack] });
    stack.push(heading);
  }
  return found;
}

/**
 * `headingsAt(headings, segments)[0]`, asked of the same headings many times: each heading's key and
 * parent found once, so a question looks only at the headings of its last segment's key, each with
 * its ancestors (at most five), not at every heading of the note.
 */
export function createHeadingIndex(
  headings: readonly NoteHeading[],
): (segments: readonly string[]) => { heading: NoteHeading; ancestors: NoteHeading[] } | undefined {
  const byKey = new Map<string, number[]>();
  const parents: (number | undefined)[] = [];
  const stack: number[] = [];
  for (const [index, heading] of headings.entries()) {
    while (stack.length > 0 && headings[stack.at(-1)!]!.level >= heading.level) stack.pop();
    parents.push(stack.at(-1));
    stack.push(index);
    const key = headingKey(heading.text);
    const same = byKey.get(key);
    if (same) same.push(index);
    else byKey.set(key, [index]);
  }
  return (segments) => {
    for (const index of byKey.get(segments.at(-1) ?? '') ?? []) {
      const ancestors: NoteHeading[] = [];
      for (let parent = parents[index]; parent !== undefined; parent = parents[parent]) ancestors.unshift(headings[parent]!);
      if (holdsInOrder(ancestors, segments.slice(0, -1))) return { heading: headings[index]!, ancestors };
    }
    return undefined;
  };
}

/** Whether `segments` are the texts of some of `stack`'s headings, in order. */
function holdsInOrder(stack: readonly NoteHeading[], segments: readonly string[]): boolean {
  let next = 0;
  for (const heading of stack) if (next < segments.length && headingKey(heading.text) === segments[next]) next += 1;
  return next === segments.length;
}

/**
 * A heading's text as compared (with a `heading` argument, or a link's `#subpath`): without leading
 * #s, lower-case, the characters a link cannot hold (`# | ^ : % [ ]`, as Obsidian drops them when it
 * links to a heading) and runs of white space each one space, trimmed.
 */
export function headingKey(text: string): string {
  return text
    .trim()
    .replace(/^#{1,6}(?:\s+|$)/, '')
    .replace(/[#|^:%[\]\s]+/g, ' ')
    .trim()
    .toLowerCase();
}
