import { describe, expect, it } from 'vitest';
import { createMemoryFs } from '../vault/memory-fs.js';
import { createVault } from '../vault/vault.js';
import { VaultError } from '../vault/vault-error.js';
import type { SearchFilesRequest, VaultFs } from '../vault/vault-fs.js';

/** A vault of `count` notes linking to `target.md`, and a backend search that records what it is asked and answers with `answer`. */
function vaultOf(count: number, answer: () => Promise<never[]>) {
  const seed: Record<string, string> = { 'target.md': 'the target\n' };
  for (let index = 0; index < count; index += 1) seed[`notes/${index}.md`] = 'see [[target]]\n';
  const asked: { paths: number; request: SearchFilesRequest }[] = [];
  const fs: VaultFs = {
    ...createMemoryFs(seed),
    searchFiles: (paths, request) => {
      asked.push({ paths: paths.length, request });
      return answer();
    },
  };
  return { vault: createVault(fs), asked };
}

const nothingFound = () => Promise.resolve([]);
const timedOut = () => Promise.reject(new VaultError('TIMEOUT', 'the backend ran out of time'));

describe('searchInBackend: where a search runs', () => {
  it('hands a backend many files, and any regex or long literal however few the files; a short literal in few files is searched here', async () => {
    const few = vaultOf(3, nothingFound);
    await few.vault.call('TextSearch', { query: 'target' });
    expect(few.asked).toEqual([]);
    await few.vault.call('TextSearch', { query: 'tar.et', regex: true });
    await few.vault.call('TextSearch', { query: 'x'.repeat(33) });
    expect(few.asked.map(({ paths, request }) => [paths, request.query])).toEqual([
      [4, 'tar.et'],
      [4, 'x'.repeat(33)],
    ]);
    const many = vaultOf(99, nothingFound);
    await many.vault.call('TextSearch', { query: 'target', outputMode: 'files_only' });
    expect(many.asked).toMatchObject([{ paths: 100, request: { query: 'target', regex: false, caseSensitive: false, contextLines: 0, maxShown: 0 } }]);
  });

  it("sends the link lookup's own pattern, a regex, to a backend only for many notes", async () => {
    const few = vaultOf(3, nothingFound);
    await few.vault.call('Move', { sourcePath: 'target.md', destinationPath: 'moved.md' });
    expect(few.asked).toEqual([]);
    const many = vaultOf(100, nothingFound);
    await many.vault.call('Move', { sourcePath: 'target.md', destinationPath: 'moved.md' });
    expect(many.asked).toMatchObject([{ paths: 100, request: { regex: true, caseSensitive: false, maxShown: 0 } }]);
  });

  it("turns a backend's TIMEOUT into the caller's own, naming its budget and what to do", async () => {
    const { vault } = vaultOf(100, timedOut);
    await expect(vault.call('TextSearch', { query: 'target' })).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: expect.stringContaining('The search took longer than its budget of 10000 ms'),
    });
    await expect(vault.call('Move', { sourcePath: 'target.md', destinationPath: 'moved.md' })).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: expect.stringContaining('Finding the links to update took longer than the budget of 10000 ms'),
    });
  });
});
