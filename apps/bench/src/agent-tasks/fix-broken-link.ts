import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTask } from '../agent-task.js';
import { readEveryFile } from '../read-every-file.js';
import { seenText } from '../seen-lines.js';
import { lab, labFiles, writeLab } from './links-lab.js';

export const fixBrokenLink: AgentTask<void> = {
  name: 'find and fix a broken link',
  goal: `a link in ${lab}/ leads nowhere: find it and make it lead to the note it meant`,
  workCopy: { paths: [], prepare: writeLab },
  /** Asks for the folder's broken links, takes the closest existing note, edits the link. */
  async ours({ call }) {
    const seen = seenText(await call('Links', { directoryPath: lab }));
    const found = /^(\S+\.md):\d+: (\[\[[^\]]+\]\]) -> broken; closest: ([^,\s]+)\.md/m.exec(seen);
    if (!found) throw new Error('no broken link with a closest note in what the model saw');
    const [, file, link, closest] = found as unknown as [string, string, string, string];
    await call('TextEdit', { filePath: file, oldString: link, newString: `[[${path.basename(closest)}]]` });
  },
  /** Reads every note of the folder, checks each wikilink's name against the notes listed, edits the one that leads nowhere. */
  async reference(context) {
    const folder = path.join(context.folder, lab);
    const texts = await readEveryFile(context, folder);
    const names = new Set([...texts.keys()].map((file) => path.basename(file, '.md').toLowerCase()));
    for (const [file, text] of texts) {
      for (const [link, name] of text.matchAll(/(?<!`)\[\[([^\]|#]+)[^\]]*\]\]/g)) {
        if (names.has(name!.toLowerCase())) continue;
        // The note meant: the listed name one letter away.
        const meant = [...names].find(
          (candidate) =>
            candidate.length === name!.length + 1 &&
            [...candidate].filter((_, index) => candidate.slice(0, index) + candidate.slice(index + 1) === name).length > 0,
        );
        if (meant) await context.call('edit_file', { path: file, edits: [{ oldText: link, newText: `[[${meant}]]` }] });
      }
    }
  },
  async mistake(_answer, { folder }) {
    const text = await readFile(path.join(folder, lab, 'broken.md'), 'utf8');
    const expected = labFiles()[`${lab}/broken.md`]!.replace('[[gude]]', '[[guide]]');
    return text === expected ? undefined : 'broken.md does not link to the guide, or changed otherwise';
  },
};
