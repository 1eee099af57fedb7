import { firstCharacters } from './character-boundary.js';
import { codeBlockCloser } from './code-block-closer.js';

/** Longest heading text a path shows; longer headings are cut, marked with …. */
const maxHeadingLength = 60;

/**
 * The heading path of each of the given lines of a markdown note (0-based indices, ascending): the
 * ATX headings it sits under, outermost first, as `## Setup > ### Linux`; `undefined` for a line
 * under no heading. The note's first heading, when it is a `#` heading, is its title and is left out
 * (a search names the note already; on the corpus the title was two thirds of what paths cost).
 * Headings inside code fences, math blocks and YAML front matter are not headings (the blocks as
 * link parsing reads them). One pass over the lines up to the last index asked for.
 */
export function headingPaths(lines: readonly string[], indices: readonly number[]): (string | undefined)[] {
  const stack: { level: number; text: string; title?: true }[] = [];
  let headings = 0;
  const paths: (string | undefined)[] = [];
  let line = frontMatterLines(lines);
  let closing: ((line: string) => boolean) | undefined;
  for (const index of indices) {
    for (; line < index; line += 1) {
      const text = lines[line]!;
      if (closing) {
        if (closing(text)) closing = undefined;
        continue;
      }
      closing = codeBlockCloser(text);
      const heading = closing ? undefined : atxHeading(text);
      if (!heading) continue;
      while (stack.length > 0 && stack.at(-1)!.level >= heading.level) stack.pop();
      stack.push(headings === 0 && heading.level === 1 ? { ...heading, title: true } : heading);
      headings += 1;
    }
    const own = closing ? undefined : atxHeading(lines[index] ?? '');
    // A heading line that matches is under its parents, not itself.
    const under = stack.filter((entry) => !entry.title && (!own || entry.level < own.level));
    paths.push(under.length === 0 ? undefined : under.map((entry) => entry.text).join(' > '));
  }
  return paths;
}

/** How many lines a YAML front matter takes at the top (`---` to `---` or `...`), 0 when there is none. */
export function frontMatterLines(lines: readonly string[]): number {
  if (!/^---[ \t]*$/.test(lines[0] ?? '')) return 0;
  for (let line = 1; line < lines.length; line += 1) {
    if (/^(?:---|\.\.\.)[ \t]*$/.test(lines[line]!)) return line + 1;
  }
  return 0;
}

/** A heading's text, or a note's title, as it is shown: cut to `maxHeadingLength`, marked with …. */
export function shortHeadingText(text: string): string {
  return text.length > maxHeadingLength ? `${firstCharacters(text, maxHeadingLength)}…` : text;
}

/** An ATX heading as it is shown, `## Title`, its text cut to `maxHeadingLength`. */
export function atxHeading(line: string): { level: number; text: string } | undefined {
  const heading = readAtxHeading(line);
  if (!heading) return undefined;
  const content = shortHeadingText(heading.text);
  return { level: heading.level, text: content === '' ? '#'.repeat(heading.level) : `${'#'.repeat(heading.level)} ${content}` };
}

/**
 * An ATX heading (`## Title ##`: up to three spaces, one to six #, a space or the line's end; the
 * closing #s dropped): its level and its whole text; read without a regular expression, so no line
 * makes it backtrack.
 */
export function readAtxHeading(line: string): { level: number; text: string } | undefined {
  let start = 0;
  while (start < 3 && line[start] === ' ') start += 1;
  let level = 0;
  while (level < 7 && line[start + level] === '#') level += 1;
  const after = line[start + level];
  if (level === 0 || level > 6 || (after !== undefined && after !== ' ' && after !== '\t')) return undefined;
  let content = line.slice(start + level).trim();
  let closing = content.length;
  while (closing > 0 && content[closing - 1] === '#') closing -= 1;
  if (closing === 0 || content[closing - 1] === ' ' || content[closing - 1] === '\t') content = content.slice(0, closing).trimEnd();
  return { level, text: content };
}
