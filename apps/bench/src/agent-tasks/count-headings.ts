import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTask } from '../agent-task.js';
import { markdownFiles } from '../markdown-files.js';
import { readEveryFile } from '../read-every-file.js';
import { seenCount } from '../seen-count.js';

const directory = 'docs/c-runtime-library';
const heading = /^## Examples?$/;

const countIn = (text: string) => text.split('\n').filter((line) => heading.test(line)).length;

export const countHeadings: AgentTask<number> = {
  name: 'count headings by regex',
  goal: `how many "## Example" or "## Examples" headings are there in ${directory} (955 files)?`,
  async ours({ call }) {
    const seen = await call('TextSearch', { query: heading.source, regex: true, directoryPath: directory, outputMode: 'files_only' });
    return seenCount(seen, 'totalMatches', /([\d,]+) matching lines?/, 'matching lines');
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
