import type { VaultSeed } from '@vault/core';
import { describe, expect, it } from 'vitest';
import { useTempVault } from './__fixtures__/use-temp-vault.js';

/** 1,000 characters of folders, half of them quotes (two characters each in JSON). */
const deep = `${'"'.repeat(100)}${'d'.repeat(100)}/`.repeat(5);
const seed: VaultSeed = { 'target.md': 'target\n', 'gone.md': 'gone\n' };
for (let index = 0; index < 40; index += 1) seed[`${deep}note-${index}.md`] = `[t](${'../'.repeat(5)}target.md) [g](${'../'.repeat(5)}gone.md)\n`;

const { vault } = useTempVault(seed);

/** `vtx --json --max-output 4096 ...`: what it printed, checked to be within the bound, and its parsed value. */
async function bounded(argv: string[]) {
  const { code, stdout, stderr } = await vault(['--json', '--max-output', '4096', ...argv]);
  expect(stderr).toBe('');
  expect(stdout.length).toBeLessThanOrEqual(4096 + 1);
  return { code, value: JSON.parse(stdout) };
}

describe('vtx --json within --max-output, as the text is', () => {
  it('mv rewriting 40 links in notes with 1,000-character paths: the first changes whole, the totals, a cut note', async () => {
    const { code, value } = await bounded(['mv', 'target.md', 'moved/target.md']);
    expect(code).toBe(0);
    expect(value).toMatchObject({
      source: 'target.md',
      destination: 'moved/target.md',
      kind: 'file',
      links: { rewrittenTotal: 40, notesChanged: 40, notJudgedTotal: 0 },
    });
    expect(value.links.rewritten[0]).toEqual({
      file: `${deep}note-0.md`,
      line: 1,
      before: `[t](${'../'.repeat(5)}target.md)`,
      after: `[t](${'../'.repeat(5)}moved/target.md)`,
    });
    expect(value.links.rewritten.length).toBeLessThan(40);
    expect(value.cut).toContain(`/links/rewritten: ${40 - value.links.rewritten.length} of 40 items left out`);
  });

  it('rm naming 40 linking notes: the first whole, the total, a cut note', async () => {
    const { value } = await bounded(['rm', 'gone.md']);
    expect(value).toMatchObject({ path: 'gone.md', trashPath: '.trash/gone.md', linkedFromTotal: 40 });
    expect(value.linkedFrom[0]).toBe(`${deep}note-0.md`);
    expect(value.cut).toContain('/linkedFrom: ');
  });

  it('an error naming a 3,000-character path of quotes: its code, its message cut', async () => {
    const { code, value } = await bounded(['read', `${deep.repeat(3)}missing.md`]);
    expect(code).not.toBe(0);
    expect(value.error.code).toBe('NOT_FOUND');
    expect(value.cut).toContain('/error/message: cut after');
  });
});
