import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTask } from '../agent-task.js';
import { markdownFiles } from '../markdown-files.js';
import { readEveryFile } from '../read-every-file.js';
import { seenLinesByFile } from '../seen-lines.js';

const directory = 'docs/error-messages/compiler-warnings';
const query = '#pragma warning(suppress';
const around = 2;

/** A matching line and the lines around it that are not matches themselves (a match may be shown cut around the query). */
interface Finding {
  file: string;
  line: number;
  context: string[];
}

/** The findings in a file's lines (1-based numbers to texts, and which are matches). */
function findingsIn(file: string, lines: Map<number, string>, isMatch: (number: number) => boolean): Finding[] {
  return [...lines.keys()].filter(isMatch).map((line) => {
    const numbers = Array.from({ length: 2 * around + 1 }, (_, index) => line - around + index);
    return { file, line, context: numbers.filter((number) => lines.has(number) && !isMatch(number)).map((number) => lines.get(number)!) };
  });
}

/** The same from a whole file's text. */
function findingsInText(file: string, text: string): Finding[] {
  const lines = new Map(
    text
      .replace(/\n$/, '')
      .split('\n')
      .map((line, index) => [index + 1, line]),
  );
  return findingsIn(file, lines, (number) => lines.get(number)?.toLowerCase().includes(query) ?? false);
}

export const searchWithContext: AgentTask<Finding[]> = {
  name: 'search a folder with context',
  goal: `find "${query}" in ${directory} (595 files), with ${around} lines of context`,
  async ours({ call }) {
    const files = seenLinesByFile(await call('TextSearch', { query, directoryPath: directory, contextLines: around }));
    return [...files].flatMap(([file, lines]) =>
      findingsIn(file, new Map([...lines].map(([number, line]) => [number, line.text])), (number) => lines.get(number)?.match ?? false),
    );
  },
  /** Reads every file of the folder and finds the lines itself. */
  async reference(context) {
    const texts = await readEveryFile(context, path.join(context.folder, directory));
    return [...texts].flatMap(([file, text]) => findingsInText(path.relative(context.folder, file), text));
  },
  async mistake(answer, { corpus }) {
    const expected: Finding[] = [];
    for (const file of await markdownFiles(path.join(corpus, directory))) {
      expected.push(...findingsInText(`${directory}/${file}`, await readFile(path.join(corpus, directory, file), 'utf8')));
    }
    const key = (finding: Finding) => `${finding.file}:${finding.line}`;
    const answered = new Map(answer.map((finding) => [key(finding), finding]));
    const found = expected.filter((finding) => answered.has(key(finding)));
    const withContext = found.filter((finding) => JSON.stringify(answered.get(key(finding))!.context) === JSON.stringify(finding.context));
    if (withContext.length === expected.length && answer.length === expected.length) return undefined;
    const wrong = answer.length - found.length;
    return `${found.length} of the ${expected.length} matching lines seen (${withContext.length} with their context)${wrong > 0 ? `, ${wrong} lines taken for matches that are not` : ''}`;
  },
};
