import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTask } from '../agent-task.js';
import { seenText } from '../seen-lines.js';

const file = 'docs/error-messages/compiler-warnings/compiler-warning-level-4-c4100.md';

/** The trash path the model was told: the .trash/ path in what it saw. */
function trashPath(seen: string): string {
  const found = /\.trash\/[^\s"'()]+\.md/.exec(seenText(seen))?.[0];
  if (found === undefined) throw new Error('no trash path in what the model saw');
  return found;
}

export const deleteAndRestore: AgentTask<void> = {
  name: 'delete and restore',
  goal: `delete ${path.basename(file)}, then restore it`,
  workCopy: { paths: [path.dirname(file)] },
  /** RemoveFile says where the file went; Move brings it back. */
  async ours({ call }) {
    const trash = trashPath(await call('RemoveFile', { filePath: file }));
    await call('Move', { sourcePath: trash, destinationPath: file });
  },
  /** server-filesystem has no delete; the agent moves the file into a trash folder of its own, and back. */
  async reference({ call, folder }) {
    const trash = path.join(folder, '.trash', path.basename(file));
    await call('create_directory', { path: path.dirname(trash) });
    await call('move_file', { source: path.join(folder, file), destination: trash });
    await call('move_file', { source: trash, destination: path.join(folder, file) });
  },
  async mistake(_answer, { folder, corpus }) {
    const restored = await readFile(path.join(folder, file), 'utf8').catch(() => undefined);
    return restored === (await readFile(path.join(corpus, file), 'utf8')) ? undefined : 'the file is not back as it was';
  },
};
