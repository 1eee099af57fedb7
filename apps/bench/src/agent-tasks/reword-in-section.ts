import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTask } from '../agent-task.js';
import { seenText } from '../seen-lines.js';

const file = 'docs/build/clang-support-cmake.md';
const heading = 'Modify an existing configuration to use Clang';
/** The same line stands under "Create a new configuration" too. */
const line = '1. Right-click on CMakeLists.txt in **Solution Explorer** and choose **CMake settings for project**.';
const reworded = '1. In **Solution Explorer**, right-click CMakeLists.txt and choose **CMake settings for project**.';
/** What stands just before the line in that section, and nowhere else. */
const before = 'To modify an existing configuration to use Clang, follow these steps:\n\n';

export const rewordInSection: AgentTask<void> = {
  name: 'reword a line under one heading',
  goal: `reword "${line.slice(3, 40)}…" in ${path.basename(file)}, under "${heading}" only (the same line stands under another heading)`,
  workCopy: { paths: [file] },
  /** One call: the edit scoped to the section, where the line is unique. */
  async ours({ call }) {
    await call('TextEdit', { filePath: file, heading, oldString: line, newString: reworded });
  },
  /** Reads the file to see which text makes the line unique, then edits with it. */
  async reference({ call, folder }) {
    const filePath = path.join(folder, file);
    const text = seenText(await call('read_text_file', { path: filePath }));
    if (!text.includes(before + line)) throw new Error('the line is not under the heading in what the model saw');
    await call('edit_file', { path: filePath, edits: [{ oldText: before + line, newText: before + reworded }] });
  },
  async mistake(_answer, { folder, corpus }) {
    const original = await readFile(path.join(corpus, file), 'utf8');
    const edited = await readFile(path.join(folder, file), 'utf8');
    return edited === original.replace(before + line, before + reworded) ? undefined : 'the file is not the original with that one line reworded';
  },
};
