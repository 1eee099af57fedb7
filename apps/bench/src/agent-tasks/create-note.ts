import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTask } from '../agent-task.js';

const file = 'notes/c4996-triage.md';
const content = [
  '# C4996 triage',
  '',
  '- [ ] list the deprecated CRT calls the build warns about',
  '- [ ] replace them with the _s versions where the buffer size is known',
  '- [ ] define _CRT_SECURE_NO_WARNINGS only in the legacy project',
  '',
  'See docs/error-messages/compiler-warnings/compiler-warning-level-3-c4996.md.',
  '',
].join('\n');

export const createNote: AgentTask<void> = {
  name: 'create a note',
  goal: `create ${file} in a folder that does not exist yet`,
  workCopy: { paths: [] },
  async ours({ call }) {
    await call('TextCreate', { filePath: file, content });
  },
  /** write_file does not create folders. */
  async reference({ call, folder }) {
    await call('create_directory', { path: path.join(folder, path.dirname(file)) });
    await call('write_file', { path: path.join(folder, file), content });
  },
  async mistake(_answer, { folder }) {
    const written = await readFile(path.join(folder, file), 'utf8').catch(() => undefined);
    return written === content ? undefined : 'the note is missing or not as given';
  },
};
