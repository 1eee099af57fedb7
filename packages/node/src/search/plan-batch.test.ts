import type { Stats } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createWarmFiles } from './create-warm-files.js';
import { planBatch } from './plan-batch.js';
import { literalTrigrams } from './trigram-postings.js';

const versionOf = (ino: number, size: number) => ({ dev: 1, ino, size, mtimeMs: 0, ctimeMs: 0, isFile: () => true }) as unknown as Stats;
const paths = Array.from({ length: 1000 }, (_, index) => `notes/${String(index).padStart(4, '0')}.md`);
const textOf = (index: number) => (index % 250 === 7 ? `a needle in note ${index}\n` : `hay ${index}\n`);

/** A worker's kept files: every path but the last kept and watched, the second kept as not text. */
function keptFiles() {
  const warm = createWarmFiles(64 * 1024 * 1024, 0);
  warm.watching(true);
  for (const [index, path] of paths.slice(0, -1).entries()) {
    const text = index === 1 ? undefined : textOf(index);
    warm.keep(path, versionOf(index + 1, text?.length ?? 9), text, text?.length ?? 9, Date.now());
  }
  return warm;
}

describe('the plan of a batch', () => {
  it('while watched, looks at the candidates and the files the postings do not cover, in order, and at no other', () => {
    const warm = keptFiles();
    const batch = { paths };
    const plan = planBatch(warm, batch, literalTrigrams(['needle']), true, 1024);
    // The candidates (7, 257, 507, 757), the file kept as not text (1) and the file not kept (999).
    expect(plan.places).toEqual([1, 7, 257, 507, 757, 999]);
    expect(plan.passOver(warm.getWatched(paths[8]!)!)).toBe(true);
    expect(plan.passOver(warm.getWatched(paths[7]!)!)).toBe(false);
    expect(plan.passOver(warm.getWatched(paths[1]!)!)).toBe(false);
  });

  it('looks at a file again once it changed, and at those past the size limit', () => {
    const warm = keptFiles();
    const batch = { paths };
    planBatch(warm, batch, literalTrigrams(['needle']), true, 1024);
    warm.forget(paths[500]!);
    expect(planBatch(warm, batch, literalTrigrams(['needle']), true, 1024).places).toEqual([1, 7, 257, 500, 507, 757, 999]);
    // Every text is over 5 bytes: none is covered, every path is looked at (and answered as too large).
    expect(planBatch(warm, batch, literalTrigrams(['needle']), true, 5).places).toHaveLength(1000);
  });

  it('unwatched, or with no literal to look up, looks at every path', () => {
    const warm = keptFiles();
    expect(planBatch(warm, { paths }, literalTrigrams(['needle']), false, 1024).places).toBeUndefined();
    const plan = planBatch(warm, { paths }, literalTrigrams(['ne']), true, 1024);
    expect([plan.places, plan.passOver(warm.getWatched(paths[8]!)!)]).toEqual([undefined, false]);
  });
});
