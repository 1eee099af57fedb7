import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTask } from '../agent-task.js';
import { markdownFiles } from '../markdown-files.js';
import { readEveryFile } from '../read-every-file.js';
import { seenJson } from '../seen-lines.js';

const directory = 'docs/c-runtime-library';
const heading = /^## Examples?$/;

/** The count of matching lines the model was told: `totalMatches` in JSON, "N matching lines" in text. */
function matchesTotal(seen: string): number {
  const total = seenJson(seen)?.totalMatches ?? /([\d,]+) matching lines?/.exec(seen)?.[1]?.replaceAll(',', '');
  if (total === undefined) throw new Error('no count of matches in what the model saw');
  return Number(total);
}

const countIn = (text: string) => text.split('\n').filter((line) => heading.test(line)).length;

export const countHeadings: AgentTask<number> = {
  name: 'count headings by regex',
  goal: `how many "## Example" or "## Examples" headings are there in ${directory} (955 files)?`,
  async ours({ call }) {
    return matchesTotal(await call('TextSearch', { query: heading.source, regex: true, directoryPath: directory, outputMode: 'files_only' }));
  },
  /** Reads every file of the folder and counts the headings itself. */
  async reference(context) {
    const texts = await readEveryFile(context, path.join(context.folder, directory));
    return [...texts.values()].reduce((sum, text) => sum + countIn(text), 0);
  },
  async mistake(answer, { corpus }) {
    let headings = 0;
    for (const file of await markdownFiles(path.join(corpus, directory))) headings += countIn(await readFile(path.join(corpus, directory, file), 'utf8'));
    return answer === headings ? undefined : `answered ${answer}, but there are ${headings}`;
  },
};
