import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTask } from '../agent-task.js';

const file = 'docs/error-messages/compiler-warnings/c4834.md';
/** Two lines and the blank one between, as an agent writes them: with "\n". */
const oldText = '## Remarks\n\nStarting in the C++17 Standard, the';
const newText = '## Remarks\n\nSince the C++17 Standard, the';

const crlf = (text: string) => text.replaceAll('\n', '\r\n');

export const crlfEdit: AgentTask<void> = {
  name: 'edit a CRLF file',
  goal: `change text spanning three lines of ${path.basename(file)}, a file with CRLF line endings, keeping them`,
  workCopy: {
    paths: [file],
    async prepare(folder) {
      await writeFile(path.join(folder, file), crlf(await readFile(path.join(folder, file), 'utf8')));
    },
  },
  async ours({ call }) {
    await call('TextEdit', { filePath: file, oldString: oldText, newString: newText });
  },
  async reference({ call, folder }) {
    await call('edit_file', { path: path.join(folder, file), edits: [{ oldText, newText }] });
  },
  /** The file must be the CRLF copy with the change, every other byte kept. */
  async mistake(_answer, { folder, corpus }) {
    const changed = (await readFile(path.join(corpus, file), 'utf8')).replace(oldText, newText);
    const now = await readFile(path.join(folder, file), 'utf8');
    if (now === crlf(changed)) return undefined;
    return now === changed ? 'the text was changed, but every CRLF line ending became LF' : 'the file is not the CRLF copy with the change';
  },
};
