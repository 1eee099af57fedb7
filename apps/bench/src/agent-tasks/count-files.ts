import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTask } from '../agent-task.js';
import { markdownFiles } from '../markdown-files.js';
import { readEveryFile } from '../read-every-file.js';
import { seenCount } from '../seen-count.js';

const name = 'GetProcAddress';

export const countFiles: AgentTask<number> = {
  name: 'count files',
  goal: `how many files mention ${name}?`,
  async ours({ call }) {
    return seenCount(await call('TextSearch', { query: name, outputMode: 'files_only' }), 'totalFiles', /\bin ([\d,]+) files?\b/, 'files');
  },
  /** Reads every file of the vault, counts those that mention it. */
  async reference(context) {
    const texts = await readEveryFile(context, context.folder);
    return [...texts.values()].filter((text) => text.includes(name)).length;
  },
  async mistake(answer, { corpus }) {
    let files = 0;
    for (const file of await markdownFiles(corpus)) if ((await readFile(path.join(corpus, file), 'utf8')).includes(name)) files += 1;
    return answer === files ? undefined : `answered ${answer}, but ${files} files mention it`;
  },
};
