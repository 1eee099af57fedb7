import { describe, expect, it } from 'vitest';
import { createHookedGit } from './__fixtures__/hooked-git.js';
import { useGitVaults } from './__fixtures__/open-git-vault.js';

const open = useGitVaults();

/** A hub note, a folder `f` of `count` notes each linking to the hub by a relative path and to the next, and notes outside linking into it. */
function notes(count: number): Record<string, string> {
  const seed: Record<string, string> = { 'hub.md': 'h\n' };
  for (let index = 0; index < count; index += 1) seed[`f/n${index}.md`] = `[[hub]] [[n${(index + 1) % count}]] [x](../hub.md)\n`;
  for (let index = 0; index < count; index += 1) seed[`o/r${index}.md`] = `[y](../f/n${index}.md)\n`;
  return seed;
}

/** The git processes a Move started, by command, its one commit's subject, and git status after it. */
async function moveOf(count: number, sourcePath: string, destinationPath: string) {
  const hooked = createHookedGit();
  try {
    const { vault, subjects, status, lastChanged } = await open(notes(count), { history: { gitPath: hooked.gitPath } });
    const before = hooked.steps().length;
    const moved = await vault.call('Move', { sourcePath, destinationPath });
    return { moved, steps: hooked.steps().slice(before), subjects: subjects(), status: status(), changed: lastChanged().length };
  } finally {
    hooked.remove();
  }
}

// A Move whose notes get their links rewritten starts as many git processes for 40 notes as for 4. Before, each moved note's
// rewrite was taken for an outside change (the folder it lies in was written by the call, not the note): a commit of its own,
// as "Outside the vault tools", through a private index (check-ignore, read-tree, ls-files twice, hash-object, update-index,
// write-tree: 7 processes a note, the whole index read and written each time), so a 500-note folder took 76 s against 3.8 s.
describe('the git processes of a Move do not grow with its notes', () => {
  it('a folder Move rewriting the links of every moved note and of the notes linking into it: one commit, the same processes for 4 and 24 notes', async () => {
    const few = await moveOf(4, 'f', 'g/h');
    const many = await moveOf(24, 'f', 'g/h');
    expect(many.subjects).toEqual(['Move: f -> g/h (+48 links)', 'first']);
    expect(many.changed).toBe(24 * 2 + 24);
    expect(many.status).toEqual([]);
    expect(many.steps).toEqual(few.steps);
  });

  it('a note Move rewriting the links of the notes linking to it: one commit, no git process per note, no private index', async () => {
    const few = await moveOf(4, 'hub.md', 'Hub renamed.md');
    const many = await moveOf(24, 'hub.md', 'Hub renamed.md');
    expect(many.subjects).toEqual(['Move: hub.md -> Hub renamed.md (+48 links)', 'first']);
    expect(many.status).toEqual([]);
    expect(many.steps).toEqual(few.steps);
    // The new note's path is asked of the kept check-ignore (before, it ended at once: it refuses literal pathspecs, so every
    // commit of a new file fell back to a private index).
    expect(many.steps.filter((step) => ['read-tree', 'ls-files', 'hash-object', 'update-index', 'write-tree'].includes(step))).toEqual([]);
  });
});
