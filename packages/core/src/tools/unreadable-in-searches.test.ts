import { describe, expect, it } from 'vitest';
import { createMemoryFs } from '../vault/memory-fs.js';
import { createVault } from '../vault/vault.js';
import { VaultError } from '../vault/vault-error.js';
import type { VaultFs } from '../vault/vault-fs.js';
import { findNotes } from './find-notes.js';
import { textSearch } from './text-search/text-search.js';

// What a backend refuses to read (a Node server's EACCES): a search of many files answers for the rest
// and names it; a file named alone answers PERMISSION_DENIED (decision 0002, round 12). The Node backend's
// own refusals, through the real server run as a user the permission bits hold: apps/mcp-server's unreadable-notes.test.ts.

const seed = {
  'a.md': '# A\napple\n',
  'b.md': '# B\napple too\n',
  'locked/c.md': '# C\napple\n',
  'locked/deeper/d.md': '# D\napple\n',
  'm.md': '# M\napple\n',
};

/** The memory backend, but `b.md` and the folder `locked` refused as a disk refuses what the server may not read. */
function refusingFs(): VaultFs {
  const inner = createMemoryFs(seed);
  const refused = (path: string) => new VaultError('PERMISSION_DENIED', `${path} is not accessible with the permissions the server runs with.`);
  return {
    ...inner,
    readFile: async (path) => (path === 'b.md' ? Promise.reject(refused(path)) : inner.readFile(path)),
    readDirectory: async (path, options) => (path === 'locked' ? Promise.reject(refused(path)) : inner.readDirectory(path, options)),
  };
}

describe('searches of many files, past what the backend may not read', () => {
  const vault = createVault(refusingFs());

  it('TextSearch: the rest found, the file and the folder named in their places by path', async () => {
    const output = await vault.call('TextSearch', { query: 'apple', outputMode: 'files_only' });
    expect(output.files.map((file) => file.path)).toEqual(['a.md', 'm.md']);
    expect([output.skipped, output.totalSkipped]).toEqual([
      [
        { path: 'b.md', reason: 'PERMISSION_DENIED' },
        { path: 'locked/', reason: 'PERMISSION_DENIED' },
      ],
      2,
    ]);
    expect(textSearch.render(output)).toBe(
      [
        'a.md: 1',
        'm.md: 1',
        "[2 matching lines in 2 files (the count after each file is its matching lines); 2 files skipped (b.md: not readable with the server's permissions, locked/: not readable with the server's permissions)]",
      ].join('\n'),
    );
    const paths = await vault.call('TextSearch', { filePattern: '*.md' });
    expect([paths.files.map((file) => file.path), paths.skipped]).toEqual([['a.md', 'b.md', 'm.md'], [{ path: 'locked/', reason: 'PERMISSION_DENIED' }]]);
  });

  it('FindNotes: the rest ranked, the file and the folder named', async () => {
    const output = await vault.call('FindNotes', { query: 'apple' });
    expect(output.notes.map((note) => note.path).sort()).toEqual(['a.md', 'm.md']);
    expect(vault.structure('FindNotes', output)).toMatchObject({
      skipped: [
        { path: 'b.md', reason: "not readable with the server's permissions" },
        { path: 'locked/', reason: "not readable with the server's permissions" },
      ],
      totalSkipped: 2,
    });
    expect(findNotes.render(output)).toMatch(/2 files skipped \(b\.md: not readable with the server's permissions, locked\/: not readable/);
  });

  it('a file or folder named alone answers PERMISSION_DENIED', async () => {
    await expect(vault.call('TextSearch', { query: 'apple', filePath: 'b.md' })).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    await expect(vault.call('TextRead', { filePath: 'b.md' })).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    await expect(vault.call('TextSearch', { query: 'apple', directoryPath: 'locked' })).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
  });
});
