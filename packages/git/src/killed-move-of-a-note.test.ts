import { afterEach, describe, it } from 'vitest';
import { killAtEveryChange } from './__fixtures__/kill-at-every-change.js';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse().splice(0)) await cleanup();
});

// SPEC 14: a Move with its rewritten links is all or nothing, also when the server is killed midway (decision 0018, round 13).
describe('a Move of a note killed midway, then a restart', () => {
  it('whose links three notes and the note itself rewrite: none of it on disk, in HEAD or in the index, at every change (before: the rename alone was committed); the retry makes all of it', async () => {
    const links = { 'r1.md': '[[t]] one\n', 'r2.md': 'two [[t]]\n', 'r3.md': '[[t|three]]\n' };
    const others = { 'n/r.md': 'r\n', 'm/r.md': 'r\n' };
    await killAtEveryChange(
      {
        seed: { 't.md': 'see [r](./n/r.md)\n', ...others, ...links },
        args: { sourcePath: 't.md', destinationPath: 'sub/u.md' },
        moved: { 'sub/u.md': 'see [r](../n/r.md)\n', ...others, 'r1.md': '[[u]] one\n', 'r2.md': 'two [[u]]\n', 'r3.md': '[[u|three]]\n' },
        changes: 5,
      },
      cleanups,
    );
  });
});
