import { characterBoundary } from './character-boundary.js';

/** Longest heading text a path shows; longer headings are cut, marked with …. */
const maxHeadingLength = 60;

const fenceLine = /^ {0,3}(`{3,}|~{3,})([^]*)/;

/**
 * The heading path of each of the given lines of a markdown note (0-based indices, ascending): the
 * ATX headings it sits under, outermost first, as `## Setup > ### Linux`; `undefined` for a line
 * above the first heading. Headings inside code fences and YAML front matter are not headings. One
 * pass over the lines up to the last index asked for.
 */
export function headingPaths(lines: readonly string[], indices: readonly number[]): (string | undefined)[] {
  const stack: { level: number; text: string }[] = [];
  const paths: (string | undefined)[] = [];
  let line = frontMatterLines(lines);
  let fence: { marker: string; length: number } | undefined;
  for (const index of indices) {
    for (; line < index; line += 1) {
      const text = lines[line]!;
      if (fence) {
        if (closesFence(text, fence)) fence = undefined;
        continue;
      }
      fence = opensFence(text);
      const heading = fence ? undefined : atxHeading(text);
      if (!heading) continue;
      while (stack.length > 0 && stack.at(-1)!.level >= heading.level) stack.pop();
      stack.push(heading);
    }
    const own = fence ? undefined : atxHeading(lines[index] ?? '');
    // A heading line that matches is under its parents, not itself.
    const under = own ? stack.filter((entry) => entry.level < own.level) : stack;
    paths.push(under.length === 0 ? undefined : under.map((entry) => entry.text).join(' > '));
  }
  return paths;
}

/** How many lines a YAML front matter takes at the top (`---` to `---` or `...`), 0 when there is none. */
function frontMatterLines(lines: readonly string[]): number {
  if (!/^---[ \t]*$/.test(lines[0] ?? '')) return 0;
  for (let line = 1; line < lines.length; line += 1) {
    if (/^(?:---|\.\.\.)[ \t]*$/.test(lines[line]!)) return line + 1;
  }
  return 0;
}

function opensFence(text: string): { marker: string; length: number } | undefined {
  const fence = fenceLine.exec(text);
  // A backtick fence's info string holds no backtick (CommonMark), else the line is inline code.
  if (!fence || (fence[1]![0] === '`' && fence[2]!.includes('`'))) return undefined;
  return { marker: fence[1]![0]!, length: fence[1]!.length };
}

function closesFence(text: string, fence: { marker: string; length: number }): boolean {
  const closer = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(text);
  return closer !== null && closer[1]![0] === fence.marker && closer[1]!.length >= fence.length;
}

/**
 * An ATX heading (`## Title ##`: up to three spaces, one to six #, a space or the line's end; the
 * closing #s dropped) as it is shown, `## Title`, its text cut to `maxHeadingLength`; read without a
 * regular expression, so no line makes it backtrack.
 */
function atxHeading(line: string): { level: number; text: string } | undefined {
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
  if (content.length > maxHeadingLength) content = `${content.slice(0, characterBoundary(content, maxHeadingLength))}…`;
  return { level, text: content === '' ? '#'.repeat(level) : `${'#'.repeat(level)} ${content}` };
}
