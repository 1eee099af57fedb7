import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTask } from '../agent-task.js';
import { seenPaths } from '../seen-lines.js';

const directory = 'docs/error-messages/compiler-errors-2';

/** The names of the .md files in what the model saw, sorted. */
const fileNames = (seen: string) => [...new Set(seenPaths(seen).map((file) => path.basename(file)))].sort();

export const listBigFolder: AgentTask<string[]> = {
  name: 'list a 956-file folder',
  goal: `list every file in ${directory}`,
  /** Asks for all of them at once: ListFiles shows 200 unless maxResults says more. */
  async ours({ call }) {
    return fileNames(await call('ListFiles', { directoryPath: directory, maxResults: 1000 }));
  },
  async reference({ call, folder }) {
    return fileNames(await call('list_directory', { path: path.join(folder, directory) }));
  },
  async mistake(answer, { corpus }) {
    const names = (await readdir(path.join(corpus, directory))).filter((name) => name.endsWith('.md'));
    const seen = new Set(answer);
    const missing = names.filter((name) => !seen.has(name)).length;
    const extra = answer.length - (names.length - missing);
    return missing === 0 && extra === 0
      ? undefined
      : `${missing} of the ${names.length} names not seen${extra > 0 ? `, ${extra} names that are not there` : ''}`;
  },
};
