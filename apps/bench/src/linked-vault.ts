import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A vault of `notes` interlinked notes for the links bench: `topic-NN/note-NNNNN.md`, 100 notes a folder. */
export const linkedNotePath = (index: number) => `topic-${String(Math.floor(index / 100)).padStart(3, '0')}/note-${String(index).padStart(5, '0')}.md`;

/**
 * Writes the vault: each note a heading, a few paragraphs and six links to other notes (wikilinks
 * by name, with a heading or an alias, an embed, relative markdown links), chosen by a fixed
 * pseudo-random sequence so every run links the same way; a code block with a link that must
 * not count. Every note gets about six links in, so a move has backlinks to rewrite.
 */
export async function writeLinkedVault(folder: string, notes: number): Promise<void> {
  // mulberry32: a small seeded generator, the same links on every run.
  let state = 12345;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) % notes;
  };
  for (let index = 0; index < notes; index += 1) {
    const own = linkedNotePath(index);
    const [a, b, c, d, e, f] = Array.from({ length: 6 }, next).map(linkedNotePath);
    const stem = (file: string) => path.posix.basename(file, '.md');
    const relative = (file: string) => path.posix.relative(path.posix.dirname(own), file);
    const text = [
      `# Note ${index}`,
      '',
      `This note follows [[${stem(a!)}]] and leads to [[${stem(b!)}#Details|the details]].`,
      `See also [the ${index + 1}th note](${relative(c!)}) and ![[${stem(d!)}]].`,
      '',
      '## Details',
      '',
      `Lorem ipsum dolor sit amet, ${'consectetur adipiscing elit, '.repeat(4)}sed do eiusmod tempor.`,
      `- [[${stem(e!)}]]`,
      `- [more](${relative(f!)}#details "title")`,
      '',
      '```',
      `[[${stem(a!)}]] stays as it is in code`,
      '```',
      '',
    ].join('\n');
    await mkdir(path.dirname(path.join(folder, own)), { recursive: true });
    await writeFile(path.join(folder, own), text);
  }
}
