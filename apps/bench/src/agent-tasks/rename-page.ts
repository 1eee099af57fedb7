import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTask } from '../agent-task.js';

const directory = 'docs/error-messages/compiler-warnings';
const source = `${directory}/compiler-warning-level-1-c4005.md`;
const destination = `${directory}/c4005.md`;

export const renamePage: AgentTask<void> = {
  name: 'rename a page',
  goal: `rename ${path.basename(source)} to ${path.basename(destination)} in its folder (a page the folder's index links to)`,
  workCopy: { paths: [directory] },
  async ours({ call }) {
    await call('Move', { sourcePath: source, destinationPath: destination });
  },
  /** move_file leaves the index's link to the old name broken: finding links would mean reading every file. */
  async reference({ call, folder }) {
    await call('move_file', { source: path.join(folder, source), destination: path.join(folder, destination) });
  },
  /** The page must be at its new name, unchanged, and gone from the old one. */
  async mistake(_answer, { folder, corpus }) {
    const original = await readFile(path.join(corpus, source), 'utf8');
    const moved = await readFile(path.join(folder, destination), 'utf8').catch(() => undefined);
    const left = await readFile(path.join(folder, source), 'utf8').catch(() => undefined);
    return moved === original && left === undefined ? undefined : 'the page is not at its new name only, as it was';
  },
};
