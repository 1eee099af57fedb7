import { describe, expect, it } from 'vitest';
import { createMemoryFs } from './memory-fs.js';
import { searchFileBytes, skipReasons } from './search-file.js';
import { compileSearchPattern } from './search-pattern.js';
import { createVault } from './vault.js';
import type { VaultFs } from './vault-fs.js';

/** A vault of many files, so that TextSearch hands them to a backend's searchFiles. */
function seed() {
  const files: Record<string, string | Uint8Array> = { 'latin1.md': new Uint8Array([0x61, 0x70, 0x70, 0x6c, 0x65, 0xe9]), 'big.md': 'apple\n'.repeat(100) };
  for (let index = 0; index < 150; index += 1) {
    const lines = Array.from({ length: 12 }, (_, line) => (line % (index % 5 + 2) === 0 ? `apple ${index}.${line} Apple` : `pear ${line}`));
    files[`notes/${String(index).padStart(3, '0')}.md`] = `${lines.join(index % 2 ? '\r\n' : '\n')}\n`;
  }
  return files;
}

/** A backend whose searchFiles does what the contract asks, file by file, with searchFileBytes. */
function withSearchFiles(fs: VaultFs): VaultFs {
  return {
    ...fs,
    async searchFiles(paths, request) {
      const { matcher } = await compileSearchPattern(request.query, request.regex, { caseSensitive: request.caseSensitive });
      const found = [];
      for (const path of paths) {
        const bytes = await fs.readFile(path);
        const file = bytes.length > request.maxFileSize ? { path, skipped: skipReasons.FILE_TOO_LARGE } : searchFileBytes(path, bytes, matcher, request);
        if (file) found.push(file);
      }
      return found;
    },
  };
}

describe('TextSearch with a backend that searches files itself', () => {
  it.each([
    { query: 'apple' },
    { query: 'Apple', maxResults: 7, contextLines: 2 },
    { query: 'apple', maxResults: 3, contextLines: 5 },
    { query: '^pear [13]$', regex: true, contextLines: 1, maxResults: 40 },
    { query: 'apple', outputMode: 'files_only' as const, maxResults: 10 },
    { query: 'pear', directoryPath: 'notes', filePattern: '0[0-4]*.md' },
  ])('gives what the file-by-file search gives for %j', async (input) => {
    const plain = createVault(createMemoryFs(seed()), { maxFileSize: 500 });
    const accelerated = createVault(withSearchFiles(createMemoryFs(seed())), { maxFileSize: 500 });
    const expected = await plain.call('TextSearch', input);
    expect(expected.totalFiles).toBeGreaterThan(0);
    expect(await accelerated.call('TextSearch', input)).toEqual(expected);
  });

  it('skips files that are not UTF-8 text', () => {
    expect(searchFileBytes('a.md', new Uint8Array([0x61, 0xff]), { test: () => true, ranges: () => [] }, { contextLines: 0, maxShown: 1 })).toEqual({ path: 'a.md', skipped: 'not UTF-8 text' });
  });
});

describe('searchText, line by line', () => {
  it('searches the last line of a file without a final line break', async () => {
    const vault = createVault(createMemoryFs({ 'a.md': 'one\ntwo\nlast apple', 'b.md': 'apple\r\nnone\r\napple' }));
    const output = await vault.call('TextSearch', { query: 'apple' });
    expect(output.files.map((file) => [file.path, file.lines?.map((line) => line.number)])).toEqual([
      ['a.md', [3]],
      ['b.md', [1, 3]],
    ]);
  });

  it('shows maxResults matching lines and no more: a match inside a shown match\'s context is shown as context', async () => {
    const vault = createVault(createMemoryFs({ 'a.md': 'apple 1\napple 2\npear\napple 4\n' }));
    const output = await vault.call('TextSearch', { query: 'apple', maxResults: 1, contextLines: 1 });
    expect(output.files[0]!.lines).toEqual([
      { number: 1, text: 'apple 1', match: true, ranges: [{ start: 0, end: 5 }] },
      { number: 2, text: 'apple 2', match: false },
    ]);
    expect(output).toMatchObject({ totalMatches: 3, truncated: true });
  });
});
