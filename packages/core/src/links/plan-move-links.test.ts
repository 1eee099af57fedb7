import { describe, expect, it } from 'vitest';
import { createMemoryFs } from '../vault/memory-fs.js';
import { createVault } from '../vault/vault.js';
import { linkBudget } from './link-budget.js';
import { planMoveLinks } from './plan-move-links.js';

describe('planMoveLinks holds a bounded amount of notes to rewrite', () => {
  const seed = Object.fromEntries([['target.md', ''], ...Array.from({ length: 20 }, (_, index) => [`n${index}.md`, `[[target]] ${'x'.repeat(1_000)}\n`])]);

  it('keeps only the notes whose links change, with what their writes need', async () => {
    const vault = createVault(createMemoryFs({ ...seed, 'other.md': '[[elsewhere]] no link to it\n' }));
    const plan = await planMoveLinks(vault, 'target.md', 'moved.md', 'file', linkBudget(vault, new AbortController().signal));
    expect(plan.rewrites.map((rewrite) => rewrite.writePath)).toEqual(
      Object.keys(seed)
        .filter((path) => path !== 'target.md')
        .sort(),
    );
    expect(plan.rewrites.every((rewrite) => !('text' in rewrite.note) && rewrite.plan.text.startsWith('[[moved]] '))).toBe(true);
  });

  it('stops with FILE_TOO_LARGE, before anything moves, past its bound', async () => {
    const vault = createVault(createMemoryFs(seed));
    const planned = planMoveLinks(vault, 'target.md', 'moved.md', 'file', linkBudget(vault, new AbortController().signal), 10_000);
    await expect(planned).rejects.toMatchObject({ code: 'FILE_TOO_LARGE', message: expect.stringContaining('Nothing was moved. Move a smaller part') });
  });
});
