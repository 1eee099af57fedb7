import { appendFileSync, existsSync, linkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createVault, type ToolInput, type Vault } from '@vault/core';
import { createTempFolder, type TempFolder } from '@vault/testing';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { untilWatched } from '../__fixtures__/warm-search-fixture.js';
import { createNodeFs, type NodeVaultFs } from '../disk/create-node-fs.js';

// Changes made from outside in the same turn as a FindNotes call: the watch has not heard them when the
// call begins, so only its sync point (decision 0024) makes the answer see them; an answer worked on what
// the watch kept before it would miss them (working ahead of the sync point, tried in round 11: decision 0024).

const notes = Array.from({ length: 40 }, (_, index) => `notes/${index % 4}/${String(index).padStart(2, '0')}.md`);
const words = ['alpha', 'beta', 'gamma', 'delta'];
const noteText = (index: number, word: string) => `# Note ${index}\n\n## Part\n${word} text of note ${index}\n`;

let folder: TempFolder;
let fs: NodeVaultFs;
let watched: Vault;

beforeEach(async () => {
  folder = await createTempFolder(Object.fromEntries(notes.map((note, index) => [note, noteText(index, words[index % 4]!)])));
  fs = await createNodeFs(folder.path, { searchWorkers: 0, watch: true });
  watched = createVault(fs, { searchTimeout: 300_000 });
  await untilWatched(fs);
  // The first calls read every note and pass a sync point: the watch keeps what the next calls rank.
  await watched.call('FindNotes', { query: 'alpha' });
  await watched.call('FindNotes', { query: 'alpha' });
});
afterEach(async () => {
  await fs.close();
  await folder.remove();
});

/** FindNotes on the watched backend, and on one opened now (no watch, every note read now): the same answer. */
async function findBoth(input: ToolInput<'FindNotes'>, answer: Promise<unknown>) {
  const freshFs = await createNodeFs(folder.path, { searchWorkers: 0 });
  const expected = await createVault(freshFs, { searchTimeout: 300_000 }).call('FindNotes', input);
  await freshFs.close();
  expect(await answer).toEqual(expected);
  return expected;
}

const at = (relative: string) => path.join(folder.path, relative);

describe('FindNotes right after a change made from outside, before the watch heard it', () => {
  it('finds a note written in the same turn as the call, round after round', async () => {
    for (let round = 0; round < 30; round += 1) {
      const input = { query: `fresh${round}`, maxResults: 100 };
      writeFileSync(at(`${round}.md`), `# Fresh\nfresh${round} words\n`);
      const found = await findBoth(input, watched.call('FindNotes', input));
      expect(found.notes.map((note) => note.path)).toEqual([`${round}.md`]);
    }
  });

  it('ranks a note rewritten, removed or renamed in the same turn as the call as it is now', async () => {
    writeFileSync(at(notes[1]!), noteText(1, 'zebra'));
    const rewritten = await findBoth({ query: 'zebra' }, watched.call('FindNotes', { query: 'zebra' }));
    expect(rewritten.notes.map((note) => note.path)).toEqual([notes[1]]);
    rmSync(at(notes[1]!));
    expect((await findBoth({ query: 'zebra' }, watched.call('FindNotes', { query: 'zebra' }))).totalNotes).toBe(0);
    renameSync(at(notes[2]!), at('notes/renamed.md'));
    const renamed = await findBoth({ query: 'gamma', maxResults: 100 }, watched.call('FindNotes', { query: 'gamma', maxResults: 100 }));
    expect(renamed.notes.map((note) => note.path)).toContain('notes/renamed.md');
    expect(renamed.notes.map((note) => note.path)).not.toContain(notes[2]);
  });

  it('shows a note shown before as it is now, after a rewrite of the same length (its shown text is not kept past a change)', async () => {
    const input = { query: 'text note', maxResults: 100 };
    await watched.call('FindNotes', input);
    for (const word of ['zebra', 'gamma', 'alpha']) {
      writeFileSync(at(notes[0]!), noteText(0, word));
      const found = await findBoth(input, watched.call('FindNotes', input));
      expect(found.notes.find((note) => note.path === notes[0])?.lines).toEqual([{ line: 4, text: `${word} text of note 0` }]);
    }
  });

  it('gives what a backend opened now gives, after any changes made just before each call (property)', async () => {
    const change = fc.oneof(
      fc.record({ kind: fc.constant('write' as const), note: fc.nat(notes.length - 1), word: fc.constantFrom(...words, 'zebra') }),
      fc.record({ kind: fc.constant('remove' as const), note: fc.nat(notes.length - 1) }),
      fc.record({ kind: fc.constant('rename' as const), note: fc.nat(notes.length - 1) }),
    );
    let moves = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(change, { maxLength: 3 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(...words, 'zebra'),
        async (rounds, query) => {
          for (const changes of rounds) {
            for (const step of changes) {
              const file = at(notes[step.note]!);
              if (step.kind === 'write') writeFileSync(file, noteText(step.note, step.word));
              else if (step.kind === 'remove') rmSync(file, { force: true });
              else if (existsSync(file)) {
                moves += 1;
                renameSync(file, at(`notes/moved-${moves}.md`));
              }
            }
            const input = { query, maxResults: 100 };
            await findBoth(input, watched.call('FindNotes', input));
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('ranks a note written through another name (a hard link in the vault, or outside it) as it is now', async () => {
    linkSync(at(notes[1]!), at('notes/hard.md'));
    await findBoth({ query: 'beta' }, watched.call('FindNotes', { query: 'beta' }));
    appendFileSync(at('notes/hard.md'), 'zebracorn through the other name\n');
    const found = await findBoth({ query: 'zebracorn' }, watched.call('FindNotes', { query: 'zebracorn' }));
    expect(found.notes.map((note) => note.path).sort()).toEqual(['notes/1/01.md', 'notes/hard.md']);
    // A note with a name outside the vault too, linked in: a write through the outside name sends no event at all.
    const outside = `${folder.path}-outside.md`;
    writeFileSync(outside, '# Linked in\nunicornfish\n');
    linkSync(outside, at('notes/linked-in.md'));
    const linkedIn = await findBoth({ query: 'unicornfish' }, watched.call('FindNotes', { query: 'unicornfish' }));
    expect(linkedIn.notes.map((note) => note.path)).toEqual(['notes/linked-in.md']);
    appendFileSync(outside, 'narwhal\n');
    expect((await findBoth({ query: 'narwhal' }, watched.call('FindNotes', { query: 'narwhal' }))).notes.map((note) => note.path)).toEqual([
      'notes/linked-in.md',
    ]);
    rmSync(outside);
  });
});
