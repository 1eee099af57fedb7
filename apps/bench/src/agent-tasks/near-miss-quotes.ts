import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTask } from '../agent-task.js';
import { seenText } from '../seen-lines.js';

const file = 'docs/preprocessor/warning.md';
/** As an agent types it: straight apostrophes, where the file has curly ones. */
const typed = "It's useful when you need to suppress a warning in a specific code block without altering the code's structure significantly.";
const replacement = 'Use it to suppress a warning in one block of code without restructuring that code.';

const plainQuotes = (text: string) => text.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"');

/** The text in what the model saw that reads as `typed` once its quotes are made plain: what the file really holds. */
function exactText(seen: string): string | undefined {
  const text = seenText(seen);
  const at = plainQuotes(text).indexOf(typed);
  return at < 0 ? undefined : text.slice(at, at + typed.length);
}

/** The line of the closest candidate, as the failed edit named it. */
function candidateLine(seen: string): number {
  const line = /\bline (\d+)/.exec(seenText(seen))?.[1];
  if (line === undefined) throw new Error('neither the exact text nor its line is in what the model saw');
  return Number(line);
}

export const nearMissQuotes: AgentTask<string> = {
  name: 'near miss: curly quotes',
  goal: `replace a sentence of ${path.basename(file)}, typed with straight quotes where the file has curly ones`,
  workCopy: { paths: [file] },
  /** The failed edit shows the closest candidate; the agent copies the exact text from it (or, when it is not shown whole, reads its line) and edits again. */
  async ours({ call }) {
    const failed = await call('TextEdit', { filePath: file, oldString: typed, newString: replacement });
    const exact = exactText(failed) ?? exactText(await call('TextRead', { filePath: file, offset: candidateLine(failed), limit: 1 }));
    if (exact === undefined) throw new Error('the exact text is not in the line the model read');
    await call('TextEdit', { filePath: file, oldString: exact, newString: replacement });
    return exact;
  },
  /** The failed edit says only that there is no match; the agent reads the file to find the exact text, and edits again. */
  async reference({ call, folder }) {
    const filePath = path.join(folder, file);
    await call('edit_file', { path: filePath, edits: [{ oldText: typed, newText: replacement }] });
    const exact = exactText(await call('read_text_file', { path: filePath }));
    if (exact === undefined) throw new Error('the exact text is not in the file the model read');
    await call('edit_file', { path: filePath, edits: [{ oldText: exact, newText: replacement }] });
    return exact;
  },
  async mistake(answer, { folder, corpus }) {
    const original = await readFile(path.join(corpus, file), 'utf8');
    const exact = original.slice(plainQuotes(original).indexOf(typed)).slice(0, typed.length);
    if (answer !== exact) return "the text the agent took as the exact one is not the file's";
    return (await readFile(path.join(folder, file), 'utf8')) === original.replace(exact, replacement)
      ? undefined
      : 'the file is not the original with the sentence replaced';
  },
};
