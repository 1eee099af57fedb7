import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTask } from '../agent-task.js';
import { linesMistake } from '../lines-mistake.js';
import { seenLines, seenText } from '../seen-lines.js';

const file = 'docs/standard-library/algorithm-functions.md';
const first = 6001;
const count = 40;

export const readRange: AgentTask<string[]> = {
  name: 'read range',
  goal: `read lines ${first}-${first + count - 1} of ${file} (10,256 lines)`,
  async ours({ call }) {
    const lines = seenLines(await call('TextRead', { filePath: file, offset: first, limit: count }));
    return Array.from({ length: count }, (_, index) => lines.get(first + index)?.text ?? '(not seen)');
  },
  /** read_text_file has head or tail, not a range: reads the head down to the last line wanted. */
  async reference({ call, folder }) {
    const text = seenText(await call('read_text_file', { path: path.join(folder, file), head: first + count - 1 }));
    return text.split('\n').slice(first - 1, first - 1 + count);
  },
  async mistake(answer, { corpus }) {
    const lines = (await readFile(path.join(corpus, file), 'utf8')).split('\n');
    return linesMistake(answer, lines.slice(first - 1, first - 1 + count));
  },
};
