import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTask } from '../agent-task.js';
import { linesMistake } from '../lines-mistake.js';
import { seenLines, seenPaths, seenText } from '../seen-lines.js';

const heading = '### Turn off the warning in command-line builds';
const headingPattern = /^#+ /;

/** The lines of the section under `heading`: from it to the next heading. */
function sectionOf(lines: string[]): string[] {
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`no "${heading}" among the lines seen`);
  const end = lines.findIndex((line, index) => index > start && headingPattern.test(line));
  return lines.slice(start, end < 0 ? undefined : end);
}

/** The first .md path in what the model saw whose name holds `name`. */
function pathNamed(seen: string, name: string): string {
  const found = seenPaths(seen).find((candidate) => path.basename(candidate).includes(name));
  if (found === undefined) throw new Error(`no page named *${name}* in what the model saw`);
  return found;
}

export const warningSection: AgentTask<string[]> = {
  name: 'warning section',
  goal: `find the page of compiler warning C4996 and read its section "${heading.replace(headingPattern, '')}"`,
  /** Finds the page by its title, finds its headings' lines, reads the section's lines. */
  async ours({ call }) {
    const page = pathNamed(await call('TextSearch', { query: '^# .*C4996', regex: true, outputMode: 'files_only' }), 'c4996');
    const headings = [...seenLines(await call('TextSearch', { query: '^#+ ', regex: true, filePath: page }))].sort(([a], [b]) => a - b);
    const start = headings.findIndex(([, line]) => line.text === heading);
    const [first, end] = [headings[start]?.[0], headings[start + 1]?.[0]];
    if (start < 0 || first === undefined || end === undefined)
      throw new Error("the section's and the next heading's line numbers are not in what the model saw");
    const lines = seenLines(await call('TextRead', { filePath: page, offset: first, limit: end - first }));
    return Array.from({ length: end - first }, (_, index) => lines.get(first + index)?.text ?? '(not seen)');
  },
  /** Finds the page by name, reads it whole (no line ranges without knowing where the section is). */
  async reference({ call, folder }) {
    const page = pathNamed(await call('search_files', { path: folder, pattern: '**/*c4996*' }), 'c4996');
    return sectionOf(seenText(await call('read_text_file', { path: page })).split('\n'));
  },
  async mistake(answer, { corpus }) {
    const text = await readFile(path.join(corpus, 'docs/error-messages/compiler-warnings/compiler-warning-level-3-c4996.md'), 'utf8');
    return linesMistake(answer, sectionOf(text.split('\n')));
  },
};
