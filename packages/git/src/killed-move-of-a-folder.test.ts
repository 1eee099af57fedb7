import { afterEach, describe, it } from 'vitest';
import { killAtEveryChange } from './__fixtures__/kill-at-every-change.js';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse().splice(0)) await cleanup();
});

// SPEC 14: a Move with its rewritten links is all or nothing, also when the server is killed midway (decision 0018, round 13).
describe('a Move of a folder killed midway, then a restart', () => {
  it('with an ignored file in it and links into and out of it: back as it was, the ignored file too, at every change; the retry makes all of it in one commit (before: each moved note rewritten was an outside change of its own)', async () => {
    await killAtEveryChange(
      {
        seed: {
          '.gitignore': '*.log\n',
          'd/a.md': '[b](../b.md)\n',
          'd/c.md': '[e](../e.md)\n',
          'd/keep.log': 'kept\n',
          'b.md': '[[d/a]]\n',
          'e.md': '[c](d/c.md)\n',
        },
        args: { sourcePath: 'd', destinationPath: 'x/d2' },
        moved: {
          '.gitignore': '*.log\n',
          'x/d2/a.md': '[b](../../b.md)\n',
          'x/d2/c.md': '[e](../../e.md)\n',
          'x/d2/keep.log': 'kept\n',
          'b.md': '[[a]]\n',
          'e.md': '[c](c.md)\n',
        },
        changes: 5,
      },
      cleanups,
    );
  });
});
