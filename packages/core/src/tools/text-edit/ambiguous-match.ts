import { characterBoundary } from '../../text/character-boundary.js';
import { countOf } from '../../text/line-endings.js';
import { VaultError } from '../../vault/vault-error.js';
import type { Occurrences } from './find-occurrences.js';

/** The width of the text shown around each occurrence an AMBIGUOUS_MATCH error names. */
const matchWindow = 160;

/** AMBIGUOUS_MATCH, with the first matching lines and each line's text around the match, so the agent can add context without reading. */
export function ambiguousMatch(path: string, text: string, found: Occurrences): VaultError {
  const lines = lineNumbersAt(text, found.first);
  const more = found.count > found.first.length ? ` and ${found.count - found.first.length} more` : '';
  const shown = new Map<number, string>();
  found.first.forEach((position, index) => {
    if (!shown.has(lines[index]!)) shown.set(lines[index]!, textAround(text, position));
  });
  return new VaultError(
    'AMBIGUOUS_MATCH',
    [
      `\`oldString\` occurs ${found.count} times in ${path}, at ${describeLines(lines)}${more}. Include more surrounding text in \`oldString\` so that it matches exactly once, or set \`replaceAll: true\` to replace every occurrence.`,
      ...[...shown].map(([line, around]) => `line ${line}: ${around}`),
    ].join('\n'),
    { count: found.count, lines },
  );
}

/** The 1-based line of each (sorted) offset. */
function lineNumbersAt(text: string, offsets: readonly number[]): number[] {
  let line = 1;
  let counted = 0;
  return offsets.map((offset) => {
    line += countOf(text, '\n', counted, offset);
    counted = offset;
    return line;
  });
}

/** `lines 3, 9 and 12`, with repeats counted: `line 1 (3 times)`. */
function describeLines(lines: readonly number[]): string {
  const counts = new Map<number, number>();
  for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
  const parts = [...counts].map(([line, count]) => (count === 1 ? `${line}` : `${line} (${count} times)`));
  return `${parts.length === 1 ? 'line' : 'lines'} ${parts.join(', ')}`;
}

/** The line holding `position`, cut to a window of `matchWindow` characters that starts a little before it, marked with … where cut. */
function textAround(text: string, position: number): string {
  const lineStart = position === 0 ? 0 : text.lastIndexOf('\n', position - 1) + 1;
  const newline = text.indexOf('\n', position);
  const lineEnd = newline === -1 ? text.length : newline;
  const from = characterBoundary(text, Math.max(lineStart, position - 40));
  const to = characterBoundary(text, Math.min(lineEnd, from + matchWindow));
  return `${from > lineStart ? '…' : ''}${text.slice(from, to)}${to < lineEnd ? '…' : ''}`;
}
