import type { SearchLine } from '../../search/search-text.js';
import type { TextStyle } from '../../text/text-style.js';

/**
 * A file's shown lines as the answer has them. A match under another heading path than the one
 * last named gets it named first (`§ ## Setup > ### Linux`), before its group of context when it is
 * the group's first match, so a run of matches in one section names it once. With `separators`,
 * groups of context are set apart by `--` (lines without context need none).
 */
export function renderFileLines(lines: readonly SearchLine[], style: TextStyle, separators: boolean): string[] {
  const shown: string[] = [];
  let section: string | undefined;
  const name = (heading: string | undefined) => {
    if (heading === undefined || heading === section) return;
    shown.push(style.note(`§ ${heading}`));
    section = heading;
  };
  lines.forEach((line, index) => {
    const previous = lines[index - 1];
    if (!previous || line.number > previous.number + 1) {
      if (separators && previous) shown.push(style.note('--'));
      let end = index;
      while (end + 1 < lines.length && lines[end + 1]!.number === lines[end]!.number + 1 && !lines[end]!.match) end += 1;
      name(lines[end]!.heading);
    }
    if (line.match) name(line.heading);
    shown.push(renderSearchLine(line, style));
  });
  return shown;
}

/** A shown line as the answer has it: `N: text` for a match, `N- text` for context, with markers where a long line was cut. */
export function renderSearchLine(line: SearchLine, style: TextStyle): string {
  const before = line.column ? style.note(`[from character ${line.column + 1}] …`) : '';
  const after = line.cut && (line.column ?? 0) + line.text.length < (line.length ?? 0) ? style.note(` … [line of ${line.length} characters]`) : '';
  return `${style.lineNumber(String(line.number))}${line.match ? ':' : '-'} ${before}${highlighted(line, style)}${after}`;
}

/** A line's text with each match marked up. */
function highlighted(line: SearchLine, style: TextStyle): string {
  let text = '';
  let from = 0;
  for (const range of line.ranges ?? []) {
    text += line.text.slice(from, range.start) + style.match(line.text.slice(range.start, range.end));
    from = range.end;
  }
  return text + line.text.slice(from);
}
