import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTask } from '../agent-task.js';
import { markdownFiles } from '../markdown-files.js';
import { readEveryFile } from '../read-every-file.js';
import { seenPaths } from '../seen-lines.js';

const directory = 'docs/error-messages/compiler-warnings';
const oldName = 'compiler-warning-level-1-c4005.md';
const newName = 'c4005.md';
/** The end of a link target naming the page, whatever relative path leads to it (the page stays in its folder). */
const oldTarget = `${oldName})`;
const newTarget = `${newName})`;

export const renamePage: AgentTask<void> = {
  name: 'rename a page, keeping links',
  goal: `rename ${oldName} to ${newName} in its folder, keeping the links to it working`,
  workCopy: { paths: [directory] },
  /** Moves it, then looks for links still naming the old file and edits each such file. */
  async ours({ call }) {
    await call('Move', { sourcePath: `${directory}/${oldName}`, destinationPath: `${directory}/${newName}` });
    const linking = seenPaths(await call('TextSearch', { query: oldTarget, outputMode: 'files_only' })).filter((file) => path.basename(file) !== oldName);
    for (const file of new Set(linking)) await call('TextEdit', { filePath: file, oldString: oldTarget, newString: newTarget, replaceAll: true });
  },
  /** No content search: after move_file, it reads every file to find the links, and edits each (edit_file replaces one occurrence an edit). */
  async reference(context) {
    const { call, folder } = context;
    await call('move_file', { source: path.join(folder, directory, oldName), destination: path.join(folder, directory, newName) });
    for (const [file, text] of await readEveryFile(context, folder)) {
      const occurrences = text.split(oldTarget).length - 1;
      if (occurrences > 0)
        await call('edit_file', { path: file, edits: Array.from({ length: occurrences }, () => ({ oldText: oldTarget, newText: newTarget })) });
    }
  },
  /** The page must be at its new name, unchanged, gone from the old one, and no link may lead to the old name. */
  async mistake(_answer, { folder, corpus }) {
    const original = await readFile(path.join(corpus, directory, oldName), 'utf8');
    const moved = await readFile(path.join(folder, directory, newName), 'utf8').catch(() => undefined);
    const left = await readFile(path.join(folder, directory, oldName), 'utf8').catch(() => undefined);
    if (moved !== original || left !== undefined) return 'the page is not at its new name only, as it was';
    const broken: string[] = [];
    for (const file of await markdownFiles(folder)) if ((await readFile(path.join(folder, file), 'utf8')).includes(oldTarget)) broken.push(path.basename(file));
    return broken.length === 0 ? undefined : `links to the old name are left in ${broken.join(', ')}`;
  },
};
