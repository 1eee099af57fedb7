import { rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { createVault } from '@vault/core';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFs } from '../disk/create-node-fs.js';
import { generousBudget, searchWorker } from '../__fixtures__/warm-search-fixture.js';

// searchFiles' own rules: the time budget, symlinks. Its answers are compared with the main thread's in
// search-in-workers.test.ts, and from memory with those from disk in warm-search-matches-cold.test.ts.

describe('searchFiles: the time budget', () => {
  let vault: TempFolder;
  beforeAll(async () => {
    const seed: Record<string, string> = { 'stuck.md': `${'a'.repeat(1_000_000)}\n` };
    for (let index = 0; index < 120; index += 1) seed[`notes/${index}.md`] = 'a b\n';
    vault = await createTempFolder(seed);
  });
  afterAll(async () => {
    await vault.remove();
  });

  it('stops a regex stuck on one line with TIMEOUT, and the next search works', async () => {
    // "a.*(?=b)" on a million "a"s and no "b": a native regex backtracks for hours (RE2, which has no lookahead, cannot take it). Each search has its own budget:
    // a short one for the stuck regex, a generous one for the next search, through the same workers.
    const fs = await createNodeFs(vault.path, { searchWorker });
    await expect(createVault(fs, { searchTimeout: 500 }).call('TextSearch', { query: 'a.*(?=b)', regex: true })).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect((await createVault(fs, { searchTimeout: generousBudget }).call('TextSearch', { query: 'a b', outputMode: 'files_only' })).totalFiles).toBe(120);
  });
});

describe('searchFiles: symlinks', () => {
  it('leaves symlinked files to the main thread, which applies every rule to where they lead', async () => {
    const seed: Record<string, string> = { 'notes/target.md': 'linked hello\n', '.git/hidden.md': 'hidden hello\n' };
    for (let index = 0; index < 120; index += 1) seed[`many/${index}.md`] = 'hello\n';
    const vault = await createTempFolder(seed);
    try {
      await symlink(path.join(vault.path, 'notes/target.md'), path.join(vault.path, 'link.md'));
      await symlink(path.join(vault.path, '.git/hidden.md'), path.join(vault.path, 'to-hidden.md'));
      const search = { query: 'hello', outputMode: 'files_only', maxResults: 1000 } as const;
      const inWorkers = await createVault(await createNodeFs(vault.path, { searchWorker }), { searchTimeout: generousBudget }).call('TextSearch', search);
      const onMainThread = await createVault(await createNodeFs(vault.path, { searchWorkers: 0 }), { searchTimeout: generousBudget }).call(
        'TextSearch',
        search,
      );
      expect(inWorkers).toEqual(onMainThread);
      expect(inWorkers.files.map((file) => file.path)).toContain('link.md');
      expect(inWorkers.files.map((file) => file.path)).not.toContain('to-hidden.md');
    } finally {
      await vault.remove();
    }
  });
});

describe('searchFiles: symlinks that appear after the walk', () => {
  it('refuses to follow one, to a file outside or a hidden one, and reads nothing there', async () => {
    const outside = await createTempFolder({ 'secret.md': 'SECRET outside\n' });
    const vault = await createTempFolder({ 'notes/a.md': 'hello\n', 'notes/b.md': 'hello\n', '.git/config.md': 'SECRET hidden\n' });
    try {
      const fs = await createNodeFs(vault.path, { searchWorker });
      const request = { query: 'SECRET', regex: false, caseSensitive: true, contextLines: 0, maxShown: 10, maxFileSize: 1_000_000, timeout: generousBudget };
      // As if the walk had seen plain files there, and they were swapped for symlinks since.
      await rm(path.join(vault.path, 'notes/a.md'));
      await symlink(path.join(outside.path, 'secret.md'), path.join(vault.path, 'notes/a.md'));
      await expect(fs.searchFiles!(['notes/a.md'], request)).rejects.toMatchObject({ code: 'IO_ERROR', message: expect.stringContaining('became a symlink') });
      await rm(path.join(vault.path, 'notes'), { recursive: true });
      await symlink(path.join(vault.path, '.git'), path.join(vault.path, 'notes'));
      await expect(fs.searchFiles!(['notes/config.md'], request)).rejects.toMatchObject({ code: 'IO_ERROR' });
    } finally {
      await outside.remove();
      await vault.remove();
    }
  });

  it('still searches, with a regex too, below a folder reached through a link that stays inside the vault', async () => {
    const vault = await createTempFolder({ 'notes/a.md': 'hello there\n' });
    try {
      await symlink('notes', path.join(vault.path, 'alias'));
      const searching = createVault(await createNodeFs(vault.path, { searchWorker }), { searchTimeout: generousBudget });
      for (const regex of [false, true]) {
        const found = await searching.call('TextSearch', { query: 'hel+o', regex, directoryPath: 'alias' });
        expect(found.files.map((file) => file.path)).toEqual(regex ? ['alias/a.md'] : []);
      }
    } finally {
      await vault.remove();
    }
  });
});

describe('searchFiles: files gone since the walk', () => {
  it('passes over a file removed after it was listed, from disk and from memory, and answers with the others', async () => {
    const vault = await createTempFolder({ 'notes/a.md': 'hello\n', 'notes/b.md': 'hello\n', 'notes/c.md': 'hello\n' });
    const cold = await createNodeFs(vault.path, { searchWorker });
    const warm = await createNodeFs(vault.path, { searchWorker, searchMemory: 1024 * 1024, searchSettleTime: 0 });
    try {
      while ((await warm.warmSearch()).files < 3);
      // As if the walk had listed notes/b.md and another call removed it since.
      await rm(path.join(vault.path, 'notes/b.md'));
      const request = { query: 'hello', regex: false, caseSensitive: false, contextLines: 0, maxShown: 10, maxFileSize: 1_000_000, timeout: generousBudget };
      for (const fs of [cold, warm]) {
        const found = await fs.searchFiles!(['notes/a.md', 'notes/b.md', 'notes/c.md'], request);
        expect(found.map((file) => file.path)).toEqual(['notes/a.md', 'notes/c.md']);
      }
    } finally {
      await cold.close();
      await warm.close();
      await vault.remove();
    }
  });
});
