import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTask } from '../agent-task.js';
import { seenCount } from '../seen-count.js';
import { seenText } from '../seen-lines.js';

const file = 'docs/build/building-on-the-command-line.md';
const sentence = 'When you run the downloaded executable, it updates and runs the Visual Studio Installer.';
const reworded = 'The downloaded executable updates and then starts the Visual Studio Installer.';

export const rewordTwice: AgentTask<number> = {
  name: 'reword a sentence found twice',
  goal: `reword "${sentence.slice(0, 40)}…" everywhere in ${path.basename(file)} (the agent does not know it occurs twice)`,
  workCopy: { paths: [file] },
  /** Edits once, learns from the ambiguity error that it occurs twice, replaces all. */
  async ours({ call }) {
    const ambiguous = await call('TextEdit', { filePath: file, oldString: sentence, newString: reworded });
    const occurrences = seenCount(ambiguous, 'occurrences', /occurs (\d+) times/, 'occurrences');
    const edited = await call('TextEdit', { filePath: file, oldString: sentence, newString: reworded, replaceAll: occurrences > 1 });
    return seenCount(edited, 'replacements', /(\d+) replacements/, 'replacements');
  },
  /** edit_file replaces the first occurrence only, so it reads the file to count them, then passes one edit per occurrence; the diff shows each. */
  async reference({ call, folder }) {
    const filePath = path.join(folder, file);
    const times = seenText(await call('read_text_file', { path: filePath })).split(sentence).length - 1;
    const diff = seenText(await call('edit_file', { path: filePath, edits: Array.from({ length: times }, () => ({ oldText: sentence, newText: reworded })) }));
    return diff.split('\n').filter((line) => line.startsWith('+') && line.includes(reworded)).length;
  },
  async mistake(answer, { folder, corpus }) {
    const original = await readFile(path.join(corpus, file), 'utf8');
    const occurrences = original.split(sentence).length - 1;
    if ((await readFile(path.join(folder, file), 'utf8')) !== original.replaceAll(sentence, reworded))
      return `the file is not the original with its ${occurrences} occurrences reworded`;
    return answer === occurrences ? undefined : `told of ${answer} replacements, where ${occurrences} were made`;
  },
};
