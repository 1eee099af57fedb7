import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useGitVaults } from './__fixtures__/open-git-vault.js';
import { excludeTemporaries, temporaryPatterns } from './exclude-temporaries.js';
import { openRepository } from './open-repository.js';

const open = useGitVaults();

describe("the tools' temporary files, excluded in the repository", () => {
  it('git status shows no sync cookie, temp file or lock the tools leave for a moment, and a Move of their folder commits none', async () => {
    const { vault, root, status, lastChanged } = await open({ 'notes/a.md': 'a\n' }, { vaultFolder: 'vault' });
    for (const name of [
      '.vault-sync-123-0',
      'notes/.a.md.0123456789ab.tmp',
      'notes/.a.md.vault-lock',
      'notes/.a.md.vault-lock.break',
      'notes/.vault-fetch-9-1.tmp',
    ]) {
      await writeFile(path.join(root, name), '');
    }
    expect(status()).toEqual([]);
    await vault.call('Move', { sourcePath: 'notes', destinationPath: 'moved' });
    expect(lastChanged().sort()).toEqual(['A\tvault/moved/a.md', 'D\tvault/notes/a.md']);
    expect(status()).toEqual([]);
  });

  it("adds each pattern once, after the person's own lines, which it keeps", async () => {
    const { git, top } = await open({ 'a.md': 'a\n' });
    const exclude = path.resolve(top, git('rev-parse', '--git-path', 'info/exclude').trim());
    await writeFile(exclude, `mine.md\n${await readFile(exclude, 'utf8')}`);
    const repository = await openRepository(top, 'git');
    try {
      await excludeTemporaries(repository);
      await excludeTemporaries(repository);
    } finally {
      await repository.close();
    }
    const lines = (await readFile(exclude, 'utf8')).split('\n');
    expect(lines[0]).toBe('mine.md');
    for (const pattern of temporaryPatterns) expect(lines.filter((line) => line === pattern)).toHaveLength(1);
  });
});
