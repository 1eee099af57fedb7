import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A small linked folder the link tasks make in the work copy: a guide whose heading 17 notes link to, and a note with a misspelt link. */
export const lab = 'links-lab';
export const guide = `${lab}/guide.md`;
export const oldHeading = 'Installed plugins';
export const newHeading = 'Core plugins';

/** The lab's files, by path: the guide, 16 notes linking to its heading (wikilinks, an alias, a markdown link by slug, one example in a code fence), and one broken link. */
export function labFiles(): Record<string, string> {
  const files: Record<string, string> = {
    [guide]: `# Guide\n\n## ${oldHeading}\n\nTurn them on in Settings.\n\n## Usage\n\nSee [[#${oldHeading}]] first.\n`,
    [`${lab}/broken.md`]: '# Broken\n\nRead the [[gude]] before you start.\n',
  };
  for (let index = 1; index <= 15; index += 1) {
    const link =
      index % 3 === 0 ? `[the plugins](guide.md#installed-plugins)` : index % 3 === 1 ? `[[guide#${oldHeading}]]` : `[[guide#${oldHeading}|plugins]]`;
    files[`${lab}/note-${String(index).padStart(2, '0')}.md`] = `# Note ${index}\n\nSee ${link}.\n\n\`\`\`md\nAn example: [[guide#${oldHeading}]]\n\`\`\`\n`;
  }
  return files;
}

export async function writeLab(folder: string): Promise<void> {
  await mkdir(path.join(folder, lab), { recursive: true });
  for (const [file, text] of Object.entries(labFiles())) await writeFile(path.join(folder, file), text);
}
