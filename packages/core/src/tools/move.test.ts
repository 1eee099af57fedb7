import { describe, expect, it } from 'vitest';
import { createMemoryFs } from '../vault/memory-fs.js';
import { foldersSeed } from './__fixtures__/folders-seed.js';
import { open } from './__fixtures__/open.js';

describe('Move', () => {
  it("renames a file, creating the destination's parents", async () => {
    const { fs, vault } = open(foldersSeed);
    expect(await vault.call('Move', { sourcePath: 'inbox/idea.md', destinationPath: 'projects/gamma/idea.md' })).toEqual({
      source: 'inbox/idea.md',
      destination: 'projects/gamma/idea.md',
      kind: 'file',
      dryRun: false,
      links: { rewritten: [], rewrittenTotal: 0, notesChanged: 0, notJudged: [], notJudgedTotal: 0, notes: [] },
    });
    expect(fs.toJSON()['projects/gamma/idea.md']).toBe('idea');
    expect(fs.toJSON()['inbox/idea.md']).toBeUndefined();
  });

  it('moves a folder with everything in it, like mv -T', async () => {
    const { fs, vault } = open(foldersSeed);
    await vault.call('Move', { sourcePath: 'projects', destinationPath: 'archive/projects-2026' });
    expect(fs.toJSON()).toMatchObject({ 'archive/projects-2026/alpha/plan.md': 'plan', 'archive/projects-2026/beta/': '' });
    expect(Object.keys(fs.toJSON()).some((path) => path.startsWith('projects/'))).toBe(false);
  });

  it('never replaces an existing destination', async () => {
    const { fs, vault } = open(foldersSeed);
    await expect(vault.call('Move', { sourcePath: 'inbox/idea.md', destinationPath: 'readme.txt' })).rejects.toMatchObject({ code: 'ALREADY_EXISTS' });
    await expect(vault.call('Move', { sourcePath: 'inbox/idea.md', destinationPath: 'inbox/archive/old.md' })).rejects.toMatchObject({
      code: 'ALREADY_EXISTS',
    });
    await expect(vault.call('Move', { sourcePath: 'inbox', destinationPath: 'projects' })).rejects.toMatchObject({ code: 'ALREADY_EXISTS' });
    expect(fs.toJSON()).toEqual(createMemoryFs(foldersSeed).toJSON());
  });

  it('refuses a folder into itself, a file to another extension, hidden destinations and missing sources', async () => {
    const { vault } = open(foldersSeed);
    await expect(vault.call('Move', { sourcePath: 'inbox', destinationPath: 'inbox/archive/inbox' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(vault.call('Move', { sourcePath: 'inbox/idea.md', destinationPath: 'inbox/idea.sh' })).rejects.toMatchObject({
      code: 'EXTENSION_NOT_ALLOWED',
    });
    await expect(vault.call('Move', { sourcePath: 'inbox/idea.md', destinationPath: '.trash/idea.md' })).rejects.toMatchObject({ code: 'HIDDEN_PATH' });
    await expect(vault.call('Move', { sourcePath: 'nope.md', destinationPath: 'x.md' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(vault.call('Move', { sourcePath: '', destinationPath: 'x' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
