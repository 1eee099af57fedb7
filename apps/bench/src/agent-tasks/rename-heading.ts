import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTask } from '../agent-task.js';
import { readEveryFile } from '../read-every-file.js';
import { guide, lab, labFiles, newHeading, oldHeading, writeLab } from './links-lab.js';

const slug = (text: string) => text.toLowerCase().replaceAll(' ', '-');

/** The line with the heading, or with links to it, renamed. */
const renamed = (line: string) =>
  line
    .replaceAll(`#${oldHeading}`, `#${newHeading}`)
    .replaceAll(`## ${oldHeading}`, `## ${newHeading}`)
    .replaceAll(`#${slug(oldHeading)})`, `#${slug(newHeading)})`);

/** The lines of a text outside code fences. */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split('\n').filter((line) => {
    if (line.startsWith('```')) fenced = !fenced;
    return !fenced && !line.startsWith('```');
  });
}

/** Every file of the lab as it must be once the heading is renamed: the heading and each link to it, none in a code fence. */
function expectedFiles(): Record<string, string> {
  const fenced = `An example: [[guide#${oldHeading}]]`;
  return Object.fromEntries(
    Object.entries(labFiles()).map(([file, text]) => {
      const [prose, ...fences] = text.split(fenced);
      return [file, [renamed(prose!), ...fences].join(fenced)];
    }),
  );
}

export const renameHeadingTask: AgentTask<void> = {
  name: 'rename a heading, keeping its links',
  goal: `rename the heading "${oldHeading}" of ${guide} to "${newHeading}", with every link to it`,
  workCopy: { paths: [], prepare: writeLab },
  /** One call. */
  async ours({ call }) {
    await call('RenameHeading', { filePath: guide, heading: oldHeading, newHeading });
  },
  /**
   * Reads every note of the vault (links may come from anywhere), and edits each file holding the
   * heading or a link to it, a whole line as oldText (the same link stands in a code fence below,
   * which a competent agent leaves alone).
   */
  async reference(context) {
    const texts = await readEveryFile(context, context.folder);
    for (const [file, text] of texts) {
      const edits = proseLines(text)
        .filter((line) => line.includes(`#${oldHeading}`) || line.includes(`#${slug(oldHeading)})`) || line === `## ${oldHeading}`)
        .map((line) => ({ oldText: line, newText: renamed(line) }));
      if (edits.length > 0) await context.call('edit_file', { path: file, edits });
    }
  },
  /** The guide and the notes linking to it (broken.md is the broken-link task's). */
  async mistake(_answer, { folder }) {
    const wrong: string[] = [];
    for (const [file, text] of Object.entries(expectedFiles())) {
      if (file !== `${lab}/broken.md` && (await readFile(path.join(folder, file), 'utf8')) !== text) wrong.push(path.basename(file));
    }
    return wrong.length === 0 ? undefined : `not as expected: ${wrong.join(', ')} (in ${lab}/)`;
  },
};
