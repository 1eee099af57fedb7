import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createTempRepository, type TempRepository } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { updatePersonsIndex } from './commit-paths.js';
import { openRepository, type Repository } from './open-repository.js';

let opened: { repository: TempRepository; git: Repository }[] = [];
afterEach(async () => {
  for (const { repository, git } of opened) {
    await git.close();
    await repository.remove();
  }
  opened = [];
});

// After a commit of some paths, the person's index there holds what the commit holds: an entry at or under a committed path
// that no record names and whose file is gone from disk is removed too (the path left HEAD before the index learned it: a
// server killed between the two). The person's staged entries elsewhere, and a staged file still on disk, stay.
describe('updatePersonsIndex within the committed paths', () => {
  it.each(['written here', 'left to git (index version 4)'])('%s: the entries of files gone from disk go, the rest stays', async (how) => {
    const repository = await createTempRepository({ 't.md': 't\n', 'f/a.md': 'a\n', 'f/b.md': 'b\n', 'kept.md': 'k\n', 'other.md': 'o\n' });
    const git = await openRepository(repository.top, 'git');
    opened.push({ repository, git });
    if (how !== 'written here') repository.git('update-index', '--index-version', '4');
    await Promise.all(['t.md', 'f/a.md', 'other.md'].map((file) => rm(path.join(repository.top, file))));
    await updatePersonsIndex(git, '', ['t.md', 'f', 'kept.md']);
    expect(repository.git('ls-files')).toBe('f/b.md\nkept.md\nother.md\n');
  });
});
