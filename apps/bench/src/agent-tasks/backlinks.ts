import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTask } from '../agent-task.js';
import { markdownFiles } from '../markdown-files.js';
import { readEveryFile } from '../read-every-file.js';
import { seenText } from '../seen-lines.js';

const note = 'docs/error-messages/compiler-warnings/compiler-warnings-by-compiler-version.md';
/** A markdown link whose path ends with the note's name (any relative path to it, a #fragment or not). */
const linkToNote = /\]\([^)\s]*\/?compiler-warnings-by-compiler-version\.md(?:#[^)\s]*)?\)/;

export const backlinks: AgentTask<string[]> = {
  name: 'backlinks of a note',
  goal: `which pages link to ${path.basename(note)}?`,
  /** One call: the note's backlinks alone, each "file:line: link". */
  async ours({ call }) {
    const seen = seenText(await call('Links', { filePath: note, backlinksOnly: true, maxResults: 200 }));
    return [...new Set([...seen.matchAll(/^(\S[^\n]*?\.md):\d+: /gm)].map((match) => match[1]!))].sort();
  },
  /** No content search: reads every file and keeps those with a link ending in the note's name. */
  async reference(context) {
    const texts = await readEveryFile(context, context.folder);
    return [...texts]
      .filter(([, text]) => linkToNote.test(text))
      .map(([file]) => path.relative(context.folder, file))
      .sort();
  },
  async mistake(answer, { corpus }) {
    const linking: string[] = [];
    for (const file of await markdownFiles(corpus)) if (linkToNote.test(await readFile(path.join(corpus, file), 'utf8'))) linking.push(file);
    const missing = linking.filter((file) => !answer.includes(file));
    const extra = answer.filter((file) => !linking.includes(file));
    return missing.length + extra.length === 0 ? undefined : `missed ${missing.join(', ') || 'none'}; named wrongly ${extra.join(', ') || 'none'}`;
  },
};
