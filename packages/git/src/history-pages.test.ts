import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { HistoryOutput } from '@vault/core';
import { describe, expect, it } from 'vitest';
import type { GitVault } from './__fixtures__/git-vault.js';
import { useGitVaults } from './__fixtures__/open-git-vault.js';

const open = useGitVaults();

/** 60 commits of `a.md` by the person, and one of a hidden file only in their middle. */
async function manyChanges({ root, git }: GitVault): Promise<void> {
  for (let index = 1; index <= 60; index += 1) {
    if (index === 30) {
      await writeFile(path.join(root, '.env'), 'SECRET=1\n');
      git('add', '.env');
      git('commit', '-q', '-m', 'a secret');
    }
    await writeFile(path.join(root, 'a.md'), `edit ${index}\n`);
    git('commit', '-q', '-am', `edit ${index}`);
  }
}

/** Every page of History from offset 0 on, by each answer's nextOffset. */
async function allPages({ vault }: GitVault, input: Record<string, unknown>): Promise<HistoryOutput[]> {
  const pages: HistoryOutput[] = [];
  let offset: number | undefined = 0;
  while (offset !== undefined) {
    const page: HistoryOutput = await vault.call('History', { ...input, offset });
    pages.push(page);
    offset = page.nextOffset;
  }
  return pages;
}

describe('History in pages', () => {
  it('reaches every change of the vault by nextOffset, each once, and its text names the same next offset', async () => {
    const gitVault = await open({ 'a.md': 'first\n' });
    await manyChanges(gitVault);
    const hiddenOnly = gitVault.git('log', '--format=%H', '-1', '--', '.env').trim();
    const expected = gitVault
      .git('log', '--format=%H')
      .split('\n')
      .filter((id) => id !== '' && id !== hiddenOnly);
    for (const input of [{ maxResults: 7 }, { maxResults: 7, filePath: 'a.md' }, { maxResults: 1 }]) {
      const pages = await allPages(gitVault, input);
      expect(pages.flatMap((page) => page.changes.map((change) => change.id))).toEqual(expected);
      const [first] = pages;
      expect(gitVault.vault.render('History', first!).split('\n').at(-1)).toContain(`| more: call again with offset ${first!.nextOffset} |`);
      expect(pages.at(-1)!.more).toBe(false);
    }
    expect(gitVault.vault.render('History', await gitVault.vault.call('History', { offset: 500 }))).toBe(
      '[no changes of the vault past offset 500: the list ended before it]',
    );
  });

  it('holds no more changes than its structured content fits, so both forms show the same page', async () => {
    const gitVault = await open({ 'a.md': 'first\n' }, { vaultOptions: { maxOutput: 4096 } });
    await manyChanges(gitVault);
    const pages = await allPages(gitVault, { maxResults: 500 });
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.flatMap((page) => page.changes).length).toBe(61);
    for (const page of pages) {
      expect(gitVault.vault.structure('History', page)).not.toHaveProperty('cut');
      const text = gitVault.vault.render('History', page);
      expect(text.split('\n').filter((line) => /^[0-9a-f]{12} /.test(line)).length).toBe(page.changes.length);
      expect(text).not.toContain('maxResults');
    }
  });
});
