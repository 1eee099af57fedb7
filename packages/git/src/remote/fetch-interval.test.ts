import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { until, useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const read = (top: string, file: string) => readFile(path.join(top, file), 'utf8').catch(() => undefined);

describe('a server fetches on an interval, and brings the work tree and its index to what it fetched', () => {
  it.each([true, false])('a change pushed by one server is found by a search on the other right after its fetch brings it (watched: %s)', async (watch) => {
    const remote = await open({ 'a.md': 'apple\n', 'old.md': 'gone soon\n' }, 1);
    const reader = await remote.addClone({ fetchInterval: 50 }, { watch });
    // The watched index has seen the vault before the change.
    await expect(reader.vault.call('TextSearch', { query: 'apple' })).resolves.toMatchObject({ totalMatches: 1 });
    const writer = remote.clones[0]!;
    await writer.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
    await writer.vault.call('TextCreate', { filePath: 'new/b.md', content: 'quince too\n' });
    await writer.vault.call('RemoveFile', { filePath: 'old.md' });
    await until(async () => (await read(reader.top, '.trash/old.md')) !== undefined && (await read(reader.top, 'old.md')) === undefined);
    const found = await reader.vault.call('TextSearch', { query: 'quince' });
    expect(found).toMatchObject({ totalMatches: 2 });
    await expect(reader.vault.call('TextSearch', { query: 'apple' })).resolves.toMatchObject({ totalMatches: 0 });
    expect(reader.git('status', '--porcelain')).toBe('');
    expect(reader.git('rev-parse', 'HEAD')).toBe(remote.remoteGit('rev-parse', 'main'));
  });

  it("a person's uncommitted change on the fetching clone is never overwritten: kept, and said", async () => {
    const remote = await open({ 'a.md': 'apple\n', 'b.md': 'bee\n' }, 1);
    const reader = await remote.addClone({ fetchInterval: 50 });
    await writeFile(path.join(reader.top, 'a.md'), "the person's apple\n");
    const warnings: string[] = [];
    const hear = (warning: Error) => warnings.push(warning.message);
    process.on('warning', hear);
    try {
      await remote.clones[0]!.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
      await remote.clones[0]!.vault.call('TextEdit', { filePath: 'b.md', oldString: 'bee', newString: 'wasp' });
      await until(async () => (await read(reader.top, 'b.md')) === 'wasp\n');
      expect(await read(reader.top, 'a.md')).toBe("the person's apple\n");
      await until(async () => warnings.some((warning) => warning.includes('a.md changed on disk and on the remote')));
      expect(reader.git('status', '--porcelain')).toBe(' M a.md\n');
    } finally {
      process.off('warning', hear);
    }
  });
});
